import StrataDiagnostics
import StrataGraph
import StrataManifest
public import StrataWorkspace

/// `no-cycles`: the graph has no dependency cycles. Every elementary cycle is reported once,
/// starting at its first target in workspace order, with the full path `A → B → C → A`.
public struct NoCycles: GraphRule {
    public let id = "no-cycles"
    public let summary = "There are no dependency cycles; each cycle is reported once with its full path."

    /// At most this many cycles are listed per tangle of targets; the last says how many targets are involved.
    public var limitPerComponent: Int

    public init(limitPerComponent: Int = 50) {
        self.limitPerComponent = limitPerComponent
    }

    public func check(_ workspace: Workspace) -> [Finding] {
        var findings: [Finding] = []
        for component in workspace.graph.elementaryCycles(limitPerComponent: limitPerComponent) {
            for (index, nodes) in component.cycles.enumerated() {
                let cycle = nodes.map(TargetID.init)
                let path = cycle + [cycle[0]]
                let first = workspace.targets[cycle[0]].name
                var notes = workspace.edgeNotes(along: path)
                if component.truncated && index == component.cycles.count - 1 {
                    let names = component.component.map { workspace.targets[TargetID($0)].name }
                    notes.append(
                        DiagnosticNote(
                            "more cycles exist among these \(names.count) targets; only the first \(component.cycles.count) are listed: \(names.joined(separator: ", "))"
                        ))
                }
                let message =
                    cycle.count == 1
                    ? "'\(first)' depends on itself"
                    : "dependency cycle: \(workspace.describe(path: path))"
                findings.append(
                    Finding(
                        message, at: workspace.dependency(from: path[0], to: path[1])?.location, notes: notes,
                        hint: "break the cycle by moving what one of them needs into a lower module, or by depending on an interface",
                        subject: DiagnosticSubject(source: first, target: workspace.describe(path: Array(path.dropFirst())))))
            }
        }
        return findings
    }
}
