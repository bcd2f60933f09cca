import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources
import StrataWorkspaceTestSupport
import Testing

@testable import StrataManifest
@testable import StrataProjectFormat
@testable import StrataWorkspace

/// Generate-mode graphs kept in binary form: the decoded workspace is the built one, target for
/// target and edge for edge, and an entry is used only for the exact bytes it was built from.
struct GraphCacheTests {
    private func roundTrip(_ workspace: Workspace) throws -> Workspace {
        var encoder = ManifestEncoder(writer: ByteWriter())
        encoder.workspace(workspace)
        var decoder = ManifestDecoder(reader: ByteReader(encoder.finish()))
        return try decoder.workspace(manifest: workspace.manifest)
    }

    /// Field for field (compared here, so that a difference does not print two whole graphs).
    private func expectSame(_ a: Workspace, _ b: Workspace, _ label: String) {
        #expect(a.name == b.name && a.root == b.root, "\(label)")
        #expect(a.layers == b.layers, "\(label)")
        #expect(a.modules == b.modules, "\(label)")
        let targets = a.targets == b.targets, dependencies = a.dependencies == b.dependencies
        #expect(targets, "\(label): first other target \(zip(a.targets, b.targets).first { $0 != $1 }.map { "\($0)" } ?? "-")")
        #expect(
            dependencies,
            "\(label): edges of \(a.dependencies.indices.first { a.dependencies[$0] != b.dependencies[$0] }.map { a.targets[$0].name } ?? "-")")
        #expect(a.index == b.index && a.moduleOfTarget == b.moduleOfTarget, "\(label)")
    }

    /// The workspace as the cache keeps it: the walk's boundary is set on every load.
    private func withoutBoundary(_ workspace: Workspace) -> Workspace {
        var workspace = workspace
        for index in workspace.targets.indices { workspace.targets[index].sources?.boundary = nil }
        return workspace
    }

    @Test func everyCommittedGenerateModeGraphSurvivesTheBinaryForm() async throws {
        var paths = [Fixtures.iss + "/strata.yml"]
        for folder in [Fixtures.root, Fixtures.violationsRoot] {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix("strata.yml") { paths.append(folder + "/" + relative) }
            }
        }
        var compared = 0
        for path in paths {
            guard let manifest = try? ManifestLoader.load(path: path), manifest.mode == .generate,
                let loaded = try? await WorkspaceLoader().load(manifest: manifest)
            else { continue }  // adopt mode, and the bad-input fixtures
            expectSame(try roundTrip(loaded.workspace), loaded.workspace, path)
            compared += 1
        }
        #expect(compared >= 10)
    }

    /// The fields generate mode never sets are kept too, so the form can serve any graph.
    @Test func everyFieldOfTargetsAndEdgesSurvivesTheBinaryForm() throws {
        let manifest = try ManifestLoader.parse(data: Data("layers: [core]\nmodules: {}\n".utf8), path: "/w/strata.yml")
        var macro = Target(
            name: "Macros", role: .implementation, module: "Macros", layer: LayerID(0), linkage: .dynamic, isTestHost: false,
            location: SourceLocation(path: "/w/Package.swift", line: 3, column: 9), package: nil,
            sources: TargetSources(
                directory: "/w/Sources/Macros", only: ["A.swift", "Sub"], excluded: ["/w/Sources/Macros/Old"], boundary: "/w",
                opaqueFolders: .anyExtension))
        macro.isMacro = true
        macro.moduleAliases = ["Utils": "MacroUtils", "A": "B"]
        var binary = Target(name: "Go", role: .external, module: nil, layer: nil, location: nil, package: "vendor")
        binary.modules = .named(["GoLibs", "GoCore"])
        var unresolved = Target(name: "swift-log/Logging", role: .external, module: nil, layer: nil, location: nil, package: "swift-log")
        unresolved.modules = .unknown(reason: "the package is not resolved yet")
        let host = Target(name: "Host", role: .app, module: nil, layer: nil, isTestHost: true, location: nil)
        var conditional = Dependency(target: TargetID(1), location: SourceLocation(path: "/w/Package.swift", line: 9, column: 2))
        conditional.condition = DependencyCondition(platforms: ["ios", "macos"], traits: ["Fast"])
        conditional.moduleAliases = ["GoLibs": "Go"]
        conditional.dynamicLibrary = "GoKit"
        var unconditional = Dependency(target: TargetID(2), location: nil, isAutomatic: true)
        unconditional.condition = DependencyCondition(platforms: [], traits: [])
        let workspace = Workspace(
            name: "Every", root: "/w", manifest: manifest,
            layers: [
                Layer(
                    name: "core", location: SourceLocation(path: "/w/strata.yml", line: 1, column: 9), description: "the base",
                    allowsSameLayerLinks: true)
            ],
            modules: [Module(name: "Macros", layer: LayerID(0), location: nil, targets: [.implementation: TargetID(0)])],
            targets: [macro, binary, unresolved, host],
            dependencies: [[conditional, unconditional], [], [], [Dependency(target: TargetID(0), location: nil)]])
        expectSame(try roundTrip(workspace), workspace, "hand-made")
    }

    /// A layer or a module's target out of range is damage, refused like any other (it would
    /// index past the end where the rules look it up).
    @Test func idsOutOfRangeAreRefused() throws {
        let manifest = try ManifestLoader.parse(data: Data("layers: [core]\nmodules: {}\n".utf8), path: "/w/strata.yml")
        let layers: IDArray<LayerID, Layer> = [
            Layer(name: "core", location: SourceLocation(path: "/w/strata.yml", line: 1, column: 9), description: nil)
        ]
        let target = Target(name: "Core", role: .implementation, module: "Core", layer: LayerID(0), location: nil)
        func decodes(layerOfTarget: LayerID, layerOfModule: LayerID, moduleTarget: TargetID) -> Bool {
            var node = target
            node.layer = layerOfTarget
            let workspace = Workspace(
                name: "W", root: "/w", manifest: manifest, layers: layers,
                modules: [Module(name: "Core", layer: layerOfModule, location: nil, targets: [.implementation: moduleTarget])],
                targets: [node], dependencies: [[]])
            return (try? roundTrip(workspace)) != nil
        }
        #expect(decodes(layerOfTarget: LayerID(0), layerOfModule: LayerID(0), moduleTarget: TargetID(0)))
        #expect(!decodes(layerOfTarget: LayerID(1), layerOfModule: LayerID(0), moduleTarget: TargetID(0)))
        #expect(!decodes(layerOfTarget: LayerID(0), layerOfModule: LayerID(-1), moduleTarget: TargetID(0)))
        #expect(!decodes(layerOfTarget: LayerID(0), layerOfModule: LayerID(0), moduleTarget: TargetID(1)))
    }

    @Test func aLargeGraphIsBuiltOnceAndOnlyForItsExactBytes() async throws {
        let folder = try Fixtures.temporaryFolder("graph-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/strata.yml"
        var text = "layers: [feature, core]\nmodules:\n  M0: { layer: core, interface: true, mocks: true }\n"
        for index in 1..<3_000 {
            text += "  M\(index): { layer: \(index % 2 == 0 ? "core" : "feature"), tests: true, dependencies: [M\(index - 1)] }\n"
        }
        #expect(text.utf8.count >= ManifestCache.threshold)
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        let built = try await WorkspaceLoader().load(manifestAt: path).workspace
        let entries = try FileManager.default.contentsOfDirectory(atPath: GraphCache.folder(for: path))
        #expect(entries.count == 1)
        let key = ManifestBytes(path: path, bytes: Array(text.utf8))
        let kept = try #require(GraphCache.workspace(for: key, manifest: built.manifest))
        expectSame(kept, withoutBoundary(built), "kept")
        expectSame(try await WorkspaceLoader().load(manifestAt: path).workspace, built, "loaded again")

        // Other bytes, another place: not the kept entry, and the load follows the edit.
        let edited = text.replacingOccurrences(
            of: "M2999: { layer: feature, tests: true, dependencies: [M2998] }", with: "M2999: { layer: feature, tests: false }")
        #expect(edited != text)
        #expect(GraphCache.workspace(for: ManifestBytes(path: path, bytes: Array(edited.utf8)), manifest: built.manifest) == nil)
        #expect(GraphCache.workspace(for: ManifestBytes(path: folder + "/other.yml", bytes: Array(text.utf8)), manifest: built.manifest) == nil)
        let rebuilt = try await WorkspaceLoader().load(manifestAt: path, bytes: Array(edited.utf8)).workspace
        #expect(rebuilt.targets.count == built.targets.count - 1)
        #expect(rebuilt.index["M2999"].map { rebuilt.dependencies[$0].isEmpty } == true)

        // A damaged entry is not used; the graph is built again.
        let entry = GraphCache.folder(for: path) + "/" + entries[0]
        let damaged = try Data(contentsOf: URL(fileURLWithPath: entry)).dropLast(100)
        try damaged.write(to: URL(fileURLWithPath: entry))
        #expect(GraphCache.workspace(for: key, manifest: built.manifest) == nil)
        expectSame(try await WorkspaceLoader().load(manifestAt: path).workspace, built, "rebuilt after damage")
    }

    /// Whether a `path:` leaves the workspace depends on the links on the disk, not only on the
    /// bytes: a kept graph does not hide a link made since.
    @Test func aPathThatNowLeadsOutsideIsReportedThoughTheGraphIsKept() async throws {
        let folder = try Fixtures.temporaryFolder("graph-cache-boundary")
        let outside = try Fixtures.temporaryFolder("graph-cache-outside")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let path = folder + "/strata.yml"
        var text = "layers: [core]\nmodules:\n  Linked: { layer: core, path: Code/Linked }\n"
        for index in 0..<4_000 { text += "  Module\(index): { layer: core, linkage: static }\n" }
        #expect(text.utf8.count >= ManifestCache.threshold)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/Code/Linked", withIntermediateDirectories: true)
        _ = try await WorkspaceLoader().load(manifestAt: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: GraphCache.folder(for: path)).count == 1)

        try FileManager.default.removeItem(atPath: folder + "/Code/Linked")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Code/Linked", withDestinationPath: outside)
        let error = await #expect(throws: InputErrors.self) { try await WorkspaceLoader().load(manifestAt: path) }
        #expect(error?.diagnostics.map(\.id) == ["path-outside-workspace"])
    }
}
