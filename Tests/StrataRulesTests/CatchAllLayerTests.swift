import Foundation
import StrataDiagnostics
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// The first run of an adoption: one catch-all layer.
@Suite struct CatchAllLayerTests {
    @Test func sameLayerFindingsInACatchAllLayerSayHowToSeeTheRestFirst() async throws {
        let workspace = try SourceWorkspace(
            manifest: "layers:\n  - { name: app, patterns: [\"*\"] }\nadopt: {}\n",
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B")])
                """,
                "Sources/A/A.swift": "import B\n", "Sources/B/B.swift": "",
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: SameLayer())
        #expect(found.count == 1)
        #expect(
            found.first?.hint?.hasSuffix(
                "while layer 'app' catches every module, 'same-layer: allowed' on it shows the graph and the import findings first") == true)
    }
}
