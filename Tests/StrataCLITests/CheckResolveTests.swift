import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata check --resolve`: packages SwiftPM has not resolved leave their imports unchecked
/// (a fresh CI checkout); with --resolve the real `swift package resolve` runs first, and the
/// import rules see their products' modules.
@Suite struct CheckResolveTests {
    static func workspace(url: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("strata-resolve")
        let files = [
            "strata.yml": "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n",
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(url: "\(url)", from: "1.5.0")],
                targets: [
                    .target(name: "Feature", dependencies: [.product(name: "Logging", package: "swift-log")]),
                    .target(name: "Other"),
                ]
            )
            """,
            "Sources/Feature/Feature.swift": "import Logging\n",
            "Sources/Other/Other.swift": "import Logging\n",
        ]
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func resolvingFirstChecksTheImportsOfResolvedPackages() async throws {
        let folder = try Self.workspace(url: "https://github.com/apple/swift-log")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unresolved = try await StrataBinary.run(["check"], in: folder)
        #expect(unresolved.status == 0, "\(unresolved.stdout)\(unresolved.stderr)")
        #expect(unresolved.stdout.contains("[unknown-modules] package 'swift-log' is not resolved"))

        // The last check's findings are not reused: they could not see into swift-log.
        let resolved = try await StrataBinary.run(["check", "--resolve"], in: folder)
        #expect(resolved.status == 1, "\(resolved.stdout)\(resolved.stderr)")
        #expect(resolved.stdout.contains("Sources/Other/Other.swift:1:8: error: [implicit-import] 'Other' imports 'Logging'"))
        #expect(!resolved.stdout.contains("unknown-modules"))
        #expect(FileManager.default.fileExists(atPath: folder + "/.build/workspace-state.json"))
    }

    @Test func aPackageThatCannotBeResolvedIsAWarning() async throws {
        let folder = try Self.workspace(url: "https://github.com/strata-tests/swift-log")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await StrataBinary.run(["check", "--resolve"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("warning: [resolve-failed] 'swift package resolve' in 'the workspace folder' failed:"), "\(result.stdout)")
        #expect(result.stdout.contains("[unknown-modules]"))
    }

    static func write(_ files: [String: String], in folder: String) throws {
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// A checked-out swift-log as SwiftPM or Xcode leaves it: its state file and its manifest.
    static func checkout(under folder: String) -> [String: String] {
        [
            "\(folder)/workspace-state.json": """
            {"object": {"dependencies": [{"packageRef": {"identity": "swift-log", "kind": "remoteSourceControl", "location": "https://github.com/apple/swift-log"}, "state": {"name": "sourceControlCheckout"}, "subpath": "swift-log"}]}, "version": 6}
            """,
            "\(folder)/checkouts/swift-log/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "swift-log", products: [.library(name: "Logging", targets: ["Logging"])], targets: [.target(name: "Logging")])
            """,
        ]
    }

    /// Xcode keeps what it resolved in DerivedData, in a folder whose info.plist names the project.
    @Test func packagesXcodeResolvedAreRead() async throws {
        let folder = try Self.workspace(url: "https://github.com/apple/swift-log")
        let derivedData = try Fixtures.temporaryFolder("strata-derived-data")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: derivedData)
        }
        var files = Self.checkout(under: "App-abcdef/SourcePackages")
        files["App-abcdef/info.plist"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>WorkspacePath</key><string>\(folder)/App.xcodeproj</string></dict></plist>
            """
        files["Other-123456/info.plist"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>WorkspacePath</key><string>/elsewhere/Other.xcodeproj</string></dict></plist>
            """
        try Self.write(files, in: derivedData)
        let result = try await StrataBinary.run(["check"], in: folder, environment: ["STRATA_DERIVED_DATA": derivedData])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("unknown-modules"))
        #expect(result.stdout.contains("[implicit-import] 'Other' imports 'Logging'"))
    }

    /// A package resolved by another package of the workspace is not "not resolved".
    @Test func aPackageAnotherPackageResolvedIsKnown() async throws {
        let folder = try Fixtures.temporaryFolder("strata-resolved-elsewhere")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func manifest(_ name: String) -> String {
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "\(name)",
                dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.5.0")],
                targets: [.target(name: "\(name)", dependencies: [.product(name: "Logging", package: "swift-log")])]
            )
            """
        }
        var files = Self.checkout(under: "Packages/B/.build")  // B resolved it; A, read first, did not
        files["strata.yml"] = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [\"Packages/*\"] }\n"
        files["Packages/A/Package.swift"] = manifest("A")
        files["Packages/A/Sources/A/A.swift"] = "import Logging\n"
        files["Packages/B/Package.swift"] = manifest("B")
        files["Packages/B/Sources/B/B.swift"] = "import Logging\n"
        try Self.write(files, in: folder)
        let result = try await StrataBinary.run(["check"], in: folder, environment: ["STRATA_DERIVED_DATA": folder + "/none"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("unknown-modules"), "\(result.stdout)")
    }
}
