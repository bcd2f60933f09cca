import StrataDiagnostics
import StrataManifest
public import StrataWorkspace

/// `layer-direction`: a module depends only on modules in layers below its own.
/// Apps sit above every layer, so nothing may depend on an app — except tests of that app.
public struct LayerDirection: EdgeRule {
    public let id = "layer-direction"
    public let summary = "A module depends only on modules in layers below its own; nothing depends on an app."

    public init() {}

    public func finding(from: TargetID, to: TargetID, declaredBy dependency: Dependency, in workspace: Workspace) -> Finding? {
        guard let fromRank = workspace.rank(of: from), let toRank = workspace.rank(of: to), toRank < fromRank else { return nil }
        if workspace.targets[from].role == .tests && workspace.targets[to].role == .app { return nil }
        let target = workspace.targets[to]
        let message =
            target.role == .app
            ? "\(workspace.label(from)) depends on the app '\(target.name)'; apps sit above every layer"
            : "\(workspace.label(from)) depends on \(workspace.label(to)), which is in a higher layer"
        return Finding(
            message, at: dependency.location, notes: [workspace.layerOrderNote],
            hint: target.role == .app
                ? "move the code '\(workspace.targets[from].name)' needs out of the app into a module"
                : "move the code it needs down into a lower layer, or invert the dependency through an interface below both",
            subject: DiagnosticSubject(source: workspace.targets[from].name, target: target.name))
    }
}
