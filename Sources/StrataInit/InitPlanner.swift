import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataProjectFormat
public import StrataWorkspace

/// What `strata init` proposes for a workspace: where its build files are, how its targets are
/// named, and its layers.
public struct InitPlan: Sendable {
    public var root: String
    public var discovery: WorkspaceDiscovery
    public var naming: NamingInference
    public var proposal: LayerProposal
    /// How many modules, apps and targets the graph has, for the summary.
    public var moduleCount: Int
    public var appCount: Int
    /// Modules by name: their proposed layer and their longest-path level, for the prompts.
    public var graph: ModuleGraph
}

/// Reads a workspace that has no strata.yml and proposes one (`strata init`).
public enum InitPlanner {
    /// Plans for the workspace folder `root` (absolute). `discovery` replaces what is looked for
    /// when given. Input problems (a Package.swift that cannot be read) are thrown as diagnostics.
    public static func plan(
        root: String, discovery given: WorkspaceDiscovery? = nil, packageReading: WorkspaceLoader.PackageReading = .automatic
    )
        async throws(InputErrors) -> InitPlan
    {
        var discovery = given ?? WorkspaceDiscovery(root: root)
        let manifestPath = (root as NSString).appendingPathComponent("strata.yml")
        guard !discovery.isEmpty else {
            throw InputErrors(
                .inputError(
                    "nothing-to-adopt", "found no Package.swift, Xcode project, XcodeGen project.yml, podspec or Podfile in '\(root)'",
                    at: .file(root),
                    hint:
                        "run 'strata init' in the workspace folder, or name the packages with --packages (for a new workspace, write strata.yml with 'modules:' and run 'strata generate')"
                ))
        }
        let loader = WorkspaceLoader(packageReading: packageReading)
        // Read once with the default names, to see which companion names the targets use; then
        // again with those, so that interfaces, mocks and tests fold into their modules.
        let first = try await loadAdjusting(&discovery, manifestPath: manifestPath, root: root, loader: loader, canAdjust: given == nil)
        let naming = NamingInference(
            targets: first.workspace.targets.compactMap { target -> (String, NamingInference.Kind)? in
                switch target.role {
                case .implementation, .interface, .mocks: (target.name, .library)
                case .tests: (target.name, .test)
                case .app: (target.name, .executable)
                case .external: nil
                }
            })
        let loaded = try await loader.load(manifestAt: manifestPath, bytes: Array(provisionalManifest(discovery, naming: naming).utf8))
        let graph = ModuleGraph(workspace: loaded.workspace)
        return InitPlan(
            root: root, discovery: discovery, naming: naming, proposal: LayerInference.propose(graph), moduleCount: graph.nodes.count,
            appCount: loaded.workspace.targets.filter { $0.role == .app }.count, graph: graph)
    }

    /// Loads the workspace with default names. What a first load finds that a proposal can settle
    /// is settled and the load tried again: packages outside the workspace folder that its
    /// packages use by path are allowed (`outside-workspace`), and of two packages or projects
    /// that declare the same target (a package of its own for others, a generated project, a
    /// server package beside the app) one is left out (`leftOutOfTwo`).
    static func loadAdjusting(
        _ discovery: inout WorkspaceDiscovery, manifestPath: String, root: String, loader: WorkspaceLoader, canAdjust: Bool
    ) async throws(InputErrors) -> LoadedWorkspace {
        var attempts = 0
        while true {
            do throws(InputErrors) {
                return try await loader.load(manifestAt: manifestPath, bytes: Array(provisionalManifest(discovery, naming: nil).utf8))
            } catch {
                attempts += 1
                guard canAdjust, attempts <= 3, let adjusted = adjusted(discovery, for: error.diagnostics, root: root) else { throw error }
                discovery = adjusted
            }
        }
    }

    /// `discovery` changed to settle `problems`, or nil if they are not all of a kind it settles
    /// or it settles none of them (a duplicate `leftOutOfTwo` cannot settle waits for the next load).
    static func adjusted(_ discovery: WorkspaceDiscovery, for problems: [Diagnostic], root: String) -> WorkspaceDiscovery? {
        var outside: [String] = []
        var repeating: Set<String> = []
        for problem in problems {
            switch problem.id {
            case "path-outside-workspace":
                guard let hint = problem.hint, let range = hint.range(of: "'outside-workspace: ["),
                    let close = hint[range.upperBound...].firstIndex(of: "]")
                else { return nil }
                outside.append(String(hint[range.upperBound..<close]))
            case "duplicate-target":
                guard let location = problem.location else { return nil }
                let declarations = ([location] + problem.notes.compactMap(\.location)).map { PathResolution.relative($0.path, from: root) }
                if let file = leftOutOfTwo(declarations, discovery: discovery) { repeating.insert(file) }
            default:
                return nil
            }
        }
        var changed = discovery
        for folder in outside where !changed.outsideWorkspace.contains(folder) { changed.outsideWorkspace.append(folder) }
        if !repeating.isEmpty {
            guard let left = changed.leavingOut(files: repeating, because: "declares targets of another package or project of the workspace again")
            else { return nil }
            changed = left
        }
        return changed.outsideWorkspace == discovery.outsideWorkspace && changed.leftOut.count == discovery.leftOut.count ? nil : changed
    }

    /// Which of the files declaring a target twice to leave out: the later declaration, unless it
    /// is an Xcode project's (apps live in projects; a package repeating an app's target name is a
    /// server or a tool beside it), then the earlier. Nil when that one is not among the files
    /// found (a package another uses by path): it may go with the package that uses it.
    static func leftOutOfTwo(_ declarations: [String], discovery: WorkspaceDiscovery) -> String? {
        guard let later = declarations.first else { return nil }
        let chosen = later.hasSuffix(".xcodeproj/project.pbxproj") && declarations.count > 1 ? declarations[1] : later
        return discovery.canLeaveOut(chosen) ? chosen : nil
    }

    /// A strata.yml that reads the workspace with one catch-all layer.
    static func provisionalManifest(_ discovery: WorkspaceDiscovery, naming: NamingInference?) -> String {
        var lines = ["layers: [{ name: all, patterns: [\"*\"], same-layer: allowed }]"]
        if let naming { lines += InitManifestWriter.namingLines(naming) }
        lines += InitManifestWriter.adoptLines(discovery, hosts: naming?.hosts ?? [])
        lines += InitManifestWriter.outsideLines(discovery)
        return lines.joined(separator: "\n") + "\n"
    }
}
