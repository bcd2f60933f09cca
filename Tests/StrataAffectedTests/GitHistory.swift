import Foundation
import StrataAffected
import StrataWorkspace
import StrataWorkspaceTestSupport

/// A workspace in a git repository of its own (the shared `TemporaryGitRepository`), asked what
/// a change affects.
final class GitHistory {
    let repository: TemporaryGitRepository
    var workspace: TemporaryWorkspace { repository.workspace }
    var root: String { repository.root }

    /// A repository holding `manifest` and `files` (path → text), committed as the first commit.
    init(manifest: String, files: [String: String], label: String = "strata-affected") async throws {
        repository = try await TemporaryGitRepository(manifest: manifest, files: files, label: label)
    }

    // MARK: - Changes

    func write(_ path: String, _ text: String) throws { try repository.write(path, text) }
    func append(_ path: String, _ text: String = "\n// changed\n") throws { try repository.append(path, text) }
    func delete(_ path: String) async throws { try await repository.delete(path) }
    func move(_ from: String, to: String) async throws { try await repository.move(from, to: to) }
    func edit(_ path: String, replacing old: String, with new: String) throws { try repository.edit(path, replacing: old, with: new) }
    @discardableResult func commit(_ message: String) async throws -> String { try await repository.commit(message) }
    func blobs(at commit: String) async throws -> [String: String] { try await repository.blobs(at: commit) }

    // MARK: - Asking

    /// The affected targets, by name, between `base` and `head` (default HEAD).
    func affected(
        base: String, head: String? = nil, includeUncommitted: Bool = false, configuration: String = "Debug"
    ) async throws -> AffectedReport {
        try await AffectedQuery(
            path: root, base: base, head: head, includeUncommitted: includeUncommitted, xcodeConfiguration: configuration
        ).run()
    }

    func affectedNames(
        base: String, head: String? = nil, includeUncommitted: Bool = false, configuration: String = "Debug"
    ) async throws -> Set<String> {
        Set(
            try await affected(base: base, head: head, includeUncommitted: includeUncommitted, configuration: configuration)
                .analysis.affected.map(\.name))
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
    func git(_ arguments: String...) async throws -> String {
        try await TemporaryGitRepository.run(arguments, in: root)
    }

    @discardableResult
    static func run(_ arguments: [String], in folder: String) async throws -> String {
        try await TemporaryGitRepository.run(arguments, in: folder)
    }
}
