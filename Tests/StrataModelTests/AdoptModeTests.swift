import Foundation
import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct AdoptModeTests {
    private func target(_ workspace: Workspace, _ name: String) throws -> Target {
        try #require(workspace.index[name].map { workspace.targets[$0] }, "no target \(name)")
    }

    private func edges(_ workspace: Workspace, from name: String) -> [String] {
        workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }.sorted()
    }

    @Test func localPackagesAreReadWithTheirProductsAndPathDependencies() async throws {
        let loaded = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/LocalPackages"))
        let workspace = loaded.workspace
        #expect(loaded.packageReports.count == 4)
        #expect(loaded.packageReports.allSatisfy { $0.method == .static })
        #expect(try target(workspace, "NetworkInterface").role == .interface)
        #expect(try target(workspace, "NetworkInterface").module == "Network")
        #expect(try target(workspace, "NetworkMocks").role == .mocks)
        #expect(try target(workspace, "SuitTests").role == .tests)
        #expect(try target(workspace, "Cosmonaut").role == .app)
        #expect(edges(workspace, from: "Suit") == ["Logging", "NetworkInterface"])
        #expect(edges(workspace, from: "Cosmonaut") == ["Network", "Suit"])
        #expect(workspace.layerName(of: workspace.index["NetworkMocks"]!) == "core")
    }

    @Test func executablesAreAppsAndHostsAreMarked() async throws {
        let workspace = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/RootPackage")).workspace
        #expect(try target(workspace, "ShopApp").role == .app)
        #expect(try target(workspace, "SearchHost").isTestHost)
        #expect(try target(workspace, "Network").linkage == .dynamic)
        #expect(try target(workspace, "Storage").linkage == .static)
        #expect(edges(workspace, from: "SearchFeature") == ["CatalogServiceInterface", "Logging", "swift-collections/OrderedCollections"])
        #expect(try target(workspace, "swift-collections/OrderedCollections").role == .external)
    }

    @Test func aCatchAllPatternDoesNotPullAnAppIntoALayer() async throws {
        let workspace = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/DynamicManifest")).workspace
        #expect(try target(workspace, "App").role == .app)
        #expect(try target(workspace, "Core").layer == LayerID(1))
    }

    @Test func theFallbackSaysWhyAManifestWasEvaluated() async throws {
        let loaded = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/DynamicManifest"))
        let report = try #require(loaded.packageReports.first)
        #expect(report.method == .dumpPackage)
        #expect(report.reason?.contains("a statement starting with 'for'") == true)
        #expect(report.reason?.contains("(line 9)") == true)
    }

    @Test func testOnlyLibrariesAreRecognisedByAnyOfSeveralTemplates() async throws {
        let manifest = """
            layers:
              - { name: core, patterns: ["*"] }
            naming:
              mocks: ["{module}Mocks", "{module}TestSupport", "{module}Testing"]
              tests: ["{module}Tests", "{module}IntegrationTests"]
            adopt: {}

            """
        let folder = try workspace([
            "strata.yml": manifest,
            "Package.swift": """
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Network"), .target(name: "NetworkMocks", dependencies: ["Network"]),
                .target(name: "NetworkTestSupport", dependencies: ["Network"]), .target(name: "NetworkTesting"),
                .target(name: "SharedTesting"),
                .testTarget(name: "NetworkIntegrationTests", dependencies: ["Network", "NetworkTestSupport"]),
            ])
            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try await WorkspaceLoader().load(path: folder).workspace
        for name in ["NetworkMocks", "NetworkTestSupport", "NetworkTesting"] {
            #expect(try target(loaded, name).role == .mocks, "\(name)")
            #expect(try target(loaded, name).module == "Network", "\(name)")
        }
        // No module 'Shared': a test-only library of its own.
        #expect(try target(loaded, "SharedTesting").role == .mocks)
        #expect(try target(loaded, "SharedTesting").module == "SharedTesting")
        #expect(try target(loaded, "NetworkIntegrationTests").module == "Network")
    }

    @Test func namingTemplatesInAListAreEachChecked() async throws {
        let problems = try await errors([
            "strata.yml": "layers: [core]\nnaming: { mocks: [\"{module}Mocks\", \"Testing\"], tests: [] }\nadopt: {}\n",
            "Package.swift": "import PackageDescription\nlet package = Package(name: \"P\", targets: [])\n",
        ])
        #expect(problems.map(\.id) == ["invalid-value", "invalid-value"])
        #expect(problems.map(\.message).contains("'naming.mocks' must contain '{module}' exactly once, plus a prefix or suffix"))
        #expect(problems.map(\.message).contains("'naming.tests' is an empty list"))
    }

    // MARK: - Bad input

    private func workspace(_ files: [String: String]) throws -> String {
        let folder = try Fixtures.temporaryFolder("adopt")
        for (relative, written) in files {
            // Every Package.swift starts with the tools-version line SwiftPM requires.
            let needsHeader = relative.hasSuffix("Package.swift") && !written.hasPrefix("// swift-tools-version")
            let text = needsHeader ? "// swift-tools-version: 5.9\n" + written : written
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func errors(_ files: [String: String]) async throws -> [Diagnostic] {
        let folder = try workspace(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try await WorkspaceLoader().load(path: folder)
            return []
        } catch {
            return error.diagnostics
        }
    }

    static let manifest = "layers:\n  - { name: core, patterns: [\"*\"] }\nadopt: {}\n"

    @Test func aWorkspaceWithoutAnyPackageSwiftIsReported() async throws {
        let found = try await errors(["strata.yml": Self.manifest])
        #expect(found.map(\.id) == ["missing-package"])
        #expect(found.first?.message == "adopt mode found no Package.swift (looked in: ., Packages/*)")
        #expect(found.first?.location?.line == 3)
    }

    @Test func anUnknownProductOfALocalPackageSuggestsTheRightOne() async throws {
        let found = try await errors([
            "strata.yml": Self.manifest,
            "Packages/A/Package.swift":
                #"let package = Package(name: "A", products: [.library(name: "AKit", targets: ["A"])], targets: [.target(name: "A")])"#,
            "Packages/B/Package.swift":
                #"let package = Package(name: "B", dependencies: [.package(path: "../A")], targets: [.target(name: "B", dependencies: [.product(name: "Akit", package: "A")])])"#,
        ])
        #expect(found.map(\.id) == ["unknown-dependency"])
        #expect(found.first?.hint == "did you mean 'AKit'?")
        #expect(found.first?.location?.path.hasSuffix("Packages/B/Package.swift") == true)
    }

    @Test func theSameTargetNameInTwoPackagesIsReported() async throws {
        let found = try await errors([
            "strata.yml": Self.manifest,
            "Packages/A/Package.swift": #"let package = Package(name: "A", targets: [.target(name: "Shared")])"#,
            "Packages/B/Package.swift": #"let package = Package(name: "B", targets: [.target(name: "Shared")])"#,
        ])
        #expect(found.map(\.id) == ["duplicate-target"])
    }

    /// Generated or ignored packages and uninitialised submodules are common: the load goes on
    /// and says so at the line (`strata check --strict` makes it an error).
    @Test func aPathDependencyWithoutAPackageIsAWarningAtItsLine() async throws {
        let folder = try workspace([
            "strata.yml": Self.manifest,
            "Package.swift": #"let package = Package(name: "R", dependencies: [.package(path: "../Missing")], targets: [.target(name: "X")])"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let found = try await WorkspaceLoader().load(path: folder).diagnostics
        #expect(found.map(\.id) == ["missing-path-package"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.hasPrefix("'R' depends on the package at '../Missing', which has no Package.swift") == true)
        #expect(found.first?.location?.line == 2)
    }

    @Test func aToolsVersionNewerThanTheToolchainIsReportedAsSwiftPMWould() async throws {
        let found = try await errors([
            "strata.yml": Self.manifest,
            "Package.swift": "// swift-tools-version: 99.0\n" + #"let package = Package(name: "R", targets: [.target(name: "X")])"#,
        ])
        #expect(found.map(\.id) == ["package-evaluation"])
        #expect(found.first?.message.contains("99.0") == true, "\(found)")
    }

    @Test func targetsBuiltByHelperCodeArePlacedWhereTheirNameIsWrittenNeverNowhere() async throws {
        let folder = try workspace([
            "strata.yml": Self.manifest,
            "Package.swift": """
            import PackageDescription
            let features = ["Feed", "Search"]
            let base = "Core"
            let package = Package(
                name: "Helpers",
                targets: features.map { .target(name: $0, dependencies: [.target(name: "\\(base)Kit")]) } + [.target(name: "\\(base)Kit")]
            )
            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = try await WorkspaceLoader().load(path: folder).workspace
        let feed = try target(workspace, "Feed")
        // Line 1 is the tools-version line the helper adds; the literal "Feed" is on line 3.
        #expect(feed.location == SourceLocation(path: folder + "/Package.swift", line: 3, column: 17))
        #expect(workspace.dependencies[workspace.index["Feed"]!].allSatisfy { $0.location == feed.location })
        // A name that is written nowhere whole is placed at the manifest: never without a file.
        #expect(try target(workspace, "CoreKit").location == .file(folder + "/Package.swift"))
    }

    @Test func aProductFromAPackageThatIsNotADependencyIsReported() async throws {
        let found = try await errors([
            "strata.yml": Self.manifest,
            "Package.swift":
                #"let package = Package(name: "R", targets: [.target(name: "X", dependencies: [.product(name: "Logging", package: "swift-log")])])"#,
        ])
        #expect(found.first?.message == "'X' uses product 'Logging' of package 'swift-log', which package 'R' does not depend on")
    }

    @Test func modulesAndAdoptCannotBeMixed() async {
        let errors = await InlineWorkspace.inputErrors("layers: [core]\nadopt: {}\nmodules: { A: { layer: core } }\n")
        #expect(errors.map(\.id) == ["conflicting-sections"])
    }
}
