public import StrataDiagnostics
public import StrataFileSystem
public import StrataGit
public import StrataManifest
public import StrataPackageIdentity

/// Each module's last release and what changed since, from git: the newest `<Module>/<version>`
/// tag, and the commits after it that touched the module's folder.
public struct ReleaseHistory: Sendable {
    /// A module's last release tag.
    public struct Release: Sendable, Hashable {
        public var version: SemanticVersion
        public var tag: String
        public var commit: String
    }

    /// One module's history since its last release.
    public struct Entry: Sendable, Hashable {
        /// Nil: never released.
        public var release: Release?
        /// Commits after the release that touched the module's folder (ignored files aside), newest first.
        public var commits: [GitRepository.Commit]

        /// Whether there is anything to release: a change, or no release yet.
        public var hasChanges: Bool { release == nil || !commits.isEmpty }
    }

    public var entries: [String: Entry]

    /// The tag that marks a module's release: `Feed/1.4.0`.
    public static func tagName(module: String, version: some CustomStringConvertible) -> String {
        "\(module)/\(version)"
    }

    /// Reads the history of `folders` (module → its folder, relative to the repository's
    /// folder): one `git for-each-ref` for the tags and one `git log` per distinct release
    /// commit, however many modules share it (a release train tags them all on one commit).
    /// Files matching `ignore` (`affected.ignore`, e.g. `**/*.md`) do not count as changes.
    public static func read(
        _ repository: GitRepository, folders: [String: String], ignore: [PathPattern] = []
    ) async throws(GitError) -> ReleaseHistory {
        var releases: [String: Release] = [:]
        for tag in try await repository.tags() {
            guard let slash = tag.name.lastIndex(of: "/") else { continue }
            let module = String(tag.name[..<slash])
            guard folders[module] != nil, let version = SemanticVersion(String(tag.name[tag.name.index(after: slash)...])) else { continue }
            if let known = releases[module], !(known.version < version) { continue }
            releases[module] = Release(version: version, tag: tag.name, commit: tag.commit)
        }
        // The module whose folder holds a path, found by walking up its folders.
        let moduleOfFolder = Dictionary(folders.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func module(of path: String) -> String? {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let module = moduleOfFolder[String(folder)] { return module }
            }
            return nil
        }
        var entries: [String: Entry] = [:]
        for module in folders.keys { entries[module] = Entry(release: releases[module], commits: []) }
        var modulesByCommit: [String: Set<String>] = [:]
        for (module, release) in releases { modulesByCommit[release.commit, default: []].insert(module) }
        for (commit, modules) in modulesByCommit {
            for change in try await repository.commits(since: commit) {
                var touched = Set<String>()
                for file in change.files where !ignore.contains(where: { $0.matches(file) }) {
                    if let owner = module(of: file), modules.contains(owner) { touched.insert(owner) }
                }
                for owner in touched { entries[owner]?.commits.append(change) }
            }
        }
        return ReleaseHistory(entries: entries)
    }

    /// Release tags that disagree with strata.versions.yml: a release made outside `strata
    /// release`, or tags a clone has not fetched.
    public func disagreements(with record: VersionRecord) -> [Diagnostic] {
        entries.keys.sorted().compactMap { module in
            let tagged = entries[module]?.release?.version
            let recorded = record.entries[module]?.version
            guard tagged != recorded else { return nil }
            let message: String
            let hint: String
            switch (recorded, tagged) {
            case (let recorded?, nil):
                message =
                    "\(VersionRecord.fileName) says '\(module)' is released at \(recorded), but there is no tag \(Self.tagName(module: module, version: recorded))"
                hint = "fetch the release tags (git fetch --tags), or tag the commit that released it"
            case (nil, let tagged?):
                message =
                    "the tag \(Self.tagName(module: module, version: tagged)) says '\(module)' is released, but \(VersionRecord.fileName) has no version of it"
                hint = "add '\(module): { version: \(tagged) }' to \(VersionRecord.fileName), as the release that made the tag should have"
            case (let recorded?, let tagged?):
                message =
                    "\(VersionRecord.fileName) says '\(module)' is released at \(recorded), but its newest tag is \(Self.tagName(module: module, version: tagged))"
                hint = "make the record and the tags agree: the tag is what was released"
            case (nil, nil):
                return nil
            }
            return .inputError("version-mismatch", message, at: record.entries[module]?.location ?? .file(record.path), hint: hint)
        }
    }
}
