import Foundation
import StrataCocoaPods
public import StrataDiagnostics
import StrataFileSystem
public import StrataManifest
import StrataProjectFormat
import StrataSources
public import StrataWorkspace

/// `strata migrate` on a CocoaPods workspace (`adopt: { podspecs, podfile, spec-repos }`): a
/// generate-mode strata.yml whose packages build what the pods built, proved by comparing its
/// graph with the pods' one target by target, edge by edge and Swift file by Swift file.
///
/// Each pod becomes a module in its layer, building the sources of the pod and of the subspecs
/// in use from the pod's folder (`path`, `exclude`, `resources`), with its system frameworks and
/// libraries, its Swift language mode and its first test spec as tests; app specs and the
/// Podfile's targets become apps; external pods come from the packages `pods.yml` names. What
/// SwiftPM cannot say is listed for the team (``forTheTeam``), never dropped silently.
public struct PodsMigration: Sendable {
    /// The generate-mode strata.yml.
    public var manifestText: String
    /// `pods.yml` to write beside it when there is none: every external pod, filled in where its
    /// sources are at hand (``PodHomesDraft``), else for the team to give a home.
    public var homesText: String?
    /// strata.versions.yml: each module at its pod's last release in the spec repos, when
    /// strata.yml names a registry (the release train continues from there).
    public var versionsText: String?
    /// How the graph of `manifestText` differs from the pods' graph; empty when they agree.
    public var differences: [String]
    /// What SwiftPM cannot say, and what was left out and why.
    public var forTheTeam: [String]
    /// External pods `pods.yml` gives no package.
    public var withoutHome: [String]
    /// Edges the generate-mode graph adds by convention.
    public var conventionalEdges: Int
    public var moduleCount: Int
    public var appCount: Int

    /// Whether `manifest` adopts pods (and so `strata migrate` moves them).
    public static func applies(to manifest: Manifest) -> Bool {
        guard let adopt = manifest.adopt else { return false }
        return !adopt.podspecs.isEmpty || adopt.podfile != nil
    }

    /// Migrates `loaded`, an adopt-mode workspace read from pods (and nothing else).
    public static func migrate(_ loaded: LoadedWorkspace, manifestText old: String) async throws(InputErrors) -> PodsMigration {
        let workspace = loaded.workspace
        let manifest = workspace.manifest
        guard let adopt = manifest.adopt, applies(to: manifest) else {
            throw InputErrors(
                .inputError(
                    "unsupported-migration", "the workspace adopts no pods", at: .file(manifest.path),
                    hint: "'strata migrate' moves pods when 'adopt' lists 'podspecs' or a 'podfile'"))
        }
        try checkOnlyPods(workspace, adopt: adopt)
        let pods = try await PodsWorkspace.read(
            adopt, root: workspace.root, files: LocalFiles(), boundary: WorkspaceBoundary(root: workspace.root, manifest: manifest))
        let homes = try PodHomes.load(besideManifest: manifest.path)
        var planner = PodsPlanner(workspace: workspace, pods: pods, homes: homes)
        var plan = try planner.make()
        var draft: String?
        if homes == nil {
            // No pods.yml yet: a draft, from the pods' sources at hand, serves this run too, planned
            // again only if it gave some pod a home.
            draft = await PodHomesDraft.text(for: planner.externalPods, pods: pods)
            let path = PathResolution.parent(of: manifest.path) + "/" + PodHomes.fileName
            let drafted = try draft.map { text throws(InputErrors) in try PodHomes.parse(data: Data(text.utf8), path: path) }
            if let drafted, drafted.entries.values.contains(where: { $0 != nil }) {
                planner = PodsPlanner(workspace: workspace, pods: pods, homes: drafted, listed: planner.listed)
                plan = try planner.make()
            }
        }
        let (release, layoutNote) = PodsReleasePlan.make(for: plan, pods: pods, manifest: manifest, root: workspace.root)
        let text = PodsManifestWriter(manifest: manifest, old: old, plan: plan, release: release).text()

        // The proof: the graph strata.yml describes against the one the pods did.
        let migrated = try ManifestLoader.parse(data: Data(text.utf8), path: manifest.path)
        let generated = try await WorkspaceLoader().load(manifest: migrated).workspace
        let leftOut = Set(plan.modules.flatMap(\.leftOut))
        let (differences, conventional) = AdoptMigration.compare(
            adopted: workspace, generated: generated, names: plan.names, ignoring: plan.notMigrated, ignoringEdges: plan.edgesNotMigrated,
            adding: plan.binaryTargets,
            sources: { old, new in swiftFilesDiffer(old, new, leftOut: leftOut, root: workspace.root) },
            linkage: pods.linksDynamically ? .none : .modules)
        return PodsMigration(
            manifestText: text, homesText: draft, versionsText: release?.versionsText, differences: differences,
            forTheTeam: plan.forTheTeam + (layoutNote.map { [$0] } ?? []), withoutHome: plan.withoutHome, conventionalEdges: conventional,
            moduleCount: plan.modules.count,
            appCount: plan.apps.count)
    }

    /// Pods alone: a workspace that also reads packages, XcodeGen specs or Xcode projects is
    /// migrated in steps (its packages with the SwiftPM migration first).
    private static func checkOnlyPods(_ workspace: Workspace, adopt: AdoptSettings) throws(InputErrors) {
        if !adopt.xcode.isEmpty || !adopt.xcodegen.isEmpty {
            throw InputErrors(
                .inputError(
                    "unsupported-migration", "'strata migrate' moves pods to SwiftPM; this workspace also reads Xcode projects or XcodeGen specs",
                    at: adopt.location, hint: "migrate the pods in a strata.yml that adopts only them, then add the rest"))
        }
        let fromPackages = workspace.targets.filter { $0.role != .external && $0.location?.path.hasSuffix("Package.swift") == true }
        if let first = fromPackages.first {
            throw InputErrors(
                .inputError(
                    "unsupported-migration",
                    "'strata migrate' moves pods to SwiftPM; this workspace also has \(fromPackages.count) target\(fromPackages.count == 1 ? "" : "s") from Package.swift files",
                    at: first.location ?? adopt.location,
                    hint: "migrate the pods with 'adopt.packages: []', then add the packages' modules to the generate-mode strata.yml"))
        }
    }

    /// How the Swift files two targets build differ, in words; nil when they are the same (the
    /// adopt-mode side less the files of subspecs the migration left out, and said so).
    static func swiftFilesDiffer(_ old: Target, _ new: Target, leftOut: Set<String>, root: String) -> String? {
        // A Podfile target's sources are in an Xcode project the pods' graph does not read.
        guard let oldSources = old.sources, let newSources = new.sources, oldSources.only != [] else { return nil }
        let before = Set(SourceFileCollector.collect(oldSources).files.map(\.path)).subtracting(leftOut)
        let after = Set(SourceFileCollector.collect(newSources).files.map(\.path))
        guard before != after else { return nil }
        func names(_ files: Set<String>) -> String {
            let sorted = files.sorted().map { PathResolution.relative($0, from: root) }
            return sorted.prefix(3).joined(separator: ", ") + (sorted.count > 3 ? " and \(sorted.count - 3) more" : "")
        }
        var parts: [String] = []
        if !before.subtracting(after).isEmpty { parts.append("loses \(names(before.subtracting(after)))") }
        if !after.subtracting(before).isEmpty { parts.append("gains \(names(after.subtracting(before)))") }
        return "builds other Swift files once migrated: it " + parts.joined(separator: " and ")
    }
}
