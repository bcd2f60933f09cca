import StrataDiagnostics
import StrataGraph
import StrataManifest
public import StrataWorkspace

/// `max-depth`: no chain of production targets (implementations, interfaces, apps) longer than
/// strata.yml's `constraints: - { max-depth: N }`. A chain builds one target after another, so its
/// length bounds how much of a clean build the cores can share. The longest chain is found by
/// one pass over a topological order; a graph with a cycle is left to `no-cycles`.
public struct MaxDepth: GraphRule {
    public let id = "max-depth"
    public let summary = "No chain of production targets is longer than a 'max-depth' constraint in strata.yml allows."

    public init() {}

    public func check(_ workspace: Workspace) -> [Finding] {
        let limits = workspace.manifest.constraints.compactMap { constraint in constraint.depthLimit.map { (constraint, $0) } }
        guard !limits.isEmpty, let chain = longestChain(in: workspace) else { return [] }
        let targets = workspace.targets
        return limits.filter { chain.count > $0.1 }.map { constraint, limit in
            Finding(
                "the longest chain of targets is \(chain.count) long, over the \(limit) allowed: \(workspace.describe(path: chain)): \(constraint.reason.value)",
                at: workspace.dependency(from: chain[0], to: chain[1])?.location,
                notes: workspace.edgeNotes(along: chain) + [DiagnosticNote("limited by this constraint", at: constraint.location)],
                hint:
                    "shorten the chain: let '\(targets[chain[0]].name)' or a target on the way depend on an interface lower down, or merge modules that only ever build in a row",
                subject: DiagnosticSubject(source: targets[chain[0]].name, target: targets[chain.last!].name))
        }
    }

    /// The longest path of production targets, first found in topological order; nil if the
    /// production graph has a cycle.
    func longestChain(in workspace: Workspace) -> [TargetID]? {
        let targets = workspace.targets
        let production = Digraph(
            successors: targets.indices.map { id in
                targets[id].role.isProduction ? workspace.graph.successors[id.index].filter { targets[TargetID($0)].role.isProduction } : []
            })
        guard let order = production.topologicalOrder() else { return nil }
        // Dependencies come after their users in the order: walked backwards, each node's chain is known from its successors'.
        var length = [Int](repeating: 1, count: production.nodeCount)
        var next = [Int?](repeating: nil, count: production.nodeCount)
        for node in order.reversed() {
            for successor in production.successors[node] where length[successor] + 1 > length[node] {
                length[node] = length[successor] + 1
                next[node] = successor
            }
        }
        guard let start = order.filter({ targets[TargetID($0)].role.isProduction }).max(by: { length[$0] < length[$1] }), length[start] > 1
        else { return nil }
        var chain = [TargetID(start)]
        var current = start
        while let step = next[current] {
            chain.append(TargetID(step))
            current = step
        }
        return chain
    }
}
