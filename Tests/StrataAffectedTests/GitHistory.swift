import Foundation
import StrataAffected
import StrataModel
import StrataModelTestSupport

/// A workspace in a git repository of its own, changed and committed step by step by a test.
final class GitHistory {
    let workspace: TemporaryWorkspace
    var root: String { workspace.root }

    /// A repository holding `manifest` and `files` (path → text), committed as the first commit.
    init(manifest: String, files: [String: String], label: String = "strata-affected") throws {
        workspace = try TemporaryWorkspace(manifest, label: label)
        for (path, text) in files { try workspace.write(path, text) }
        try git("init", "--quiet", "--initial-branch=main")
        try git("config", "user.email", "tests@strata.invalid")
        try git("config", "user.name", "Strata Tests")
        try git("config", "commit.gpgsign", "false")
        try commit("initial")
    }

    // MARK: - Changes

    func write(_ path: String, _ text: String) throws { try workspace.write(path, text) }

    func append(_ path: String, _ text: String = "\n// changed\n") throws {
        try write(path, (workspace.read(path) ?? "") + text)
    }

    func delete(_ path: String) throws { try git("rm", "--quiet", path) }

    func move(_ from: String, to: String) throws {
        try FileManager.default.createDirectory(
            atPath: (root + "/" + to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try git("mv", from, to)
    }

    /// Replaces `old` by `new` in the file at `path` (which must contain it).
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = workspace.read(path) ?? ""
        guard text.contains(old) else { throw HistoryError("'\(path)' does not contain '\(old)'") }
        try write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Commits everything; returns the new commit's id.
    @discardableResult
    func commit(_ message: String) throws -> String {
        try git("add", "--all")
        try git("commit", "--quiet", "--allow-empty", "-m", message)
        return try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - Asking

    /// The affected targets, by name, between `base` and `head` (default HEAD).
    func affected(base: String, head: String? = nil, includeUncommitted: Bool = false) async throws -> AffectedReport {
        try await AffectedQuery(path: root, base: base, head: head, includeUncommitted: includeUncommitted).run()
    }

    func affectedNames(base: String, head: String? = nil, includeUncommitted: Bool = false) async throws -> Set<String> {
        Set(try await affected(base: base, head: head, includeUncommitted: includeUncommitted).analysis.affected.map(\.name))
    }

    /// Every file of `commit`: path → blob id (what the oracles compare revisions by).
    func blobs(at commit: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for line in try git("ls-tree", "-r", commit).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            files[String(parts[1])] = String(parts[0].split(separator: " ")[2])
        }
        return files
    }

    /// The oracles' closure: `seeds` and every target that depends on one, transitively, in a
    /// graph given as target → the targets it depends on.
    static func dependents(of seeds: Set<String>, in dependencies: [String: Set<String>]) -> Set<String> {
        var affected = seeds
        var grew = true
        while grew {
            grew = false
            for (name, uses) in dependencies where !affected.contains(name) && !uses.isDisjoint(with: affected) {
                affected.insert(name)
                grew = true
            }
        }
        return affected
    }

    // MARK: - git

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try Self.run(arguments, in: root)
    }

    @discardableResult
    static func run(_ arguments: [String], in folder: String) throws -> String {
        let result = try ProcessRunner.run(
            "git", arguments, in: folder,
            environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"])
        guard result.status == 0 else {
            throw HistoryError("git \(arguments.joined(separator: " ")) failed: \(result.error)")
        }
        return result.output
    }
}

struct HistoryError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
