public import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataManifest
import StrataWorkspace

/// `strata migrate tags`: where the release train starts for modules that came with a release
/// history (pods, whose last versions `strata migrate` wrote into strata.versions.yml). Each
/// module the record gives a version and no `<Module>/<version>` tag names yet is tagged on HEAD,
/// the commit that holds the migrated packages: the next `strata release` compares its API with
/// that commit and continues the numbering from the pod's last version.
public enum MigrationTags {
    /// One module's tag.
    public struct Outcome: Sendable, Equatable {
        public var module: String
        public var tag: String
        /// It was there already, on HEAD (a second run).
        public var existed: Bool
    }

    /// Tags HEAD of the workspace at `path` (or says what it would tag, with `dryRun`).
    public static func run(path: String, dryRun: Bool) async throws(InputErrors) -> [Outcome] {
        let workspace = try await WorkspaceLoader().load(path: path).workspace
        let record = try VersionRecord.load(besideManifest: workspace.manifest.path)
        guard !record.entries.isEmpty else {
            throw InputErrors(
                .inputError(
                    "missing-version", "\(VersionRecord.fileName) records no released module, so there is nothing to tag", at: .file(record.path),
                    hint: "'strata migrate' writes it for pods whose last versions the spec repos hold, when strata.yml names a registry"))
        }
        try record.check(modules: Set(workspace.modules.map(\.name)))
        let repository: GitRepository
        let head: String
        let history: ReleaseHistory
        do {
            repository = try await GitRepository.open(at: workspace.root)
            try await requireCommitted(record, repository: repository)
            head = try await repository.commit("HEAD")
            let folders = Dictionary(uniqueKeysWithValues: record.entries.keys.map { ($0, workspace.manifest.packageFolder(of: $0)) })
            history = try await ReleaseHistory.read(repository, folders: folders)
        } catch {
            throw InputErrors(error.diagnostic)
        }
        var outcomes: [Outcome] = []
        var problems: [Diagnostic] = []
        for module in workspace.modules.map(\.name) {
            guard let entry = record.entries[module] else { continue }
            let tag = ReleaseHistory.tagName(module: module, version: entry.version)
            switch history.entries[module]?.release {
            case .some(let release) where release.version == entry.version && release.commit == head:
                outcomes.append(Outcome(module: module, tag: tag, existed: true))
            case .some(let release):
                problems.append(
                    .inputError(
                        "version-mismatch", "'\(module)' has a release tag already, \(release.tag), so its history is the train's, not the pods'",
                        at: entry.location ?? .file(record.path), hint: "'strata versions' shows where each module stands"))
            case .none:
                outcomes.append(Outcome(module: module, tag: tag, existed: false))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        guard !dryRun else { return outcomes }
        for outcome in outcomes where !outcome.existed {
            let message = "\(outcome.module) \(record.entries[outcome.module]!.version): the last release before the migration (strata migrate tags)"
            do throws(GitError) { try await repository.tag(outcome.tag, message: message, at: head) } catch { throw InputErrors(error.diagnostic) }
        }
        return outcomes
    }

    /// The record must be HEAD's, and the work tree clean: the tags say HEAD is those releases.
    private static func requireCommitted(_ record: VersionRecord, repository: GitRepository) async throws(GitError) {
        let modified = try await repository.modifiedPaths()
        let committed = await GitRepository.file(
            repository.prefix + VersionRecord.fileName, at: "HEAD", inRepository: repository.folder)
        let written = try? FileContents.read(record.path).get()
        guard modified.isEmpty, let committed, committed == written else {
            throw GitError(
                "uncommitted-changes",
                modified.isEmpty
                    ? "\(VersionRecord.fileName) is not committed as it is, and the tags would say HEAD holds it"
                    : "the workspace has uncommitted changes (\(modified.prefix(3).joined(separator: ", ")))",
                hint: "commit the migration (strata.yml, strata.versions.yml and the generated Package.swift files) first")
        }
    }
}
