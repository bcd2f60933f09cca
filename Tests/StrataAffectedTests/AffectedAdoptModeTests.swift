import Foundation
import StrataAffected
import StrataWorkspaceTestSupport
import Testing

/// Scripted histories on an adopt-mode workspace of two packages, Core and Feature (which
/// depends on Core by path): package manifests are read at both revisions from git.
@Suite struct AffectedAdoptModeTests {
    static let manifest = """
        layers:
          - { name: feature, patterns: ["Feature*", "Search*"] }
          - { name: core, patterns: ["*"] }
        adopt: { packages: ["Packages/*"] }

        """

    static func package(_ name: String, dependsOn other: String?) -> String {
        let dependency = other.map { "\n    dependencies: [.package(path: \"../\($0)\")]," } ?? ""
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],\(dependency)
                targets: [
                    .target(name: "\(name)", dependencies: [\(other.map { ".product(name: \"\($0)\", package: \"\($0.lowercased())\")" } ?? "")]),
                    .testTarget(name: "\(name)Tests", dependencies: ["\(name)"]),
                ]
            )

            """
    }

    static var files: [String: String] {
        [
            "Packages/Core/Package.swift": package("Core", dependsOn: nil),
            "Packages/Core/Sources/Core/Core.swift": "public struct Core {}\n",
            "Packages/Core/Tests/CoreTests/CoreTests.swift": "import Core\n",
            "Packages/Feature/Package.swift": package("Feature", dependsOn: "Core"),
            "Packages/Feature/Sources/Feature/Feature.swift": "import Core\n",
            "Packages/Feature/Tests/FeatureTests/FeatureTests.swift": "import Feature\n",
        ]
    }

    let history: GitHistory
    let base: String

    init() async throws {
        history = try await GitHistory(manifest: Self.manifest, files: Self.files, label: "strata-affected-adopt")
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theGraphIsReadFromThePackages() async throws {
        try history.append("Packages/Core/Sources/Core/Core.swift")
        try await history.commit("edit Core")
        #expect(try await history.affectedNames(base: base) == ["Core", "CoreTests", "Feature", "FeatureTests"])
    }

    @Test func aPackageWideChangeAffectsItsPackagesTargetsAndTheirDependents() async throws {
        try history.edit("Packages/Core/Package.swift", replacing: "name: \"Core\",\n", with: "name: \"Core\",\n    platforms: [.macOS(.v14)],\n")
        try await history.commit("Core for macOS 14")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Core", "CoreTests", "Feature", "FeatureTests"])
        let core = try #require(report.analysis.affected.first { $0.name == "Core" })
        #expect(core.reason.cause == .declaration("Packages/Core/Package.swift changed (a declaration every target shares changed), and Core is one of its targets"))
    }

    @Test func aDependentPackagesManifestAffectsOnlyThatPackage() async throws {
        try history.edit("Packages/Feature/Package.swift", replacing: "name: \"Feature\",\n", with: "name: \"Feature\",\n    platforms: [.iOS(.v17)],\n")
        try await history.commit("Feature for iOS 17")
        #expect(try await history.affectedNames(base: base) == ["Feature", "FeatureTests"])
    }

    /// Issue 44: a comment, a trailing comma or a new setting of one target affected all of a
    /// package's targets; the two versions are now compared declaration by declaration.
    @Test func aCommentInAPackageSwiftAffectsNothing() async throws {
        try history.append("Packages/Core/Package.swift", "// who owns this package\n")
        try await history.commit("comment")
        #expect(try await history.affectedNames(base: base).isEmpty)
    }

    @Test func aSettingOfOneTargetAffectsThatTargetAndItsDependents() async throws {
        try history.edit(
            "Packages/Core/Package.swift", replacing: ".testTarget(name: \"CoreTests\", dependencies: [\"Core\"])",
            with: ".testTarget(name: \"CoreTests\", dependencies: [\"Core\"], swiftSettings: [.define(\"SLOW\")])")
        try await history.commit("CoreTests: SLOW")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["CoreTests"])
        #expect(report.analysis.affected.first?.reason.cause == .declaration("Packages/Core/Package.swift changed the declaration of CoreTests"))
    }

    /// A link that becomes dynamic changes how the dependent links, though it depends on the same
    /// target: the dependent's own declaration says so.
    @Test func aProductMadeDynamicChangesHowItsDependentsLink() async throws {
        let dynamic = Self.package("Core", dependsOn: nil).replacingOccurrences(
            of: ".library(name: \"Core\", targets:", with: ".library(name: \"Core\", type: .dynamic, targets:")
        try history.write("Packages/Core/Package.swift", dynamic)
        try await history.commit("Core as a dynamic library")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Core", "CoreTests", "Feature", "FeatureTests"])
        let feature = try #require(report.analysis.affected.first { $0.name == "Feature" })
        #expect(
            feature.reason.cause
                == .declaration("Feature: depends on Core (through dynamic library Core) now; no longer depends on Core"))
    }

    @Test func movingSourcesBetweenSwiftPMsFoldersIsSeenInBothGraphs() async throws {
        try await history.move("Packages/Core/Sources/Core/Core.swift", to: "Packages/Core/Source/Core/Core.swift")
        try await history.commit("Sources → Source")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Core", "CoreTests", "Feature", "FeatureTests"])
        // Both manifests are plain declarations, so no folder can change either graph.
        #expect(report.baseGraph.hasPrefix("the head graph"))
    }

    /// A manifest that declares a target per folder of `Sources`: only evaluating it at each
    /// revision, in a copy of that revision's files, says which targets there were.
    static let folderListingManifest = """
        // swift-tools-version: 6.0
        import Foundation
        import PackageDescription

        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let package = Package(
            name: "Listed",
            targets: names.map { Target.target(name: $0) }
                + [.testTarget(name: "ListedTests", dependencies: names.map { Target.Dependency.target(name: $0) })]
        )

        """

    @Test func aManifestThatListsItsFoldersIsEvaluatedAtEachRevision() async throws {
        let history = try await GitHistory(
            manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n",
            files: [
                "Package.swift": Self.folderListingManifest, "Sources/A/A.swift": "public let a = 1\n", "Sources/B/B.swift": "public let b = 1\n",
                "Tests/ListedTests/ListedTests.swift": "import A\n",
            ], label: "strata-affected-listed")
        let first = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try await history.delete("Sources/B/B.swift")
        let second = try await history.commit("B goes: the manifest now declares only A")
        try history.write("Sources/C/C.swift", "public let c = 1\n")
        let third = try await history.commit("C comes")

        // Deleting B's only file removes the target B, so ListedTests no longer depends on it.
        let removed = try await history.affected(base: first, head: second)
        #expect(Set(removed.analysis.affected.map(\.name)) == ["ListedTests"])
        #expect(removed.baseGraph.hasPrefix("read at"))
        #expect(try await history.affectedNames(base: second, head: third) == ["C", "ListedTests"])
        #expect(try await history.affectedNames(base: first, head: third) == ["C", "ListedTests"])
        // The head as a clean checkout of HEAD gives the same answer as naming the commit.
        #expect(try await history.affectedNames(base: second) == ["C", "ListedTests"])
    }

    @Test func theGraphAtEachRevisionIsReadFromTheManifestSwiftPMChooses() async throws {
        // Tools 6.1 in Package@swift-6.1.swift beats Package.swift's 6.0 on this toolchain: its
        // new target is in the head's graph, so it is affected, though Package.swift never changed.
        let versioned = Self.package("Core", dependsOn: nil)
            .replacingOccurrences(of: "swift-tools-version: 6.0", with: "swift-tools-version: 6.1")
            .replacingOccurrences(of: "targets: [\n", with: "targets: [\n        .target(name: \"CoreExtras\"),\n")
        try history.write("Packages/Core/Package@swift-6.1.swift", versioned)
        try history.write("Packages/Core/Sources/CoreExtras/Extras.swift", "public let extras = 1\n")
        try await history.commit("a version-specific manifest for Core")
        let affected = try await history.affectedNames(base: base)
        #expect(affected.contains("CoreExtras"))
    }

    @Test func productsOfOutsidePackagesCarryAChangeButAreListedOnlyWhenAsked() async throws {
        // Core starts using a product of a package outside the workspace: a new external node.
        let manifest = Self.package("Core", dependsOn: nil)
            .replacingOccurrences(
                of: "    targets: [", with: "    dependencies: [.package(url: \"https://github.com/apple/swift-log\", from: \"1.0.0\")],\n    targets: [")
            .replacingOccurrences(
                of: ".target(name: \"Core\", dependencies: [])",
                with: ".target(name: \"Core\", dependencies: [.product(name: \"Logging\", package: \"swift-log\")])")
        try history.write("Packages/Core/Package.swift", manifest)
        try await history.commit("Core logs")
        let report = try await history.affected(base: base)
        let names = Set(report.analysis.affected.map(\.name))
        #expect(names == ["Core", "CoreTests", "Feature", "FeatureTests"])
        #expect(report.countedTargets == 4)
        let withExternal = try await AffectedQuery(path: history.root, base: base, includeExternal: true).run()
        #expect(Set(withExternal.analysis.affected.map(\.name)) == names.union(["swift-log/Logging"]))
        #expect(withExternal.countedTargets == 5)
    }

    @Test func excludedFilesAndResourcesInATargetsFolderAreItsInputs() async throws {
        // CoreTests reads snapshot references it excludes from compilation, and a resource.
        let manifest = Self.package("Core", dependsOn: nil)
            .replacingOccurrences(
                of: ".testTarget(name: \"CoreTests\", dependencies: [\"Core\"])",
                with: ".testTarget(name: \"CoreTests\", dependencies: [\"Core\"], exclude: [\"__Snapshots__\"], resources: [.copy(\"Fixtures\")])")
        try history.write("Packages/Core/Package.swift", manifest)
        try history.write("Packages/Core/Tests/CoreTests/__Snapshots__/CoreTests/testLayout.1.txt", "layout\n")
        try history.write("Packages/Core/Tests/CoreTests/Fixtures/input.json", "{}\n")
        try await history.commit("snapshots and fixtures")
        let before = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)

        try history.append("Packages/Core/Tests/CoreTests/__Snapshots__/CoreTests/testLayout.1.txt", "changed\n")
        try await history.commit("a new reference image")
        #expect(try await history.affectedNames(base: before) == ["CoreTests"])

        let afterSnapshot = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Packages/Core/Tests/CoreTests/Fixtures/input.json", "[]\n")
        try await history.commit("a fixture")
        #expect(try await history.affectedNames(base: afterSnapshot) == ["CoreTests"])
    }

    @Test func aNewPackageAffectsItsNewTargets() async throws {
        try history.write("Packages/Search/Package.swift", Self.package("Search", dependsOn: "Core"))
        try history.write("Packages/Search/Sources/Search/Search.swift", "import Core\n")
        try history.write("Packages/Search/Tests/SearchTests/SearchTests.swift", "import Search\n")
        try await history.commit("add Search")
        #expect(try await history.affectedNames(base: base) == ["Search", "SearchTests"])
    }
}
