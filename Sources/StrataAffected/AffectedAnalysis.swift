import StrataFileSystem
public import StrataGit
import StrataGraph
import StrataManifest
public import StrataProjectFormat
import StrataSources
public import StrataWorkspace

/// Why a target is affected: what started it and the path of dependencies it came along.
public struct AffectedReason: Sendable, Hashable {
    public enum Cause: Sendable, Hashable {
        /// A file in the first target of the chain changed.
        case file(path: String, change: FileChange.Kind)
        /// The first target's declaration changed between the revisions (or it is new).
        case declaration(String)
        /// The change affects every target (a toolchain pin, an unreadable manifest, …).
        case everything(String)
    }
    public var cause: Cause
    /// From the target the cause is in to the affected target, each depending on the one before:
    /// `[Network, SuitService, Suit, CosmonautApp]`.
    public var chain: [String]
}

/// An affected target of the head revision.
public struct AffectedTarget: Sendable, Hashable {
    /// Index in the head workspace's targets.
    public var target: TargetID
    public var name: String
    public var role: TargetRole
    public var reason: AffectedReason
}

/// A changed file and the targets that own it at either revision.
public struct ChangedFile: Sendable, Hashable {
    /// The change, with paths relative to the workspace root.
    public var change: FileChange
    /// The path at the head (for a deletion: the path it had).
    public var path: String { change.path }
    /// For renames and copies: the path at the base.
    public var oldPath: String? { change.oldPath }
    /// Owning targets, by name, at the head and the base revision together.
    public var owners: [String]
    /// What else the file is: "manifest", "toolchain pin", "always" (matches `affected.always`),
    /// "ignored" (matches `affected.ignore`).
    public var role: String?
}

/// A changed pin file's contents at both revisions (nil where it does not exist), so that the
/// analysis can tell whether it pins Swift (`ToolchainPin`).
public struct PinContents: Sendable, Hashable {
    public var base: [UInt8]?
    public var head: [UInt8]?

    public init(base: [UInt8]?, head: [UInt8]?) {
        self.base = base
        self.head = head
    }
}

/// The base revision's graph, as far as it was needed.
public enum BaseGraph: Sendable {
    /// No manifest changed, so the base graph is the head's.
    case sameAsHead
    case loaded(Workspace, files: any WorkspaceFiles)
    /// The manifests could not be read at the base revision: why, in words.
    case unreadable(String)
}

/// The targets a change affects: the pure part of `strata affected`, given both graphs and
/// the changed paths.
///
/// Seeds are the targets that own a changed file (at either revision), the targets whose
/// declaration differs between the revisions (new ones included), and the targets of a
/// Package.swift that changed in a way the graph cannot explain. Every target that depends on
/// a seed, transitively and edge by edge, is affected too — so an edit inside an
/// implementation target reaches only what links that target, not the modules that link just
/// its interface.
public struct AffectedAnalysis: Sendable {
    public var changedFiles: [ChangedFile] = []
    /// Why everything is affected, every reason found (a toolchain pin, an unreadable base
    /// graph, changed shared settings, a file matching `affected.always`); empty when the
    /// affected set is computed target by target.
    public var everythingReasons: [String] = []
    /// The reasons in one line, or nil when not everything is affected.
    public var everything: String? { everythingReasons.isEmpty ? nil : everythingReasons.joined(separator: "; ") }
    /// Affected targets in the head workspace's order.
    public var affected: [AffectedTarget] = []

    /// Affected test targets.
    public var tests: [AffectedTarget] { affected.filter { $0.role == .tests } }

    /// Computes the affected set. `changes` carry paths relative to the workspace root;
    /// `unexplainedPackages` are the changed package manifests (relative paths) whose change
    /// the graphs do not account for, each with what it changed: the declarations of some
    /// targets (affected, with what depends on them), or something the whole package builds
    /// with (all its targets are affected).
    /// Products of packages outside the workspace are left out of `affected` (nothing of
    /// theirs is built or tested here) unless `includeExternal` is set; they still carry a
    /// change along to the workspace's targets that depend on them. `pins` holds the contents
    /// of changed tool-version files (`.tool-versions`, `mise.toml`) by path: only a change of
    /// the lines that pin Swift affects everything.
    public init(
        head: Workspace, headFiles: any WorkspaceFiles, base: BaseGraph, changes: [FileChange],
        unexplainedPackages: [String: PackageManifestChange] = [:], pins: [String: PinContents] = [:], includeExternal: Bool = false
    ) {
        var seeding = AffectedSeeding(head: head, headFiles: headFiles, base: base)
        seeding.seedOwners(of: changes, pins: pins)
        seeding.seedChangedDeclarations()
        seeding.seedUnexplained(unexplainedPackages)
        seeding.seedChangedProjectSpecs(Set(changes.flatMap(\.touchedPaths)))
        changedFiles = seeding.changedFiles
        everythingReasons = seeding.everythingReasons
        affected = seeding.affected()
        if !includeExternal { affected.removeAll { head.targets[$0.target].isOutsideWorkspace } }
    }

    /// The seeds and every target that depends on one, each with the chain that reached it
    /// (breadth first over the reversed graph, so the chain is a shortest one).
    static func closure(of seeds: [TargetID: AffectedReason.Cause], in workspace: Workspace) -> [AffectedTarget] {
        let parents = workspace.graph.reversed().breadthFirstParents(from: seeds.keys.sorted().map(\.index))
        return workspace.targets.indices.compactMap { target -> AffectedTarget? in
            // The path runs from the seed to the target through dependents.
            guard let path = workspace.path(to: target, parents: parents) else { return nil }
            let t = workspace.targets[target]
            return AffectedTarget(
                target: target, name: t.name, role: t.role,
                reason: AffectedReason(cause: seeds[path[0]]!, chain: path.map { workspace.targets[$0].name }))
        }
    }
}

/// The targets a change starts from (the seeds), found one kind of change at a time, and why
/// everything is affected where something is.
private struct AffectedSeeding {
    let head: Workspace
    let headFiles: any WorkspaceFiles
    let headIndex: TargetFileIndex
    let baseWorkspace: Workspace?
    let baseFiles: (any WorkspaceFiles)?
    let baseIndex: TargetFileIndex?
    private(set) var seeds: [TargetID: AffectedReason.Cause] = [:]
    private(set) var changedFiles: [ChangedFile] = []
    private(set) var everythingReasons: [String] = []

    init(head: Workspace, headFiles: any WorkspaceFiles, base: BaseGraph) {
        self.head = head
        self.headFiles = headFiles
        headIndex = TargetFileIndex(head)
        switch base {
        case .loaded(let workspace, let files): (baseWorkspace, baseFiles) = (workspace, files)
        case .sameAsHead: (baseWorkspace, baseFiles) = (nil, nil)
        case .unreadable(let reason):
            (baseWorkspace, baseFiles) = (nil, nil)
            everythingReasons.append(reason)
        }
        baseIndex = baseWorkspace.map(TargetFileIndex.init)
    }

    /// The first cause found for a target is the one it keeps.
    private mutating func seed(_ target: TargetID, _ cause: AffectedReason.Cause) {
        if seeds[target] == nil { seeds[target] = cause }
    }

    /// Files: `affected.always` first (everything), then `affected.ignore` (nothing, unless it is
    /// a manifest, which the graphs are compared for), then the owners at either revision.
    mutating func seedOwners(of changes: [FileChange], pins: [String: PinContents]) {
        let always = head.manifest.affected.always.map { PathPattern($0.value) }
        let ignore = head.manifest.affected.ignore.map { PathPattern($0.value) }
        for change in changes {
            var owners: [TargetID] = []
            var role: String?
            for path in change.touchedPaths {
                if let pattern = always.first(where: { $0.matches(path) }) {
                    role = "always"
                    everythingReasons.append("\(path) changed, and affected.always lists '\(pattern)'")
                    continue
                }
                if !ChangeClassifier.isManifest(path), ignore.contains(where: { $0.matches(path) }) {
                    role = role ?? "ignored"
                    continue
                }
                for owner in self.owners(of: path) where !owners.contains(owner) {
                    owners.append(owner)
                    seed(owner, .file(path: path, change: change.kind))
                }
                if ChangeClassifier.isToolchainPin(path) {
                    if let reason = ToolchainPin.reason(path: path, base: pins[path]?.base, head: pins[path]?.head) {
                        role = "toolchain pin"
                        everythingReasons.append(reason)
                    }
                } else if ChangeClassifier.isManifest(path) {
                    role = "manifest"
                }
            }
            changedFiles.append(ChangedFile(change: change, owners: owners.map { head.targets[$0].name }, role: role))
        }
    }

    /// The head targets owning a path at the head, then at the base.
    private func owners(of path: String) -> [TargetID] {
        var baseOwners: [TargetID] = []
        if let baseIndex, let baseWorkspace {
            baseOwners = baseIndex.owners(of: path).compactMap { head.target(matching: $0, of: baseWorkspace) }
        }
        return headIndex.owners(of: path) + baseOwners
    }

    /// Declarations that differ between the revisions (new targets included), and the shared
    /// build settings (everything).
    mutating func seedChangedDeclarations() {
        guard let baseWorkspace else { return }
        let (before, after) = (WorkspaceBuildSettings(baseWorkspace.manifest), WorkspaceBuildSettings(head.manifest))
        if before != after {
            everythingReasons.append("the build settings every target shares changed (\(before.summary) → \(after.summary))")
        }
        for target in head.targets.indices {
            guard let old = baseWorkspace.target(matching: target, of: head) else {
                seed(target, .declaration("\(head.targets[target].name) is new"))
                continue
            }
            let changes = TargetDeclaration(target, in: head).changes(from: TargetDeclaration(old, in: baseWorkspace))
            if !changes.isEmpty {
                seed(target, .declaration("\(head.targets[target].name): " + changes.joined(separator: "; ")))
            }
        }
    }

    /// Package manifests the graphs do not explain: the targets whose declarations changed, or
    /// every target of the package (at either revision) when what they all share did.
    mutating func seedUnexplained(_ unexplainedPackages: [String: PackageManifestChange]) {
        for (manifest, change) in unexplainedPackages.sorted(by: { $0.key < $1.key }) {
            guard case .targets(let names) = change else { continue }
            for name in names.sorted() {
                guard let target = head.index[name] else { continue }
                seed(target, .declaration("\(manifest) changed the declaration of \(name)"))
            }
        }
        let wholePackages = unexplainedPackages.compactMapValues { change -> String? in
            if case .wholePackage(let reason) = change { return reason }
            return nil
        }
        guard !wholePackages.isEmpty else { return }
        var revisions: [(Workspace, any WorkspaceFiles)] = [(head, headFiles)]
        if let baseWorkspace, let baseFiles { revisions.append((baseWorkspace, baseFiles)) }
        for (workspace, files) in revisions {
            for target in workspace.targets {
                guard let folder = workspace.packageFolder(of: target, files: files),
                    let (manifest, reason) = wholePackages.first(where: { ChangeClassifier.folder(of: $0.key) == folder }),
                    let headTarget = head.index[target.name]
                else { continue }
                seed(headTarget, .declaration("\(manifest) changed (\(reason)), and \(target.name) is one of its targets"))
            }
        }
    }

    /// Project specs (XcodeGen, pods) that changed: every target of each project read from
    /// them, at either revision, as for a Package.swift in adopt mode. An Xcode project's targets
    /// carry their build declarations, which `seedChangedDeclarations` compared one by one.
    mutating func seedChangedProjectSpecs(_ changedPaths: Set<String>) {
        for workspace in [head] + (baseWorkspace.map { [$0] } ?? []) {
            for spec in workspace.projectSpecs where !spec.declaresTargets {
                guard
                    let changed = spec.files.lazy.compactMap({ PathResolution.path($0, inside: workspace.root) }).first(where: changedPaths.contains)
                else { continue }
                for name in spec.targets {
                    guard let target = head.index[name] else { continue }
                    seed(target, .declaration("\(changed) changed, and \(name) is read from it"))
                }
            }
        }
    }

    /// Everything, each target with all the reasons, or the seeds and all that depends on them.
    func affected() -> [AffectedTarget] {
        guard everythingReasons.isEmpty else {
            let everything = everythingReasons.joined(separator: "; ")
            return head.targets.withIDs.map { index, target in
                AffectedTarget(
                    target: index, name: target.name, role: target.role,
                    reason: AffectedReason(cause: .everything(everything), chain: [target.name]))
            }
        }
        return AffectedAnalysis.closure(of: seeds, in: head)
    }
}
