import Foundation
import StrataFileSystem

/// Whether files are tracked or ignored: for files that must stay out of the repository, such
/// as the secrets `strata secrets export` writes.
extension GitRepository {
    /// Whether git tracks `path` (a file in the work tree, absolute or relative to the folder):
    /// whether it is in the index, so added or committed.
    public func isTracked(_ path: String) async throws(GitError) -> Bool {
        !(try await git.output(["--literal-pathspecs", "ls-files", "-z", "--", relative(path)])).isEmpty
    }

    /// Whether a `.gitignore`, `.git/info/exclude` or git's global excludes ignore `path`
    /// (absolute or relative to the folder; it need not exist yet). A tracked file is never ignored.
    public func isIgnored(_ path: String) async throws(GitError) -> Bool {
        let result = try await git.run(["check-ignore", "--quiet", "--", relative(path)])
        switch result.status {
        case 0: return true
        case 1: return false
        default:
            let message = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError("git-failed", "git check-ignore failed: \(message.isEmpty ? "exit \(result.status)" : message)")
        }
    }

    /// The repository's index file, absolute: `git add` and `git rm` change it, so whether a
    /// file is tracked can only have changed if it has.
    public func indexPath() async throws(GitError) -> String {
        let path = try await git.output(["rev-parse", "--git-path", "index"]).trimmedLine
        return path.hasPrefix("/")
            ? path : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
    }

    /// `path` relative to the folder when it is inside it (git takes absolute paths too, but
    /// compares them with its own idea of the work tree, which a symbolic link can make differ).
    private func relative(_ path: String) -> String {
        PathResolution.path(path, inside: folder) ?? path
    }
}
