public import Foundation
public import StrataWorkspace

/// A workspace folder written by a test, removed when the value goes away.
public final class TemporaryWorkspace {
    public let root: String

    public init(_ manifest: String, label: String = "strata-workspace") throws {
        root = try Fixtures.temporaryFolder(label)
        try write("strata.yml", manifest)
    }

    deinit {
        chmod(root, 0o755)
        try? FileManager.default.removeItem(atPath: root)
    }

    public func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + relative) }

    public func modificationDate(_ relative: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: root + "/" + relative)[.modificationDate] as! Date
    }

    /// Every file under the root, relative, sorted (to see that nothing else was left behind).
    public func allFiles() -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// Every file and folder under the root with the files' contents: equal snapshots mean the
    /// run changed nothing.
    public func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
            result[path] = read(path) ?? "<folder>"
        }
        return result
    }

    public func load() async throws -> Workspace {
        try await WorkspaceLoader().load(path: root).workspace
    }
}
