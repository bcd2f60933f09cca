import Foundation
import StrataDiagnostics
import StrataManifest
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct UnusedDependencyTests {
    static let manifest =
        sourceHeader + """
            modules:
              Logging: { layer: shared }
              Radio: { layer: core, interface: true }
              Network: { layer: core, interface: true, dependencies: [Logging, RadioCore] }
            """

    @Test func aDependencyNoSourceImportsIsWarnedAtItsDeclaration() async throws {
        let manifest = MarkedText(Self.manifest.replacingOccurrences(of: "[Logging, RadioCore]", with: "[Logging, 1️⃣RadioCore]"))
        let workspace = try SourceWorkspace(manifest: manifest.text, files: ["Sources/Network/Network.swift": "import Logging\n"])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: UnusedDependency())
        #expect(found.map(\.message) == ["'Network' depends on 'RadioCore', but none of its 1 source file imports it"])
        #expect(found.first?.location?.line == manifest.position("1️⃣").line)
        #expect(found.first?.location?.column == manifest.position("1️⃣").column)
        #expect(UnusedDependency().defaultSeverity == .warning)
    }

    @Test func importsInAnyBranchAndThroughReExportsCount() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/Network/Network.swift": "#if os(Windows)\nimport Logging\n#endif\nimport Radio\n",
                "Sources/RadioCore/Exports.swift": "@_exported import Radio\n",
            ])
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: UnusedDependency(), platform: .linux).isEmpty)
    }

    @Test func targetsWithoutSourcesAndConventionalEdgesAreNotChecked() async throws {
        let workspace = try SourceWorkspace(manifest: Self.manifest, files: ["Sources/Radio/Radio.swift": "struct Radio {}\n"])
        defer { workspace.remove() }
        // Radio's own edge to RadioCore is added by convention; Network has no sources here.
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
    }

    /// UI tests launch the app they depend on; they never import it.
    @Test func aTestBundlesDependencyOnTheAppItTestsIsNotUnused() async throws {
        let files = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                targets: [
                    .target(name: "Logging"),
                    .executableTarget(name: "App", dependencies: ["Logging"]),
                    .testTarget(name: "AppUITests", dependencies: ["App", "Logging"]),
                ]
            )
            """,
            "Sources/Logging/Logging.swift": "public let logging = 1\n",
            "Sources/App/main.swift": "import Logging\n",
            "Tests/AppUITests/LaunchTests.swift": "import XCTest\n",
        ]
        let workspace = try SourceWorkspace(manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n", files: files)
        defer { workspace.remove() }
        // The app is not reported; a library the bundle never imports still is.
        #expect(
            try await workspace.findings(of: UnusedDependency()).map(\.message) == [
                "'AppUITests' depends on 'Logging', but none of its 1 source file imports it"
            ])
    }
}
