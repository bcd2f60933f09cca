import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataGit
import StrataManifest
public import StrataPackageIdentity
import StrataWorkspace

/// `strata release`: the modules to release and how. `run` plans the train and, unless a dry
/// run, builds, tests, commits, tags and publishes (its steps are in ReleaseTrain+Run.swift).
public struct ReleaseTrain: Sendable {
    public var path: String
    /// The modules to release; empty: every registry module changed since its last release.
    public var modules: [String]
    /// `--bump`: the bump of the named (or changed) modules, instead of the API comparison's.
    public var bump: Bump?
    /// `--cascade`: dependents follow every release, not only a new major.
    public var cascade: Bool
    /// Plan only: change nothing.
    public var dryRun: Bool
    /// `--continue`: finish the train in progress.
    public var resume: Bool
    /// Build and test each module's package before anything is released.
    public var verify: Bool
    /// The version of a module's first release.
    public var firstVersion: SemanticVersion
    public var registryURL: String?
    public var tokenFile: String?
    /// The changelog's date (default: today, UTC).
    public var date: String?

    public init(
        path: String, modules: [String] = [], bump: Bump? = nil, cascade: Bool = false, dryRun: Bool = false, resume: Bool = false,
        verify: Bool = true, firstVersion: SemanticVersion = SemanticVersion("1.0.0")!, registryURL: String? = nil, tokenFile: String? = nil,
        date: String? = nil
    ) {
        self.path = path
        self.modules = modules
        self.bump = bump
        self.cascade = cascade
        self.dryRun = dryRun
        self.resume = resume
        self.verify = verify
        self.firstVersion = firstVersion
        self.registryURL = registryURL
        self.tokenFile = tokenFile
        self.date = date
    }
}

/// What a `strata release` did (or, with `--dry-run`, would do).
public struct ReleaseReport: Sendable, Codable {
    public var plan: ReleasePlan
    /// Things worth knowing that changed nothing: a named module without changes, …
    public var notes: [String]
    /// The release commit, once made.
    public var commit: String?
    /// Modules published by this run (a resumed train lists only the ones it published).
    public var published: [String]
    /// Modules the registry had already (published by the run that was interrupted).
    public var alreadyPublished: [String]
}

/// Where a train stands, so a failure can be finished with `--continue`.
public enum ReleaseProgress: Sendable {
    case comparing(module: String)
    /// The comparison was answered by the cache: the same trees were compared before.
    case comparedBefore(module: String)
    case checking(module: String, step: String)
    case committed(commit: String)
    case tagged(tag: String)
    case published(module: String, identity: String, version: String)
    case alreadyPublished(module: String, version: String)
}

/// The workspace, its record and git, loaded once for planning and running a train.
struct ReleaseContext {
    let workspace: Workspace
    let record: VersionRecord
    let repository: GitRepository
    /// Registry modules in strata.yml's order.
    let modules: [String]
    /// Each registry module → the registry modules it uses.
    let dependencies: [String: [String]]

    static func load(path: String) async throws -> ReleaseContext {
        let workspace = try await WorkspaceLoader().load(path: path).workspace
        guard workspace.manifest.mode == .generate else {
            throw InputErrors(
                .inputError(
                    "adopt-mode", "'strata release' releases the modules of a generate-mode workspace", at: .file(workspace.manifest.path),
                    hint: "in adopt mode publish packages as they are with 'strata publish'"))
        }
        let registryModules = workspace.manifest.registryModules
        guard !registryModules.isEmpty else {
            throw InputErrors(
                .inputError(
                    "no-registry-modules", "no module is distributed through the registry, so there is nothing to release",
                    at: .file(workspace.manifest.path), hint: "set 'generate: { distribution: registry }' (docs/RELEASING.md)"))
        }
        let uses = PublishedPackage.uses(in: workspace)
        try GenerationOptions.checkDistribution(of: workspace, uses: uses)
        let record = try VersionRecord.load(besideManifest: workspace.manifest.path)
        try record.check(modules: Set(workspace.modules.map(\.name)))
        let repository: GitRepository
        do { repository = try await GitRepository.open(at: workspace.root) } catch { throw InputErrors(error.diagnostic) }
        let modules = workspace.modules.map(\.name).filter(registryModules.contains)
        let dependencies = Dictionary(uniqueKeysWithValues: modules.map { ($0, (uses[$0]?.modules ?? []).filter(registryModules.contains)) })
        return ReleaseContext(
            workspace: workspace, record: record, repository: repository, modules: modules, dependencies: dependencies)
    }

    /// A module's package folder, relative to the workspace root.
    func folder(of module: String) -> String { workspace.manifest.packageFolder(of: module) }

    /// The registry modules' release tags and the commits since, checked against the record.
    func history() async throws -> ReleaseHistory {
        let folders = Dictionary(uniqueKeysWithValues: modules.map { ($0, folder(of: $0)) })
        let history = try await gitCall {
            try await ReleaseHistory.read(repository, folders: folders, ignore: workspace.manifest.affected.ignore.map { PathPattern($0.value) })
        }
        let disagreements = history.disagreements(with: record)
        if !disagreements.isEmpty { throw InputErrors(disagreements) }
        return history
    }
}

extension ReleaseTrain {
    /// Plans the train: the modules changed since their last release (or the named ones), the
    /// bump their API changes call for (the toolchain's comparison, unless `--bump`), and the
    /// dependents whose requirements rise.
    func plan(_ context: ReleaseContext, scratch: String, progress: (ReleaseProgress) -> Void) async throws -> (ReleasePlan, [String]) {
        let history = try await context.history()

        var notes: [String] = []
        var selected: [String]
        if modules.isEmpty {
            selected = context.modules.filter { history.entries[$0]?.hasChanges == true }
        } else {
            try checkNames(context)
            selected = []
            for module in context.modules where modules.contains(module) {
                if history.entries[module]?.hasChanges == true || bump != nil {
                    selected.append(module)
                } else if let release = history.entries[module]?.release {
                    notes.append("\(module) has no changes since \(release.tag); pass --bump to release it anyway")
                }
            }
        }
        let head: String
        do { head = try await context.repository.commit("HEAD") } catch { throw InputErrors(error.diagnostic) }
        let comparison = APIComparison(repository: context.repository, scratch: scratch)
        let cache = APIComparisonCache()
        var changes: [String: ReleasePlanner.Change] = [:]
        for module in selected {
            let entry = history.entries[module]
            let commits = entry?.commits.map { "\($0.subject) (\($0.id.prefix(7)))" } ?? []
            guard let release = entry?.release, bump == nil else {
                changes[module] = ReleasePlanner.Change(api: nil, commits: commits)
                continue
            }
            let result = try await comparison.compare(
                module: module, folder: context.folder(of: module), baseline: release.commit, head: head, cache: cache
            ) { cached in progress(cached ? .comparedBefore(module: module) : .comparing(module: module)) }
            changes[module] = ReleasePlanner.Change(api: result.change, apiDetails: result.details, commits: commits)
        }
        let planner = ReleasePlanner(
            modules: context.modules, dependencies: context.dependencies, versions: context.record, changes: changes,
            overrides: bump.map { bump in Dictionary(uniqueKeysWithValues: selected.map { ($0, bump) }) } ?? [:], cascade: cascade,
            firstVersion: firstVersion)
        guard let plan = planner.plan() else {
            throw InputErrors(
                .inputError(
                    "dependency-cycle", "the registry modules depend on each other in a cycle", at: .file(context.workspace.manifest.path),
                    hint: "strata check explains the cycle"))
        }
        // A package in the registry can only use modules the registry has.
        let inPlan = Set(plan.steps.map(\.module))
        var problems: [Diagnostic] = []
        for step in plan.steps {
            let missing = (context.dependencies[step.module] ?? []).filter { context.record.entries[$0] == nil && !inPlan.contains($0) }
            if !missing.isEmpty {
                problems.append(
                    .inputError(
                        "unreleased-dependency",
                        "'\(step.module)' uses \(missing.map { "'\($0)'" }.joined(separator: ", ")), which \(missing.count == 1 ? "has" : "have") never been released",
                        at: nil, hint: "release them together: strata release \((missing + [step.module]).joined(separator: " "))"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return (plan, notes)
    }

    /// Every named module must be a registry module of the workspace.
    func checkNames(_ context: ReleaseContext) throws(InputErrors) {
        let names = context.workspace.modules.map(\.name)
        var problems: [Diagnostic] = []
        for module in modules where !context.modules.contains(module) {
            problems.append(
                .inputError(
                    names.contains(module) ? "invalid-value" : "unknown-module",
                    names.contains(module)
                        ? "'\(module)' comes from its folder (distribution: path), so it has no releases"
                        : "'\(module)' is not a module of the workspace",
                    at: nil,
                    hint: names.contains(module)
                        ? "give it 'distribution: registry' in strata.yml"
                        : Suggestions.didYouMean(module, in: context.modules) ?? "strata versions lists them"
                ))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// Today as the changelog writes it.
    var changelogDate: String {
        if let date { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
