import StrataDiagnostics
import StrataManifest
public import StrataWorkspace

/// `same-layer`: no links between modules of one layer, except to an interface target
/// (interface → interface inside a layer is fine). Tests may also link a neighbour's mocks.
/// A layer declared with `same-layer: allowed` is not checked.
public struct SameLayer: EdgeRule {
    public let id = "same-layer"
    public let summary = "Modules of one layer link each other only through interface targets."

    public init() {}

    public func finding(from: TargetID, to: TargetID, declaredBy dependency: Dependency, in workspace: Workspace) -> Finding? {
        guard let fromRank = workspace.rank(of: from), fromRank == workspace.rank(of: to),
            !workspace.sameModule(from, to)
        else { return nil }
        if case .layer(let layer) = fromRank, workspace.layers[layer].allowsSameLayerLinks { return nil }
        let source = workspace.targets[from], target = workspace.targets[to]
        if target.role == .interface { return nil }
        if source.role == .tests && target.role == .mocks { return nil }
        let subject = DiagnosticSubject(source: source.name, target: target.name)
        if source.role == .app {
            return Finding(
                "app '\(source.name)' depends on app '\(target.name)'", at: dependency.location,
                hint: "move what both apps need into a module", subject: subject)
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
        return Finding(
            "'\(source.name)' depends on '\(target.name)', another module in layer '\(layer)'; inside a layer, links must go to an interface target",
            at: dependency.location, hint: hint, subject: subject)
    }
}
