import Foundation
public import StrataDiagnostics
import StrataGraph
public import StrataProjectFormat
public import StrataWorkspace

/// Which part of the workspace graph to draw.
public struct GraphSelection: Sendable, Hashable {
    /// Which way to walk from the focused module.
    public enum Direction: String, Sendable, CaseIterable {
        /// What the module depends on, and what depends on it.
        case both
        case dependencies
        case dependents
    }

    /// A module (all its targets) or a target to centre on; nil draws everything.
    public var focus: String?
    /// How many edges away from the focus to go; nil is no limit.
    public var depth: Int?
    public var direction: Direction = .both
    /// Only targets of these layers (by name); empty means all layers.
    public var layers: [String] = []
    /// Test targets and the mocks targets they use.
    public var includeTests = true
    public var includeExternals = true

    public init() {}
}

/// The part of a workspace to draw: a set of targets, the edges among them, and the findings
/// that concern them. Every format renders a view, so filters behave the same in all of them.
public struct GraphView: Sendable {
    public let workspace: Workspace
    /// Selected targets, in workspace order.
    public let targets: [TargetID]
    /// Edges between selected targets.
    public let edges: [Edge]
    /// Findings about the selected targets, with the edges and targets they mark.
    public let findings: [MarkedFinding]
    /// The focused targets, if any.
    public let focused: Set<TargetID>
    /// Rule ids of findings about each target itself, sorted, for targets that have some.
    private let targetRules: [TargetID: [String]]

    public struct Edge: Sendable, Hashable {
        public var from: TargetID
        public var to: TargetID
        /// True for edges Strata adds by convention (a module on its interface, tests on mocks).
        public var isAutomatic: Bool
        /// Rule ids of findings about this edge (drawn in red).
        public var rules: [String]
        /// What kind of target the edge points at: implementation, interface, mocks, app, external.
        public var kind: String
        /// `.when(platforms:traits:)` of the manifest; nil when the edge always applies.
        public var condition: DependencyCondition? = nil
    }

    /// A finding and what in the graph it is about.
    public struct MarkedFinding: Sendable, Hashable {
        public var diagnostic: Diagnostic
        /// Edges (from, to) that the finding is about, among the selected ones.
        public var edges: [[TargetID]]
        /// Targets the finding is about when it is not about an edge (a cycle's members, an unmapped target).
        public var targets: [TargetID]
    }

    /// Selects from `workspace`; an unknown focus or layer is an input error with a suggestion.
    public init(workspace: Workspace, findings: [Diagnostic], selection: GraphSelection) throws(InputErrors) {
        self.workspace = workspace
        var keep = try Self.selectedRolesAndLayers(of: workspace, selection)
        focused = try Self.focus(workspace, selection, keep: &keep)
        targets = workspace.targets.indices.filter { keep[$0] }
        let (marked, edgeRules) = Self.mark(findings, in: workspace, keep: keep)
        self.findings = marked
        var targetRules: [TargetID: Set<String>] = [:]
        for finding in marked {
            for target in finding.targets { targetRules[target, default: []].insert(finding.diagnostic.id) }
        }
        self.targetRules = targetRules.mapValues { $0.sorted() }
        edges = Self.edges(of: targets, in: workspace, keep: keep, edgeRules: edgeRules)
    }

    /// The targets the roles and layers of the selection keep.
    private static func selectedRolesAndLayers(of workspace: Workspace, _ selection: GraphSelection) throws(InputErrors) -> IDArray<TargetID, Bool> {
        var keep = IDArray<TargetID, Bool>(repeating: true, count: workspace.targets.count)
        for index in workspace.targets.indices {
            let target = workspace.targets[index]
            // Mocks exist for tests alone: without the tests they would hang loose in the drawing.
            if !selection.includeTests && (target.role == .tests || target.role == .mocks) { keep[index] = false }
            if !selection.includeExternals && target.role == .external { keep[index] = false }
        }
        guard !selection.layers.isEmpty else { return keep }
        let names = workspace.layers.map(\.name)
        var wanted = Set<LayerID>()
        for layer in selection.layers {
            guard let index = names.firstIndex(of: layer) else {
                throw InputErrors(
                    .inputError(
                        "unknown-layer", "there is no layer '\(layer)' in \(workspace.name)", at: nil,
                        hint: Suggestions.didYouMean(layer, in: names) ?? "the layers are: \(names.joined(separator: ", "))"))
            }
            wanted.insert(LayerID(index))
        }
        for index in workspace.targets.indices where !(workspace.targets[index].layer.map(wanted.contains) ?? false) { keep[index] = false }
        return keep
    }

    /// The focused targets (none without a focus); keeps only what they reach within the
    /// selection's depth and direction.
    private static func focus(
        _ workspace: Workspace, _ selection: GraphSelection, keep: inout IDArray<TargetID, Bool>
    ) throws(InputErrors) -> Set<TargetID> {
        guard let focus = selection.focus else { return [] }
        let focused: Set<TargetID>
        if let module = workspace.modules.first(where: { $0.name == focus }) {
            focused = Set(module.targets.values)
        } else if let target = workspace.index[focus] {
            focused = [target]
        } else {
            throw InputErrors(
                .inputError(
                    "unknown-module", "there is no module or target '\(focus)' in \(workspace.name)", at: nil,
                    hint: Suggestions.didYouMean(focus, in: workspace.modules.map(\.name) + workspace.targets.map(\.name))
                        ?? "'strata graph --format json' lists the modules"))
        }
        var reached = focused
        func walk(_ next: (TargetID) -> [Int]) {
            var frontier = Array(focused)
            var distance = 0
            while !frontier.isEmpty && distance < (selection.depth ?? Int.max) {
                distance += 1
                var following: [TargetID] = []
                for target in frontier {
                    for node in next(target) {
                        let neighbour = TargetID(node)
                        guard keep[neighbour] && !reached.contains(neighbour) else { continue }
                        reached.insert(neighbour)
                        following.append(neighbour)
                    }
                }
                frontier = following
            }
        }
        // The graph's node `n` is target `TargetID(n)`.
        let dependents = workspace.graph.reversed()
        if selection.direction != .dependents { walk { workspace.graph.successors[$0.index] } }
        if selection.direction != .dependencies { walk { dependents.successors[$0.index] } }
        for index in workspace.targets.indices where !reached.contains(index) { keep[index] = false }
        return focused
    }

    private struct EdgeKey: Hashable {
        var from: TargetID
        var to: TargetID
    }

    /// The findings about kept targets: an edge when the subject is one, else the subject's
    /// targets; and the rule ids of each marked edge.
    private static func mark(
        _ findings: [Diagnostic], in workspace: Workspace, keep: IDArray<TargetID, Bool>
    ) -> (marked: [MarkedFinding], edgeRules: [EdgeKey: [String]]) {
        var edgeRules: [EdgeKey: [String]] = [:]
        var marked: [MarkedFinding] = []
        for diagnostic in findings {
            guard let subject = diagnostic.subject else { continue }
            let path = [subject.source] + subject.target.components(separatedBy: " → ").filter { !$0.isEmpty }
            let indices = path.compactMap { workspace.index[$0] }
            var edges: [[TargetID]] = []
            // A cycle's path returns to where it started.
            let closing = diagnostic.id == "no-cycles" && indices.count > 1 ? [indices[0]] : []
            for (from, to) in zip(indices, Array(indices.dropFirst()) + closing)
            where workspace.dependency(from: from, to: to) != nil && keep[from] && keep[to] {
                edges.append([from, to])
                edgeRules[EdgeKey(from: from, to: to), default: []].append(diagnostic.id)
            }
            let nodes = edges.isEmpty ? indices.filter { keep[$0] } : []
            if !edges.isEmpty || !nodes.isEmpty {
                marked.append(MarkedFinding(diagnostic: diagnostic, edges: edges, targets: nodes))
            }
        }
        return (marked, edgeRules)
    }

    /// The dependencies between kept targets, with the rules each breaks.
    private static func edges(
        of targets: [TargetID], in workspace: Workspace, keep: IDArray<TargetID, Bool>, edgeRules: [EdgeKey: [String]]
    ) -> [Edge] {
        var edges: [Edge] = []
        if targets.count == workspace.targets.count { edges.reserveCapacity(workspace.dependencyCount) }
        for from in targets {
            // Fields read in place, by index: copying each Dependency (its location, aliases) costs more.
            let dependencies = workspace.dependencies[from]
            for index in dependencies.indices where keep[dependencies[index].target] {
                let to = dependencies[index].target
                let rules = edgeRules.isEmpty ? [] : Set(edgeRules[EdgeKey(from: from, to: to)] ?? []).sorted()
                edges.append(
                    Edge(
                        from: from, to: to, isAutomatic: dependencies[index].isAutomatic, rules: rules,
                        kind: workspace.targets[to].role.rawValue, condition: dependencies[index].condition))
            }
        }
        return edges
    }

    /// Rule ids of findings about the target itself (not about one of its edges).
    public func rules(of target: TargetID) -> [String] {
        targetRules[target] ?? []
    }

    /// The band a target is drawn in: apps on top, then the layers top to bottom, then targets
    /// without a layer (system libraries, binary targets and plugins of the workspace's own
    /// packages among them), then externals.
    public func band(of target: TargetID) -> Int {
        let t = workspace.targets[target]
        switch t.role {
        case .app: return 0
        case .external: return t.isOutsideWorkspace ? workspace.layers.count + 2 : workspace.layers.count + 1
        default: return t.layer.map { $0.index + 1 } ?? workspace.layers.count + 1
        }
    }

    /// A band's title.
    public func bandName(_ band: Int) -> String {
        if band == 0 { return "apps" }
        if band <= workspace.layers.count { return workspace.layers[LayerID(band - 1)].name }
        return band == workspace.layers.count + 1 ? "no layer" : "external packages"
    }

    /// The selected targets grouped by band, top to bottom, empty bands left out.
    public var bands: [(band: Int, targets: [TargetID])] {
        Dictionary(grouping: targets, by: band(of:)).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
