import Foundation
import StrataDiagnostics
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `moduleAliases:` on a product dependency and `-module-alias` flags rename what a target imports.
@Suite struct ModuleAliasTests {
    static let packages = [
        "Packages/Utils/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Utils",
            products: [.library(name: "Utils", targets: ["Utils"])],
            targets: [.target(name: "Utils")]
        )
        """,
        "Packages/Utils/Sources/Utils/Utils.swift": "public let utils = 1\n",
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App",
            dependencies: [.package(path: "Packages/Utils")],
            targets: [
                .target(name: "Feature", dependencies: [.product(name: "Utils", package: "Utils", moduleAliases: ["Utils": "FooUtils"])]),
                .target(name: "Plain", dependencies: [.product(name: "Utils", package: "Utils")]),
            ]
        )
        """,
    ]

    @Test func aProductImportedByItsAliasIsUsedAndDeclared() async throws {
        var files = Self.packages
        files["Sources/Feature/Feature.swift"] = "import FooUtils\n"
        files["Sources/Plain/Plain.swift"] = "import Utils\n"
        let workspace = try SourceWorkspace(
            manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n", files: files)
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
        #expect(try await workspace.findings(of: ImplicitImport()).isEmpty)
    }
}
