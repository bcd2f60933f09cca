import StrataDiagnostics
import StrataFileSystem
import StrataGraph
import StrataManifest
public import StrataWorkspace

/// `forbidden-dependency`: what strata.yml's `constraints:` forbid where the order of layers
/// cannot say it ("features never meet", "the app never links the server's dependencies").
///
/// For each `{ from, never }` constraint, one search backwards from every target matching `never`
/// finds, for every target, the nearest such target it reaches (an external package's product
/// counts). Each target matching `from` that reaches one through at least one edge is reported
/// once, with the shortest path and the constraint's reason: one search per constraint, however
/// many targets `from` matches.
public struct ForbiddenDependency: GraphRule {
    public let id = "forbidden-dependency"
    public let summary = "No target reaches, directly or through others, one that a constraint in strata.yml forbids it."

    public init() {}

    public func check(_ workspace: Workspace) -> [Finding] {
        let constraints = workspace.manifest.constraints.filter { !$0.from.isEmpty }
        guard !constraints.isEmpty else { return [] }
        let reversed = workspace.graph.reversed()
        return constraints.flatMap { findings(for: $0, in: workspace, reversed: reversed) }
    }

    private func findings(for constraint: Constraint, in workspace: Workspace, reversed: Digraph) -> [Finding] {
        let targets = workspace.targets
        let from = constraint.from.map { Glob($0.value) }
        let never = constraint.never.map { Glob($0.value) }
        let forbidden = targets.indices.filter { id in never.contains { $0.matches(targets[id].name) } }
        guard !forbidden.isEmpty else { return [] }
        // Searched backwards, a node's parent is the next step forwards towards the nearest forbidden target.
        let towards = reversed.breadthFirstParents(from: forbidden.map(\.index))
        var findings: [Finding] = []
        for source in targets.indices where targets[source].role != .external && from.contains(where: { $0.matches(targets[source].name) }) {
            guard let path = shortestPath(from: source, towards: towards, in: workspace) else { continue }
            let target = path.last!
            findings.append(
                Finding(
                    "'\(targets[source].name)' reaches '\(targets[target].name)' through \(workspace.describe(path: path)): \(constraint.reason.value)",
                    at: workspace.dependency(from: path[0], to: path[1])?.location,
                    notes: workspace.edgeNotes(along: path) + [DiagnosticNote("forbidden by this constraint", at: constraint.location)],
                    hint: path.count == 2
                        ? "remove the dependency of '\(targets[source].name)' on '\(targets[target].name)'"
                        : "remove one of the dependencies on the path, or move what '\(targets[source].name)' needs out of '\(targets[path[1]].name)'",
                    subject: DiagnosticSubject(source: targets[source].name, target: targets[target].name)))
        }
        return findings
    }

    /// The shortest path of one edge or more from `source` to a forbidden target of another
    /// module: through the successor whose own way there is shortest (a forbidden successor's is
    /// zero). A module's own interface and mocks are part of it, not targets it may not meet.
    private func shortestPath(from source: TargetID, towards: [Int?], in workspace: Workspace) -> [TargetID]? {
        var best: [TargetID]?
        for next in workspace.graph.successors[source.index] {
            // The backward search's path runs from the forbidden target to `next`.
            guard let way = Digraph.path(to: next, parents: towards) else { continue }
            let path = [source] + way.reversed().map { TargetID($0) }
            guard !workspace.sameModule(source, path.last!) else { continue }
            if best == nil || path.count < best!.count { best = path }
        }
        return best
    }
}
