import Foundation

/// A workspace folder in a git repository of its own, changed and committed step by step by a
/// test, removed when the value goes away. Commits have fixed dates, so ids repeat between runs.
public final class TemporaryGitRepository {
    public let workspace: TemporaryWorkspace
    public var root: String { workspace.root }

    /// A repository holding `manifest` (as strata.yml) and `files` (path → text), committed as
    /// the first commit.
    public init(manifest: String, files: [String: String], label: String = "strata-git") async throws {
        workspace = try TemporaryWorkspace(manifest, label: label)
        for (path, text) in files { try workspace.write(path, text) }
        try await git("init", "--quiet", "--initial-branch=main")
        try await git("config", "user.email", "tests@strata.invalid")
        try await git("config", "user.name", "Strata Tests")
        try await git("config", "commit.gpgsign", "false")
        try await commit("initial")
    }

    // MARK: - Changes

    public func write(_ path: String, _ text: String) throws { try workspace.write(path, text) }

    public func append(_ path: String, _ text: String = "\n// changed\n") throws {
        try write(path, (workspace.read(path) ?? "") + text)
    }

    public func delete(_ path: String) async throws { try await git("rm", "--quiet", path) }

    public func move(_ from: String, to: String) async throws {
        try FileManager.default.createDirectory(
            atPath: (root + "/" + to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await git("mv", from, to)
    }

    /// Replaces `old` by `new` in the file at `path` (which must contain it).
    public func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = workspace.read(path) ?? ""
        guard text.contains(old) else { throw GitRepositoryError("'\(path)' does not contain '\(old)'") }
        try write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Commits everything; returns the new commit's id.
    @discardableResult
    public func commit(_ message: String) async throws -> String {
        try await git("add", "--all")
        try await git("commit", "--quiet", "--allow-empty", "-m", message)
        return try await git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every file of `commit`: path → blob id.
    public func blobs(at commit: String) async throws -> [String: String] {
        var files: [String: String] = [:]
        for line in try await git("ls-tree", "-r", commit).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            files[String(parts[1])] = String(parts[0].split(separator: " ")[2])
        }
        return files
    }

    // MARK: - git

    @discardableResult
    public func git(_ arguments: String...) async throws -> String {
        try await Self.run(arguments, in: root)
    }

    @discardableResult
    public static func run(_ arguments: [String], in folder: String) async throws -> String {
        let result = try await ProcessRunner.run(
            "git", arguments, in: folder,
            environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"])
        guard result.status == 0 else {
            throw GitRepositoryError("git \(arguments.joined(separator: " ")) failed: \(result.error)")
        }
        return result.output
    }
}

public struct GitRepositoryError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
