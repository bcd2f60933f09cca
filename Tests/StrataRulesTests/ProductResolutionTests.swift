import Foundation
import StrataDiagnostics
import StrataProjectFormat
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// A product dependency means what the manifest names: all the targets of a local product, or
/// the product of the package it names, even where another package of the workspace has a
/// module of the same name.
@Suite struct ProductResolutionTests {
    static let catchAll = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n"

    static let multiTargetLibrary = [
        "Packages/Lib/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Lib",
            products: [.library(name: "Lib", targets: ["Lib", "Helper"])],
            targets: [.target(name: "Lib"), .target(name: "Helper")]
        )
        """,
        "Packages/Lib/Sources/Lib/Lib.swift": "public let lib = 1\n",
        "Packages/Lib/Sources/Helper/Helper.swift": "public let helper = 1\n",
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App",
            dependencies: [.package(path: "Packages/Lib")],
            targets: [.target(name: "Feature", dependencies: [.product(name: "Lib", package: "Lib")])]
        )
        """,
    ]

    @Test func aProductOfSeveralTargetsIsUsedWhenOneOfItsModulesIsImported() async throws {
        var files = Self.multiTargetLibrary
        files["Sources/Feature/Feature.swift"] = "import Lib\n"
        let workspace = try SourceWorkspace(manifest: Self.catchAll, files: files)
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
        #expect(try await workspace.findings(of: ImplicitImport()).isEmpty)
    }

    @Test func aProductOfSeveralTargetsNoneImportedIsReportedOnceByItsName() async throws {
        var files = Self.multiTargetLibrary
        files["Sources/Feature/Feature.swift"] = "import Foundation\n"
        let workspace = try SourceWorkspace(manifest: Self.catchAll, files: files)
        defer { workspace.remove() }
        let findings = try await workspace.findings(of: UnusedDependency())
        #expect(findings.count == 1)
        #expect(
            findings.first?.message
                == "'Feature' depends on product 'Lib', but none of its 1 source file imports its modules ('Lib', 'Helper')")
        #expect(findings.first?.hint?.hasPrefix("remove product 'Lib' from the dependencies of target 'Feature'") == true)
    }

    static let remoteCoreBesideLocalCore = [
        "core/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "core",
            products: [.library(name: "Core", targets: ["Core"])],
            targets: [.target(name: "Core")]
        )
        """,
        "core/Sources/Core/Core.swift": "public let local = 1\n",
        "app/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "app",
            dependencies: [.package(url: "https://example.com/vendor/core.git", from: "1.0.0")],
            targets: [.target(name: "Feature", dependencies: [.product(name: "Core", package: "core")])]
        )
        """,
        "app/Sources/Feature/Feature.swift": "import Core\n",
    ]

    static let twoPackages = "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [core, app] }\n"

    @Test func aRemoteProductNamedLikeALocalModuleIsTheOneImported() async throws {
        let workspace = try SourceWorkspace(manifest: Self.twoPackages, files: Self.remoteCoreBesideLocalCore)
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: ImplicitImport()).isEmpty)
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
        // Not resolved yet, as the check reads it: its modules are unknown, but its own name is its.
        let input = try #require(try await workspace.input(readsModules: true))
        let external = try #require(input.workspace.targets.first { $0.name == "core/Core" })
        #expect(WorkspaceSources.hasUnknownModules(external))
        #expect(ImplicitImport().check(input).isEmpty)
    }

    @Test func aResolvedRemoteProductNamedLikeALocalModuleIsUsed() async throws {
        var files = Self.remoteCoreBesideLocalCore
        files["app/.build/workspace-state.json"] = """
            {"object": {"dependencies": [{"packageRef": {"identity": "core", "kind": "remoteSourceControl", "location": "https://example.com/vendor/core.git"}, "state": {"name": "sourceControlCheckout"}, "subpath": "core"}]}, "version": 6}
            """
        files["app/.build/checkouts/core/Package.swift"] = Self.remoteCoreBesideLocalCore["core/Package.swift"]!
        files["app/.build/checkouts/core/Sources/Core/Core.swift"] = "public let remote = 1\n"
        let workspace = try SourceWorkspace(manifest: Self.twoPackages, files: files)
        defer { workspace.remove() }
        let input = try #require(try await workspace.input(readsModules: true))
        let external = try #require(input.workspace.targets.first { $0.name == "core/Core" })
        #expect(external.modules == .named(["Core"]))
        #expect(ImplicitImport().check(input).isEmpty)
        #expect(UnusedDependency().check(input).isEmpty)
    }
}
