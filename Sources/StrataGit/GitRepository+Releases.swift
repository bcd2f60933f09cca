import Foundation

/// What `strata release` reads from and writes to git: release tags, the commits since them,
/// and the release commit with its annotated tags.
extension GitRepository {
    /// A tag and the commit it points at (through an annotated tag's object).
    public struct Tag: Sendable, Hashable {
        public var name: String
        public var commit: String
    }

    /// Every tag of the repository.
    public func tags() async throws(GitError) -> [Tag] {
        let output = try await git.output(["for-each-ref", "--format=%(refname:strip=2)%00%(objectname)%00%(*objectname)%00", "refs/tags"])
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var tags: [Tag] = []
        var index = 0
        while index + 2 < fields.count {
            // Each record ends with a NUL and a newline: the name starts after it.
            let name = fields[index].trimmingCharacters(in: .newlines)
            let peeled = fields[index + 2]
            if !name.isEmpty { tags.append(Tag(name: name, commit: peeled.isEmpty ? fields[index + 1] : peeled)) }
            index += 3
        }
        return tags
    }

    /// A commit: its id, subject and the files it changed inside the folder (relative to the folder).
    public struct Commit: Sendable, Hashable {
        public var id: String
        public var subject: String
        public var files: [String]
    }

    /// The commits after `base` up to `head` (newest first) that changed files inside the folder.
    /// With no `base`, the whole history of `head`.
    public func commits(since base: String?, to head: String = "HEAD") async throws(GitError) -> [Commit] {
        let range = base.map { "\($0)..\(head)" } ?? head
        let output = try await git.output(["log", "-z", "--name-only", "--no-renames", "--format=%x1e%H%x1f%s", range, "--", "."])
        var commits: [Commit] = []
        for record in output.split(separator: 0x1E) {
            let fields = record.split(separator: 0).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
            guard let header = fields.first, let separator = header.firstIndex(of: "\u{1F}") else { continue }
            commits.append(
                Commit(
                    id: String(header[..<separator]), subject: String(header[header.index(after: separator)...]),
                    files: fields.dropFirst().compactMap { $0.isEmpty ? nil : pathInFolder($0) }))
        }
        return commits
    }

    /// Stages every change under `paths` (inside the folder): new, changed and removed files.
    public func stage(_ paths: [String]) async throws(GitError) {
        _ = try await git.output(["add", "--all", "--"] + paths)
    }

    /// Commits `paths` (inside the folder) with `message`, and returns the new commit's id.
    public func commit(paths: [String], message: String) async throws(GitError) -> String {
        _ = try await git.output(["add", "--"] + paths)
        _ = try await git.output(["commit", "--quiet", "--no-verify", "-m", message, "--"] + paths)
        return try await commit("HEAD")
    }

    /// An annotated tag `name` on `commit`, unless one of that name exists already: then it must
    /// point at `commit` (a resumed release makes no second tag and moves none).
    public func tag(_ name: String, message: String, at commit: String) async throws(GitError) {
        let existing = try await git.run(["rev-parse", "--verify", "--quiet", "refs/tags/\(name)^{commit}"])
        if existing.succeeded {
            let target = existing.standardOutput.trimmedLine
            guard target == commit else {
                throw GitError(
                    "tag-exists", "the tag \(name) exists already, on \(target.prefix(12)) rather than \(commit.prefix(12))",
                    hint: "a version is released once: delete the tag only if it was never published ('git tag -d \(name)')")
            }
            return
        }
        _ = try await git.output(["tag", "--annotate", "--message", message, name, commit])
    }
}

/// Scratch repositories: `strata release` hands SwiftPM a repository of one package at two
/// revisions, since its API comparison clones the package's own repository.
extension GitRepository {
    /// A new repository in `folder` (which must exist).
    public static func create(at folder: String) async throws(GitError) -> GitRepository {
        _ = try await GitRunner(directory: folder).output(["init", "--quiet"])
        return try await open(at: folder)
    }

    /// Commits everything in the folder as it is, as Strata (a scratch repository has no user),
    /// and returns the commit's id.
    public func commitSnapshot(message: String) async throws(GitError) -> String {
        _ = try await git.output(["add", "--all", "--", "."])
        _ = try await git.output([
            "-c", "user.name=Strata", "-c", "user.email=strata@localhost", "commit", "--quiet", "--allow-empty", "--no-verify", "-m", message,
        ])
        return try await commit("HEAD")
    }

    /// Puts the work tree at `commit` (detached).
    public func checkout(_ commit: String) async throws(GitError) {
        _ = try await git.output(["checkout", "--quiet", "--detach", commit])
    }
}

extension GitRepository {
    /// The repository's git directory, absolute (where `strata release` keeps a train's state).
    public func gitDirectory() async throws(GitError) -> String {
        try await git.output(["rev-parse", "--absolute-git-dir"]).trimmedLine
    }

    /// The newest commit reachable from HEAD that changed `path` (nil: none did).
    public func lastCommit(touching path: String) async throws(GitError) -> String? {
        let id = try await git.output(["log", "-1", "--format=%H", "--", path]).trimmedLine
        return id.isEmpty ? nil : id
    }

    /// The branch HEAD is on (`main`), or nil when HEAD is detached.
    public func currentBranch() async throws(GitError) -> String? {
        let result = try await git.run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard result.succeeded else { return nil }
        return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Tracked paths in the folder with staged or unstaged changes, from the top level.
    public func modifiedPaths() async throws(GitError) -> [String] {
        let fields = try await git.output(["status", "--porcelain=v1", "-z", "--untracked-files=no", "--", "."]).nulSeparatedFields
        return fields.filter { $0.count > 3 && $0.dropFirst(2).first == " " }.map { String($0.dropFirst(3)) }
    }
}

extension GitRepository {
    /// The bytes of `path` at `revision` in the repository at `folder` (a clone or a bare
    /// repository); nil when the repository, the revision or the file is not there.
    public static func file(_ path: String, at revision: String, inRepository folder: String) async -> [UInt8]? {
        guard !revision.hasPrefix("-"), let result = try? await GitRunner(directory: folder).run(["show", "\(revision):\(path)"]),
            result.succeeded
        else { return nil }
        return result.standardOutput
    }
}

extension GitRepository {
    /// Checks out `revision` (a tag, a branch or a commit) of the repository at `url` (a URL git
    /// reaches, or a folder) into `folder`, which must not exist yet: the sources of one
    /// release, as a spec repo's `source` names them. A tag or branch the repository does not
    /// have is an `unknown-revision` error; a repository git cannot reach, `unreachable-repository`.
    public static func checkOut(_ url: String, at revision: String, into folder: String) async throws(GitError) {
        guard !revision.hasPrefix("-"), !url.hasPrefix("-") else {
            throw GitError("unknown-revision", "'\(revision)' of '\(url)' is not a revision")
        }
        let parent = (folder as NSString).deletingLastPathComponent
        let git = GitRunner(directory: parent)
        let byName = try await git.run([
            "-c", "advice.detachedHead=false", "clone", "--quiet", "--depth", "1", "--branch", revision, "--", url, folder,
        ])
        if byName.succeeded { return }
        let message = byName.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        try? FileManager.default.removeItem(atPath: folder)
        let isCommit = (7...40).contains(revision.count) && revision.allSatisfy(\.isHexDigit)
        guard isCommit, message.contains("not found in upstream") else { throw checkOutError(message, url: url, revision: revision) }
        // A commit: the whole history, then that commit.
        let whole = try await git.run(["clone", "--quiet", "--no-checkout", "--", url, folder])
        guard whole.succeeded else { throw checkOutError(whole.standardError, url: url, revision: revision) }
        let commit = try await GitRunner(directory: folder).run(["-c", "advice.detachedHead=false", "checkout", "--quiet", revision, "--"])
        guard commit.succeeded else {
            try? FileManager.default.removeItem(atPath: folder)
            throw GitError("unknown-revision", "commit '\(revision)' is not in '\(url)'", hint: "check the podspec's ':commit'")
        }
    }

    private static func checkOutError(_ message: String, url: String, revision: String) -> GitError {
        if message.contains("not found in upstream") || message.contains("Remote branch") {
            return GitError(
                "unknown-revision", "'\(url)' has no tag or branch '\(revision)'",
                hint: "push the tag the podspec names, or map the source to a clone that has it")
        }
        return GitError(
            "unreachable-repository", "git cannot clone '\(url)': \(message.split(separator: "\n").last.map(String.init) ?? "exit status")",
            hint: "check the URL and your access, or map it to a local clone")
    }
}

extension GitRepository {
    /// The tag and branch names of the repository at `url` (a URL git reaches, or a folder), as
    /// `git ls-remote` lists them: one question per repository, to learn before checking
    /// anything out whether every release's tag is there. A repository git cannot reach is an
    /// `unreachable-repository` error.
    public static func remoteReferences(_ url: String) async throws(GitError) -> (tags: Set<String>, branches: Set<String>) {
        guard !url.hasPrefix("-") else { throw GitError("unreachable-repository", "'\(url)' is not a repository") }
        let result = try await GitRunner(directory: FileManager.default.temporaryDirectory.path).run(["ls-remote", "--tags", "--heads", "--", url])
        guard result.succeeded else {
            let message = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(
                "unreachable-repository", "git cannot list '\(url)': \(message.split(separator: "\n").last.map(String.init) ?? "exit status")",
                hint: "check the URL and your access, or map it to a local clone")
        }
        var tags = Set<String>()
        var branches = Set<String>()
        for line in String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n") {
            guard let reference = line.split(separator: "\t").last else { continue }
            if reference.hasPrefix("refs/tags/") {
                tags.insert(String(reference.dropFirst("refs/tags/".count)).replacingOccurrences(of: "^{}", with: ""))
            } else if reference.hasPrefix("refs/heads/") {
                branches.insert(String(reference.dropFirst("refs/heads/".count)))
            }
        }
        return (tags, branches)
    }
}
