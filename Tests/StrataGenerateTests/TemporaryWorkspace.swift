import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataModel

/// A workspace folder written by a test, removed when the value goes away.
final class TemporaryWorkspace {
    let root: String

    init(_ manifest: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-generate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try write("strata.yml", manifest)
    }

    deinit {
        chmod(root, 0o755)
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + relative) }

    func modificationDate(_ relative: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: root + "/" + relative)[.modificationDate] as! Date
    }

    /// Every file under the root, relative, sorted (to see that nothing else was left behind).
    func allFiles() -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    func load() async throws -> Workspace {
        try await WorkspaceLoader().load(path: root).workspace
    }

    func plan() async throws -> GenerationPlan {
        try WorkspaceGenerator.plan(for: try await load())
    }

    /// Generates, as `strata generate` does.
    @discardableResult
    func generate(force: Bool = false) async throws -> GenerationPlan {
        let plan = try await plan()
        try plan.apply(force: force)
        return plan
    }
}

/// A small generate-mode workspace: two layers, an interface, mocks, an external package and an app.
let smallManifest = """
    name: Small
    layers: [feature, core]
    naming: { interface: "{module}Core" }
    packages:
      swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
    modules:
      Profile: { layer: feature, interface: true, mocks: true, dependencies: [StorageCore] }
      Storage: { layer: core, interface: true, mocks: true, packages: [swift-log/Logging] }
      Clock: { layer: core, tests: false }
    apps:
      Demo: { dependencies: [Profile, ProfileCore, Storage, StorageCore, Clock] }
    owners:
      "@team/profile": [Profile]
      "@team/platform": ["*"]
    """
