import Foundation
import StrataDiagnostics
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@testable import StrataCheck
@testable import StrataProjectFormat

/// Real repositories have packages that are not there (generated, ignored by git, uninitialised
/// submodules) and packages that are not theirs (examples, fixtures): the check goes on, says
/// what it could not see, and reads only what it was asked to.
struct AdoptPackagesCheckTests {
    static func workspace(_ files: [String: String]) throws -> String {
        let folder = try Fixtures.temporaryFolder("strata-adopt-packages")
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let generatedPackage = [
        "strata.yml": "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n",
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App",
            dependencies: [.package(path: "Generated/API")],
            targets: [.target(name: "Feature", dependencies: [.product(name: "API", package: "API")])]
        )
        """,
        "Sources/Feature/Feature.swift": "import API\n",
    ]

    @Test func aPathDependencyWithoutAPackageIsAWarningAtItsLine() async throws {
        let folder = try Self.workspace(Self.generatedPackage)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false))
        #expect(!report.inputFailed)
        #expect(report.diagnostics.map(\.id) == ["missing-path-package"])
        let warning = try #require(report.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.path == folder + "/Package.swift")
        #expect(warning.location?.line == 5)
        #expect(warning.message.contains("'Generated/API', which has no Package.swift"))
        // Its product is a node whose modules are unknown: the import is not reported.
        #expect(report.findings.isEmpty)
    }

    @Test func strictMakesTheWarningAnInputError() async throws {
        let folder = try Self.workspace(Self.generatedPackage)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false), strict: true)
        #expect(report.inputFailed)
        #expect(report.diagnostics.map(\.id) == ["missing-path-package"])
        #expect(report.diagnostics.first?.severity == .error)
    }

    static func examplePackage(_ name: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "\(name)", targets: [.executableTarget(name: "Demo")])
        """
    }

    static let examples = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Lib", targets: [.target(name: "Lib")])
        """,
        "Sources/Lib/Lib.swift": "public let lib = 1\n",
        "Examples/First/Package.swift": examplePackage("First"),
        "Examples/First/Sources/Demo/main.swift": "print(1)\n",
        "Examples/Second/Package.swift": examplePackage("Second"),
        "Examples/Second/Sources/Demo/main.swift": "print(2)\n",
    ]

    @Test func twoPackagesWithOneTargetNameSayHowToLeaveOneOut() async throws {
        var files = Self.examples
        files["strata.yml"] = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [., \"Examples/*\"] }\n"
        let folder = try Self.workspace(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false))
        #expect(report.inputFailed)
        let error = try #require(report.diagnostics.first { $0.id == "duplicate-target" })
        #expect(error.hint?.contains("'adopt: { exclude: [\"Examples/Second\"] }'") == true)
    }

    @Test func excludedFoldersAreNotRead() async throws {
        var files = Self.examples
        files["strata.yml"] = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [., \"Examples/*\"], exclude: [\"Examples/**\"] }\n"
        let folder = try Self.workspace(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false))
        #expect(!report.inputFailed)
        #expect(report.diagnostics.isEmpty)
        #expect(report.workspace?.targets.map(\.name) == ["Lib"])
    }

    @Test func aPathDependencyIntoAnExcludedFolderIsNotFollowed() async throws {
        var files = Self.generatedPackage
        files["strata.yml"] = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { exclude: [Generated] }\n"
        files["Generated/API/Package.swift"] = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "API", products: [.library(name: "API", targets: ["API"])], targets: [.target(name: "API")])
            """
        let folder = try Self.workspace(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false))
        #expect(!report.inputFailed)
        #expect(report.diagnostics.isEmpty)
        let workspace = try #require(report.workspace)
        #expect(workspace.targets.map(\.name) == ["Feature", "api/API"])
        #expect(workspace.targets[workspace.index["api/API"]!].modules == .unknown(reason: "'Generated/API' is left out by adopt.exclude 'Generated'"))
    }
}
