import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataGit
import StrataManifest
import StrataProjectFormat
public import StrataWorkspace

/// What `strata affected` is asked: a workspace and the two revisions to compare.
public struct AffectedQuery: Sendable {
    /// The workspace folder (or its strata.yml), as given.
    public var path: String
    /// The revision the change is compared against.
    public var base: String
    /// The revision with the change; nil means HEAD, or the work tree with `includeUncommitted`.
    public var head: String?
    /// Compare the work tree (tracked changes and untracked files) instead of HEAD.
    public var includeUncommitted: Bool
    /// Compare against the common ancestor of base and head, as a pull request does.
    public var mergeBase: Bool
    /// Count and list products of packages outside the workspace too.
    public var includeExternal: Bool
    /// The build configuration whose settings Xcode projects are read with, at both revisions.
    public var xcodeConfiguration: String
    /// How long `git status` may take before the report suggests git's untracked cache, if the
    /// user has not configured it either way.
    public var slowStatus: Duration = .milliseconds(100)

    public init(
        path: String, base: String, head: String? = nil, includeUncommitted: Bool = false, mergeBase: Bool = false,
        includeExternal: Bool = false, xcodeConfiguration: String = "Debug"
    ) {
        self.xcodeConfiguration = xcodeConfiguration
        self.path = path
        self.base = base
        self.head = head
        self.includeUncommitted = includeUncommitted
        self.mergeBase = mergeBase
        self.includeExternal = includeExternal
    }
}

/// The answer: the revisions compared, the head graph and what the change affects.
public struct AffectedReport: Sendable {
    /// The commit compared against (the merge base with `--merge-base`).
    public var baseCommit: String
    /// The commit with the change; nil for the work tree.
    public var headCommit: String?
    /// The head revision's workspace.
    public var workspace: Workspace
    public var analysis: AffectedAnalysis
    /// Paths with uncommitted changes that were left out (HEAD was compared, not the work tree).
    public var uncommittedLeftOut: [String]
    /// How the base graph was obtained, for `--verbose`: "same as head", "read at <commit>", or why it could not be read.
    public var baseGraph: String
    /// Where the head graph was read: the work tree (HEAD's own graph when only files it is not
    /// built from differ), or the head commit.
    public var headGraph: String
    /// Whether products of packages outside the workspace are counted and listed.
    public var includesExternal = false
    /// Set when `git status` was slow and git's untracked cache is not configured: how to speed it up.
    public var untrackedCacheNote: String?

    /// The targets the counts are out of: the workspace's own, and external products only when asked.
    public var countedTargets: Int {
        includesExternal ? workspace.targets.count : workspace.targets.lazy.filter { !$0.isOutsideWorkspace }.count
    }
}

extension AffectedQuery {
    /// Runs git, loads the graphs and computes the affected set. Throws input errors (exit 2)
    /// when nothing can be computed: not a repository, an unknown revision, a shallow clone
    /// without the base, a head manifest with errors.
    public func run() async throws(InputErrors) -> AffectedReport {
        try rejectConflictingOptions()
        let manifestPath = try WorkspaceLoader.locateManifest(path)
        let root = (manifestPath as NSString).deletingLastPathComponent
        // The head graph is read from the disk when it is the work tree or a clean checkout of
        // HEAD (found out below); at 5,000 modules that is most of the run, so it starts first and
        // runs while git finds the revisions, the changes and the uncommitted files.
        async let pendingDisk: Result<LoadedWorkspace, InputErrors>? =
            includeUncommitted || head == nil
            ? Self.loadResult(manifestPath, from: LocalFiles(), revision: nil, configuration: xcodeConfiguration) : nil
        do {
            let repository = try await GitRepository.open(at: root)
            async let pendingBase = repository.commit(base)
            let headCommit = includeUncommitted ? nil : try await repository.commit(head ?? "HEAD")
            let baseCommit = try await pendingBase
            let from = mergeBase ? try await repository.mergeBase(baseCommit, try await repository.commit(head ?? "HEAD")) : baseCommit

            // git status walks the whole work tree (a tenth of a second or more in a large one),
            // so it runs while the graph is loaded from the disk, which is the head graph unless
            // status finds uncommitted changes that may touch it (then it is read from HEAD instead).
            let wantsStatus = head == nil && !includeUncommitted
            async let pendingStatus: (paths: [UncommittedPath], took: Duration) = wantsStatus ? Self.status(of: repository) : ([], .zero)
            async let pendingChanges = changes(in: repository, from: from, to: headCommit)
            let changes = try await pendingChanges
            let (uncommitted, statusTook) = try await pendingStatus

            let headGraph = try await Self.headGraph(
                fromDisk: await pendingDisk, uncommitted: uncommitted, headCommit: headCommit, manifestPath: manifestPath, repository: repository,
                configuration: xcodeConfiguration)
            let workspace = headGraph.loaded.workspace
            let base = try await Self.baseGraph(
                changes, head: headGraph.loaded, revision: from, manifestPath: manifestPath, repository: repository,
                configuration: xcodeConfiguration)

            let unexplained = Self.unexplainedPackageChanges(changes, head: (workspace, headGraph.files), base: base)
            let pins = try await Self.pinContents(changes, repository: repository, base: from, head: headCommit, root: root)
            let analysis = AffectedAnalysis(
                head: workspace, headFiles: headGraph.files, base: base, changes: changes, unexplainedPackages: unexplained, pins: pins,
                includeExternal: includeExternal)
            var report = AffectedReport(
                baseCommit: from, headCommit: headCommit, workspace: workspace, analysis: analysis,
                uncommittedLeftOut: uncommitted.map(\.path), baseGraph: Self.describe(base, revision: from), headGraph: headGraph.description)
            report.includesExternal = includeExternal
            if statusTook > slowStatus, await repository.untrackedCacheIsUnconfigured() {
                report.untrackedCacheNote = Self.untrackedCacheNote(statusTook)
            }
            return report
        } catch let error as GitError {
            throw InputErrors(error.diagnostic)
        } catch let error as InputErrors {
            throw error
        } catch {
            throw InputErrors(.inputError("affected-failed", "\(error)", at: nil, hint: nil))
        }
    }

    private func rejectConflictingOptions() throws(InputErrors) {
        guard includeUncommitted, let head else { return }
        throw InputErrors(
            .inputError(
                "conflicting-options", "--include-uncommitted compares the work tree, so it cannot be combined with --head \(head)", at: nil,
                hint: "drop --head to include uncommitted changes, or drop --include-uncommitted to compare two commits"))
    }

    /// The changes between the revisions (the work tree's, untracked files included, with
    /// `includeUncommitted`), with paths relative to the workspace's folder; changes outside it
    /// are left out.
    private func changes(in repository: GitRepository, from: String, to headCommit: String?) async throws -> [FileChange] {
        var changes = try await repository.changes(from: from, to: headCommit)
        if includeUncommitted {
            changes += try await repository.untrackedFiles().map { FileChange(kind: .untracked, path: $0) }
        }
        return changes.compactMap { change in
            guard let path = repository.pathInFolder(change.path) else { return nil }
            return FileChange(kind: change.kind, path: path, oldPath: change.oldPath.flatMap(repository.pathInFolder))
        }
    }

    /// The head revision's graph, the files it was read from, and where that was, in words.
    struct HeadGraph {
        var files: any WorkspaceFiles
        var loaded: LoadedWorkspace
        var description: String
    }

    /// The head graph: from the disk when it is the work tree, or HEAD's files as far as the
    /// graph goes (a clean checkout, or only sources edited since); otherwise read at the head commit.
    static func headGraph(
        fromDisk: Result<LoadedWorkspace, InputErrors>?, uncommitted: [UncommittedPath], headCommit: String?, manifestPath: String,
        repository: GitRepository, configuration: String
    ) async throws -> HeadGraph {
        let diskIsHead =
            uncommitted.isEmpty
            || (try? fromDisk?.get()).map { graphIgnores(uncommitted, loaded: $0, repository: repository) } == true
        guard let fromDisk, headCommit == nil || diskIsHead else {
            let root = (manifestPath as NSString).deletingLastPathComponent
            let files = try await RevisionFiles.read(commit: headCommit!, repository: repository, root: root)
            let loaded = try await load(manifestPath, from: files, revision: headCommit, configuration: configuration)
            return HeadGraph(files: files, loaded: loaded, description: "read at \(headCommit!.prefix(12))")
        }
        var description = "the work tree"
        if headCommit != nil {
            description =
                uncommitted.isEmpty
                ? "the work tree, a clean checkout of HEAD" : "the work tree (only files the graph is not read from differ from HEAD)"
        }
        let loaded: LoadedWorkspace
        if case .failure = fromDisk, let headCommit {
            // The errors of a clean checkout name HEAD's commit, which the disk holds.
            loaded = try await load(manifestPath, from: LocalFiles(), revision: headCommit, configuration: configuration)
        } else {
            loaded = try fromDisk.get()
        }
        return HeadGraph(files: LocalFiles(), loaded: loaded, description: description)
    }

    /// The base graph, only when a manifest changed, or a file was added, deleted or renamed in
    /// the folder of a package whose manifest had to be evaluated (it may list its folders to
    /// declare its targets). Otherwise such a file belongs to the target whose folder holds it
    /// at either path (or to none), which the head graph answers. In a workspace that reads
    /// XcodeGen specs or pods, any YAML, JSON or podspec file may be one, or an include of one,
    /// at either revision.
    static func baseGraph(
        _ changes: [FileChange], head loaded: LoadedWorkspace, revision from: String, manifestPath: String, repository: GitRepository,
        configuration: String
    ) async throws -> BaseGraph {
        let root = (manifestPath as NSString).deletingLastPathComponent
        let readsSpecs = loaded.workspace.manifest.adopt?.readsProjectSpecs == true
        let manifestChanged = changes.contains { change in
            change.touchedPaths.contains { ChangeClassifier.isManifest($0) || (readsSpecs && ChangeClassifier.mayBeProjectSpec($0)) }
        }
        let evaluatedFolders = loaded.packageReports.filter { $0.method == .dumpPackage && !$0.isExternal }.compactMap { report in
            PathResolution.path((report.path as NSString).deletingLastPathComponent, inside: root)
        }
        let evaluatedFolderChanged = changes.contains { change in
            change.kind != .modified
                && change.touchedPaths.contains { path in evaluatedFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") } }
        }
        guard manifestChanged || evaluatedFolderChanged else { return .sameAsHead }
        let files = try await RevisionFiles.read(commit: from, repository: repository, root: root)
        do throws(InputErrors) {
            return .loaded(try await load(manifestPath, from: files, revision: from, configuration: configuration).workspace, files: files)
        } catch {
            let first = error.diagnostics.first.map { "\($0.message)" } ?? "it has errors"
            return .unreadable("the manifests cannot be read at the base revision \(from.prefix(12)): \(first)")
        }
    }

    /// How the base graph was obtained, in words.
    static func describe(_ base: BaseGraph, revision from: String) -> String {
        switch base {
        case .sameAsHead: "the head graph (no manifest changed, and no file came or went beside one that had to be evaluated)"
        case .loaded: "read at \(from.prefix(12))"
        case .unreadable(let reason): reason
        }
    }

    /// The contents of each changed tool-version file at both revisions (the work tree's when
    /// `head` is nil): whether it pins Swift is in its lines, not its name.
    static func pinContents(
        _ changes: [FileChange], repository: GitRepository, base: String, head: String?, root: String
    ) async throws(GitError) -> [String: PinContents] {
        var pins: [String: PinContents] = [:]
        for path in Set(changes.flatMap(\.touchedPaths)) {
            switch ToolchainPin.Kind(path: path) {
            case .toolVersions?, .mise?:
                let before = try await repository.contents(of: repository.prefix + path, at: base)
                let after =
                    if let head { try await repository.contents(of: repository.prefix + path, at: head) } else {
                        LocalFiles().contents(of: root + "/" + path)
                    }
                pins[path] = PinContents(base: before, head: after)
            default:
                continue
            }
        }
        return pins
    }

    /// `git status` (tracked changes and untracked files), and how long it took.
    static func status(of repository: GitRepository) async throws(GitError) -> (paths: [UncommittedPath], took: Duration) {
        let started = ContinuousClock.now
        let paths = try await repository.uncommittedPaths()
        return (paths, ContinuousClock.now - started)
    }

    /// What to say when `git status` took `took`: nearly all of it is the walk of every folder
    /// for untracked files, which git's untracked cache saves (git suggests it too, past 2 s).
    static func untrackedCacheNote(_ took: Duration) -> String {
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        return "git status took \(String(format: "%.2f", seconds)) s, most of it looking for untracked files in every folder; "
            + "`git config core.untrackedCache true` lets git skip the folders that did not change (docs/AFFECTED.md, \"Large repositories\")"
    }

    /// True if uncommitted changes cannot make the graph on the disk differ from HEAD's: each is
    /// an edit of a tracked file (nothing added, removed, renamed or made a link, so the same
    /// folders and files exist) that no graph or package manifest is read from — not strata.yml,
    /// strata.versions.yml, a Package.swift, a pin, nor a file the load read (`inputs`).
    static func graphIgnores(_ uncommitted: [UncommittedPath], loaded: LoadedWorkspace, repository: GitRepository) -> Bool {
        let root = loaded.workspace.root
        let read = Set(
            ([loaded.workspace.manifest.path] + loaded.packageReports.map(\.path) + loaded.inputs).compactMap {
                PathResolution.path($0, inside: root)
            })
        return uncommitted.allSatisfy { change in
            guard change.isEdit, let path = repository.pathInFolder(change.path) else { return false }
            let name = String(ChangeClassifier.fileName(path))
            var info = stat()
            return name != ManifestLoader.fileName && name != VersionRecord.fileName && !ChangeClassifier.isPackageManifest(path)
                && !ChangeClassifier.isToolchainPin(path) && !read.contains(path)
                && lstat(root + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    /// `load`, as a result, for a load that runs while git does.
    static func loadResult(
        _ manifestPath: String, from files: any WorkspaceFiles, revision: String?, configuration: String
    ) async -> Result<LoadedWorkspace, InputErrors> {
        do {
            return .success(try await load(manifestPath, from: files, revision: revision, configuration: configuration))
        } catch {
            return .failure(error)
        }
    }

    /// Loads the workspace of `manifestPath` from `files`, Xcode projects with the settings of
    /// the build configuration `configuration`; errors name the revision.
    static func load(
        _ manifestPath: String, from files: any WorkspaceFiles, revision: String?, configuration: String
    ) async throws(InputErrors) -> LoadedWorkspace {
        guard let bytes = files.contents(of: manifestPath) else {
            throw InputErrors(
                .inputError(
                    "missing-manifest", "there is no \(ManifestLoader.fileName) at \(revision.map { "commit \($0.prefix(12))" } ?? "the work tree")",
                    at: nil, hint: missingManifestHint(manifestPath, revision: revision)))
        }
        var loader = WorkspaceLoader(files: files)
        loader.xcodeConfiguration = configuration
        loader.readsBuildDeclarations = true
        return try await loader.load(manifestAt: manifestPath, bytes: bytes)
    }

    /// Why strata.yml may be missing at `revision`: not committed yet when the work tree has it,
    /// else the workspace did not exist yet.
    static func missingManifestHint(_ manifestPath: String, revision: String?) -> String {
        if revision != nil, LocalFiles().exists(manifestPath) {
            return
                "\(ManifestLoader.fileName) is in the work tree but not in that commit: commit \(ManifestLoader.fileName), or pass --include-uncommitted to compare the work tree"
        }
        return "the workspace did not exist yet at that revision; compare against a later one"
    }

    /// The changed package manifests whose change the graphs do not account for, each with
    /// what it changed (`PackageManifestChange`: some targets' declarations, or what the whole
    /// package shares). In adopt mode that is every one (Strata's graph has targets and
    /// dependencies, not settings); in generate mode a Package.swift that is exactly what
    /// `strata generate` makes of strata.yml at both revisions is explained by strata.yml's own
    /// change.
    static func unexplainedPackageChanges(
        _ changes: [FileChange], head: (Workspace, any WorkspaceFiles), base: BaseGraph
    ) -> [String: PackageManifestChange] {
        let unexplained = unexplainedManifests(changes, head: head, base: base)
        guard case .loaded(let baseWorkspace, let baseFiles) = base else {
            return Dictionary(uniqueKeysWithValues: unexplained.map { ($0, .wholePackage(reason: "the base graph was not read")) })
        }
        return Dictionary(
            uniqueKeysWithValues: unexplained.map { path in
                let change = PackageManifestChange.between(
                    baseFiles.contents(of: baseWorkspace.root + "/" + path), head.1.contents(of: head.0.root + "/" + path))
                return (path, change)
            })
    }

    /// The changed package manifests that the graphs' own change does not explain.
    static func unexplainedManifests(_ changes: [FileChange], head: (Workspace, any WorkspaceFiles), base: BaseGraph) -> Set<String> {
        let manifests = Set(changes.flatMap(\.touchedPaths).filter(ChangeClassifier.isPackageManifest))
        guard !manifests.isEmpty else { return [] }
        guard head.0.manifest.mode == .generate else { return manifests }
        /// True if the file is absent or holds exactly what strata generate makes of the revision.
        func isGenerated(in workspace: Workspace, files: any WorkspaceFiles) -> (String) -> Bool {
            // strata.versions.yml and local development as they are at that revision too.
            let options = try? GenerationOptions.current(for: workspace) { files.contents(of: $0) }
            let generated = Dictionary(
                ((try? WorkspaceGenerator.files(for: workspace, options: options)) ?? []).map { ($0.path, $0.contents) },
                uniquingKeysWith: { first, _ in first })
            return { path in
                guard let actual = files.contents(of: workspace.root + "/" + path) else { return true }
                return generated[path].map { Array($0.utf8) == actual } ?? false
            }
        }
        guard case .loaded(let baseWorkspace, let files) = base else { return manifests }
        let generatedAtHead = isGenerated(in: head.0, files: head.1)
        let generatedAtBase = isGenerated(in: baseWorkspace, files: files)
        return manifests.filter { !generatedAtHead($0) || !generatedAtBase($0) }
    }
}
