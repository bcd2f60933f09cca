import Foundation
import StrataWorkspaceTestSupport
import Testing

/// A temporary git repository for a test, with the folder files are written to (the top level,
/// or a subfolder, as Examples/ISS is a subfolder of Strata's repository). Removed by `remove()`.
struct GitFolder {
    /// The repository's top level.
    let root: String
    /// Where `write` puts files: `root` or a folder inside it.
    let folder: String

    init(_ label: String, subfolder: String = "") async throws {
        root = try Fixtures.temporaryFolder(label)
        folder = subfolder.isEmpty ? root : root + "/" + subfolder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await git("init", "--quiet", "--initial-branch=main")
    }

    /// Writes `text` at `path`, relative to `folder`, making the folders it needs.
    func write(_ path: String, _ text: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// Runs git at the top level as a test author (no signing) and returns what it printed.
    @discardableResult
    func git(_ arguments: String...) async throws -> String { try await git(arguments) }

    @discardableResult
    func git(_ arguments: [String]) async throws -> String {
        let result = try await ProcessRunner.run(
            "git", ["-c", "user.email=tests@strata.invalid", "-c", "user.name=Strata Tests", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"] + arguments,
            in: root)
        try #require(result.status == 0, "git \(arguments): \(result.error)")
        return result.output
    }

    /// Commits everything.
    func commit(_ message: String) async throws {
        try await git("add", "--all")
        try await git("commit", "--quiet", "-m", message)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
