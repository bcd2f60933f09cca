import StrataDiagnostics
public import StrataManifest
import StrataWorkspace

/// `same-layer`: no links between modules of one layer, except to an interface target
/// (interface → interface inside a layer is fine). Tests may also link a neighbour's mocks.
/// A layer declared with `same-layer: allowed` is not checked.
public struct SameLayer: Rule {
    public let id = "same-layer"
    public let defaultSeverity = RuleSeverity.error
    public let summary = "Modules of one layer link each other only through interface targets."

    public init() {}

    public func check(_ input: RuleInput) -> [Finding] {
        let workspace = input.workspace
        var findings: [Finding] = []
        workspace.forEachDeclaredEdge { from, to, dependency in
            guard let fromRank = workspace.rank(of: from), fromRank == workspace.rank(of: to),
                !workspace.sameModule(from, to)
            else { return }
            if case .layer(let layer) = fromRank, workspace.layers[layer].allowsSameLayerLinks { return }
            let source = workspace.targets[from], target = workspace.targets[to]
            if target.role == .interface { return }
            if source.role == .tests && target.role == .mocks { return }
            let subject = DiagnosticSubject(source: source.name, target: target.name)
            if source.role == .app {
                findings.append(
                    Finding(
                        "app '\(source.name)' depends on app '\(target.name)'", at: dependency.location,
                        hint: "move what both apps need into a module", subject: subject))
                return
            }
            let layer = workspace.layerName(of: from)
            var hint: String
            if let interface = workspace.interfaceTarget(ofModuleOf: to) {
                hint = "depend on its interface '\(workspace.targets[interface].name)' instead"
            } else {
                hint = "give '\(target.module ?? target.name)' an interface target and depend on that, or move one of the two to another layer"
            }
            // A catch-all layer (`patterns: ["*"]`) is how a first adoption starts: say how to see the rest first.
            // strata.yml declares the layers in the workspace's order.
            if case .layer(let id) = fromRank, workspace.manifest.layers[id.index].patterns.contains(where: { $0.value == "*" }) {
                hint += "; while layer '\(layer)' catches every module, 'same-layer: allowed' on it shows the graph and the import findings first"
            }
            findings.append(
                Finding(
                    "'\(source.name)' depends on '\(target.name)', another module in layer '\(layer)'; inside a layer, links must go to an interface target",
                    at: dependency.location, hint: hint, subject: subject))
        }
        return findings
    }
}
