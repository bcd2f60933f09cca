import Foundation

/// A git repository seen from a folder inside its work tree (a workspace may be a subfolder
/// of its repository, as `Examples/ISS` is of Strata's).
///
/// Paths that git prints are relative to the repository's top level; `prefix` is the folder's
/// own path from there, so that they can be turned into paths inside the folder without
/// comparing absolute paths (which symbolic links such as macOS's `/tmp` would make unequal).
public struct GitRepository: Sendable {
    /// The folder the repository was opened at.
    public let folder: String
    /// The folder's path from the repository's top level: `""` or `Examples/ISS/` (with a slash).
    public let prefix: String
    let git: GitRunner

    /// Opens the repository whose work tree holds `folder`.
    public static func open(at folder: String) async throws(GitError) -> GitRepository {
        let git = GitRunner(directory: folder)
        let result = try await git.run(["rev-parse", "--is-inside-work-tree", "--show-prefix"])
        let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard result.succeeded, lines.first == "true" else {
            throw GitError(
                "not-a-repository", "'\(folder)' is not inside a git work tree",
                hint: "strata affected compares two revisions with git; run it in a clone of the repository")
        }
        let prefix = lines.count > 1 ? String(lines[1]) : ""
        return GitRepository(folder: folder, prefix: prefix, git: git)
    }

    // MARK: - Revisions

    /// The commit id `revision` names. A name git does not know is an `unknown-revision`, or a
    /// `shallow-clone` error when the clone's history is cut short (the usual CI checkout).
    public func commit(_ revision: String) async throws(GitError) -> String {
        if revision.hasPrefix("-") {
            throw GitError("unknown-revision", "'\(revision)' is not a revision", hint: "pass a branch, tag or commit, e.g. --base origin/main")
        }
        let result = try await git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        if result.succeeded { return result.standardOutput.trimmedLine }
        if try await isShallow() { throw Self.shallowClone("revision '\(revision)' is not in this shallow clone") }
        throw GitError(
            "unknown-revision", "unknown revision '\(revision)'",
            hint:
                "check the name, and fetch it if it is a remote branch (git fetch origin \(revision.split(separator: "/").last.map(String.init) ?? revision))"
        )
    }

    /// The error for history a shallow clone does not have.
    static func shallowClone(_ message: String) -> GitError {
        GitError(
            "shallow-clone", message,
            hint: "fetch the history the comparison needs: 'git fetch --unshallow', or 'fetch-depth: 0' for actions/checkout")
    }

    /// True if the clone's history is cut short (`git clone --depth`).
    public func isShallow() async throws(GitError) -> Bool {
        try await git.output(["rev-parse", "--is-shallow-repository"]).trimmedLine == "true"
    }

    /// The best common ancestor of two commits (what a pull request is compared against).
    public func mergeBase(_ a: String, _ b: String) async throws(GitError) -> String {
        let result = try await git.run(["merge-base", a, b])
        guard result.succeeded else {
            if try await isShallow() {
                throw Self.shallowClone("the common ancestor of \(a.prefix(12)) and \(b.prefix(12)) is not in this shallow clone")
            }
            throw GitError(
                "no-merge-base", "\(a.prefix(12)) and \(b.prefix(12)) have no common ancestor",
                hint: "compare the two revisions directly (without --merge-base)")
        }
        return result.standardOutput.trimmedLine
    }

    // MARK: - Changes

    /// The files that differ between `base` and `head` (a commit), or between `base` and the
    /// work tree when `head` is nil, inside the folder. Renames are found (both paths are kept).
    public func changes(from base: String, to head: String?) async throws(GitError) -> [FileChange] {
        var arguments = ["diff", "--name-status", "-z", "--find-renames", "--no-ext-diff", "--no-textconv", base]
        if let head { arguments.append(head) }
        arguments += ["--", "."]
        let output = try await git.output(arguments)
        return try FileChange.parseNameStatus(output.nulSeparatedFields)
    }

    /// Files in the folder that git does not track and does not ignore.
    public func untrackedFiles() async throws(GitError) -> [String] {
        try await git.output(["ls-files", "--others", "--exclude-standard", "-z", "--full-name", "--", "."]).nulSeparatedFields
    }

    /// Paths in the folder with uncommitted changes (staged, unstaged or untracked), from the
    /// top level. An untracked folder is one entry (`Folder/`), as `git status` shows it.
    ///
    /// Listing untracked files walks every folder of the work tree, most of the time this takes
    /// in a large one. git's untracked cache (`git config core.untrackedCache true`, which git
    /// itself suggests when status is slow) saves the walk, and is only used for this form of
    /// the question: untracked folders as one entry, and the whole work tree (no pathspec; the
    /// paths outside the folder are dropped here).
    public func uncommittedPaths() async throws(GitError) -> [UncommittedPath] {
        let fields = try await git.output(["status", "--porcelain=v1", "-z", "--untracked-files=normal"]).nulSeparatedFields
        var paths: [UncommittedPath] = []
        var index = 0
        while index < fields.count {
            let entry = fields[index]
            guard entry.count > 3 else { index += 1; continue }
            let status = entry.prefix(2)
            let path = String(entry.dropFirst(3))
            if path.hasPrefix(prefix) || prefix.hasPrefix(path) && path.hasSuffix("/") {
                paths.append(UncommittedPath(path: path, isEdit: status.allSatisfy { $0 == " " || $0 == "M" }))
            }
            // A rename or copy is followed by its original path.
            index += status.contains("R") || status.contains("C") ? 2 : 1
        }
        return paths
    }

    /// Whether the user has said nothing about git's untracked cache: neither
    /// `core.untrackedCache` (true, false or keep) nor `feature.manyFiles` (which turns it on)
    /// is set in any of git's configuration files.
    public func untrackedCacheIsUnconfigured() async -> Bool {
        // git config exits with 1 when no key matches.
        let result = try? await git.run(["config", "--get-regexp", "^(core\\.untrackedcache|feature\\.manyfiles)$"])
        return result?.status == 1
    }

    // MARK: - Reading a revision

    /// Every file of the commit inside the folder, from the top level, with its blob id.
    public func files(at commit: String) async throws(GitError) -> [String: String] {
        var arguments = ["ls-tree", "-r", "-z", "--full-tree", commit]
        if !prefix.isEmpty { arguments += ["--", prefix] }
        let output = try await git.output(arguments)
        var files: [String: String] = [:]
        for field in output.nulSeparatedFields {
            // "<mode> <type> <object>\t<path>"
            guard let tab = field.firstIndex(of: "\t") else { continue }
            let header = field[..<tab].split(separator: " ")
            guard header.count == 3, header[1] == "blob" else { continue }
            files[String(field[field.index(after: tab)...])] = String(header[2])
        }
        return files
    }

    /// The contents of blobs by id, read with one `git cat-file --batch`.
    public func blobs(_ ids: [String]) async throws(GitError) -> [String: [UInt8]] {
        guard !ids.isEmpty else { return [:] }
        let output = try await git.output(["cat-file", "--batch"], input: Array((ids.joined(separator: "\n") + "\n").utf8))
        var blobs: [String: [UInt8]] = [:]
        var position = 0
        while position < output.count {
            guard let newline = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: output[position..<newline], as: UTF8.self).split(separator: " ")
            position = newline + 1
            guard header.count == 3, let size = Int(header[2]), position + size <= output.count else { continue }
            blobs[String(header[0])] = Array(output[position..<position + size])
            position += size + 1
        }
        return blobs
    }

    /// The contents of the file at `path` (from the top level) at `commit`, or nil when the
    /// commit has no file there.
    public func contents(of path: String, at commit: String) async throws(GitError) -> [UInt8]? {
        let result = try await git.run(["cat-file", "blob", "\(commit):\(path)"])
        return result.succeeded ? result.standardOutput : nil
    }

    /// Writes the files of `folder` (from the top level; `""` for all) as they are at `commit`
    /// into `destination`, at the same path from there as from the top level, without touching
    /// the work tree or its index: the tree is read into a scratch index beside `destination`
    /// and checked out from it with `--prefix`.
    public func export(_ folder: String, at commit: String, to destination: String) async throws(GitError) {
        let index = destination + ".index"
        defer { try? FileManager.default.removeItem(atPath: index) }
        let scratch = ["GIT_INDEX_FILE": index]
        let subfolder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        _ = try await git.output(["read-tree", "\(commit):\(subfolder)"], environment: scratch)
        let prefix = destination + "/" + (subfolder.isEmpty ? "" : subfolder + "/")
        // From the top level: in a subfolder, checkout-index --all writes only what is under it.
        _ = try await GitRunner(directory: topLevel).output(["checkout-index", "--all", "--force", "--prefix=\(prefix)"], environment: scratch)
    }

    /// The id of the tree of `folder` (from the top level; `""` for all) at `commit`: equal ids, equal contents.
    public func treeID(_ folder: String, at commit: String) async throws(GitError) -> String {
        let subfolder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return try await git.output(["rev-parse", "--verify", "--end-of-options", "\(commit):\(subfolder)"]).trimmedLine
    }

    /// The repository's top level: `folder` without the `prefix` folders.
    public var topLevel: String {
        var path = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        for _ in prefix.split(separator: "/") {
            path = (path as NSString).deletingLastPathComponent
        }
        return path
    }

    /// The path of a top-level-relative `path` inside the folder, or nil if it is outside.
    public func pathInFolder(_ path: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}

/// A path `git status` lists as changed since HEAD.
public struct UncommittedPath: Sendable, Hashable {
    /// From the top level; an untracked folder ends in `/`.
    public var path: String
    /// True if a tracked file's contents changed (staged or not) and nothing else: it was not
    /// added, deleted, renamed, copied, made a link or left in conflict, so every file and
    /// folder of HEAD is still there and no other is.
    public var isEdit: Bool
}
