import StrataDiagnostics
import StrataGraph
import StrataManifest
public import StrataWorkspace

/// `mocks-in-production`: a mocks target is reachable only from tests and test host apps.
/// Each production edge into a mocks target is reported once, with the path from an app
/// (or, if no app reaches it, from the production target itself) to the mock.
public struct MocksInProduction: GraphRule {
    public let id = "mocks-in-production"
    public let summary = "Mocks targets are linked only by tests and test host apps, never by production code."

    public init() {}

    private static func isProduction(_ target: Target) -> Bool {
        target.role.isProduction && !target.isTestHost
    }

    public func check(_ workspace: Workspace) -> [Finding] {
        let targets = workspace.targets
        // Shortest production paths from the apps to every production target.
        let apps = targets.indices.filter { targets[$0].role == .app && !targets[$0].isTestHost }
        let parents = workspace.graph.breadthFirstParents(from: apps.map(\.index)) { _, to in Self.isProduction(targets[TargetID(to)]) }
        var findings: [Finding] = []
        workspace.forEachDeclaredEdge { from, to, dependency in
            guard Self.isProduction(targets[from]), targets[to].role == .mocks else { return }
            let path = (workspace.path(to: from, parents: parents) ?? [from]) + [to]
            findings.append(
                Finding(
                    "mocks target '\(targets[to].name)' is linked by production code: \(workspace.describe(path: path))",
                    at: dependency.location,
                    notes: workspace.edgeNotes(along: path).dropLast(),
                    hint: targets[from].role == .app
                        ? "link '\(targets[to].name)' only from tests, or mark '\(targets[from].name)' as a test host app ('host: true')"
                        : "link '\(targets[to].name)' only from test targets; production code should depend on the interface",
                    subject: DiagnosticSubject(source: targets[from].name, target: targets[to].name)))
        }
        return findings
    }
}
