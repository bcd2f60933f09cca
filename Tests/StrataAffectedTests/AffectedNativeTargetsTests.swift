import Foundation
import StrataAffected
import StrataSwiftPM
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing
import StrataProjectFormat

/// Every kind of target SwiftPM has is a node of the graph: a change to a system library's
/// module map, a binary target's artifact, a plugin or a macro reaches what depends on it, and
/// "everything" lists them all, as many targets as SwiftPM has.
@Suite struct AffectedNativeTargetsTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import CompilerPluginSupport
        import PackageDescription

        let package = Package(
            name: "Store",
            products: [.library(name: "Store", targets: ["Store"])],
            targets: [
                .systemLibrary(name: "Csqlite3", providers: [.apt(["libsqlite3-dev"])]),
                .binaryTarget(name: "Compression", path: "Artifacts/Compression.xcframework"),
                .binaryTarget(name: "Zipped", path: "Artifacts/Zipped.zip"),
                .macro(name: "StoreMacros"),
                .executableTarget(name: "SchemaTool"),
                .plugin(name: "GenerateSchema", capability: .buildTool(), dependencies: ["SchemaTool"]),
                .target(name: "Store", dependencies: ["Csqlite3", "Compression", "Zipped", "StoreMacros"], plugins: [.plugin(name: "GenerateSchema")]),
                .target(name: "Cache"),
                .testTarget(name: "StoreTests", dependencies: ["Store"]),
            ]
        )

        """

    static let files = [
        "Package.swift": manifest,
        "Sources/Csqlite3/module.modulemap": "module Csqlite3 [system] {\n    header \"shim.h\"\n    link \"sqlite3\"\n}\n",
        "Sources/Csqlite3/shim.h": "#include <sqlite3.h>\n",
        "Artifacts/Compression.xcframework/Info.plist": "<plist/>\n",
        "Artifacts/Zipped.zip": "not really a zip\n",
        "Sources/StoreMacros/Plugin.swift": "struct Plugin {}\n",
        "Sources/SchemaTool/main.swift": "print(\"schema\")\n",
        "Plugins/GenerateSchema/Plugin.swift": "struct GenerateSchema {}\n",
        "Sources/Store/Store.swift": "import Csqlite3\nimport Compression\nimport Zipped\n",
        "Sources/Cache/Cache.swift": "public struct Cache {}\n",
        "Tests/StoreTests/StoreTests.swift": "import Store\n",
    ]

    let history: GitHistory
    let base: String

    init() async throws {
        history = try await GitHistory(
            manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n", files: Self.files, label: "strata-affected-native")
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func affected(after change: () throws -> Void) async throws -> Set<String> {
        try change()
        try await history.commit("change")
        return try await history.affectedNames(base: base)
    }

    @Test func aSystemLibrarysModuleMapReachesItsDependents() async throws {
        let names = try await affected { try history.append("Sources/Csqlite3/module.modulemap", "// changed\n") }
        #expect(names == ["Csqlite3", "Store", "StoreTests"])
    }

    @Test func aBinaryTargetsArtifactReachesItsDependents() async throws {
        #expect(try await affected { try history.append("Artifacts/Compression.xcframework/Info.plist", "\n") } == ["Compression", "Store", "StoreTests"])
    }

    @Test func aBinaryTargetWhosePathIsAFileOwnsThatFile() async throws {
        #expect(try await affected { try history.append("Artifacts/Zipped.zip", "more\n") } == ["Zipped", "Store", "StoreTests"])
    }

    @Test func aPluginReachesTheTargetsThatUseIt() async throws {
        #expect(
            try await affected { try history.append("Plugins/GenerateSchema/Plugin.swift") } == ["GenerateSchema", "Store", "StoreTests"])
    }

    @Test func aPluginsToolReachesThePluginAndItsUsers() async throws {
        #expect(
            try await affected { try history.append("Sources/SchemaTool/main.swift") }
                == ["SchemaTool", "GenerateSchema", "Store", "StoreTests"])
    }

    @Test func aMacroReachesItsDependents() async throws {
        #expect(try await affected { try history.append("Sources/StoreMacros/Plugin.swift") } == ["StoreMacros", "Store", "StoreTests"])
    }

    @Test func everythingListsEveryTargetSwiftPMHas() async throws {
        try history.write("Package.resolved", "{}\n")
        try await history.commit("pin")
        let report = try await history.affected(base: base)
        let swiftPMTargets: Set = [
            "Csqlite3", "Compression", "Zipped", "StoreMacros", "SchemaTool", "GenerateSchema", "Store", "Cache", "StoreTests",
        ]
        #expect(Set(report.analysis.affected.map(\.name)) == swiftPMTargets)
        #expect(report.countedTargets == swiftPMTargets.count)
    }

    /// The oracle: the targets the static reader found are the ones dump-package lists, kind by kind.
    @Test func theGraphHasEveryTargetDumpPackageLists() async throws {
        let dumped = try await PackageManifestReader.readWithDumpPackage(path: history.root + "/Package.swift")
        let workspace = try await WorkspaceLoader().load(path: history.root).workspace
        #expect(Set(workspace.targets.map(\.name)) == Set(dumped.targets.map(\.name)))
        let native = Dictionary(uniqueKeysWithValues: workspace.targets.compactMap { t in t.native.map { (t.name, $0) } })
        #expect(native == ["Csqlite3": .systemLibrary, "Compression": .binary, "Zipped": .binary, "GenerateSchema": .plugin])
        let store = try #require(workspace.index["Store"])
        let plugin = try #require(workspace.dependencies[store].first { workspace.targets[$0.target].name == "GenerateSchema" })
        #expect(plugin.isPluginUsage && !plugin.isLinked)
    }
}
