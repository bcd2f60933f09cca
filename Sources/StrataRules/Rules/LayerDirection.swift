import StrataDiagnostics
public import StrataManifest
import StrataWorkspace

/// `layer-direction`: a module depends only on modules in layers below its own.
/// Apps sit above every layer, so nothing may depend on an app — except tests of that app.
public struct LayerDirection: Rule {
    public let id = "layer-direction"
    public let defaultSeverity = RuleSeverity.error
    public let summary = "A module depends only on modules in layers below its own; nothing depends on an app."

    public init() {}

    public func check(_ input: RuleInput) -> [Finding] {
        let workspace = input.workspace
        var findings: [Finding] = []
        workspace.forEachDeclaredEdge { from, to, dependency in
            guard let fromRank = workspace.rank(of: from), let toRank = workspace.rank(of: to), toRank < fromRank else { return }
            if workspace.targets[from].role == .tests && workspace.targets[to].role == .app { return }
            let target = workspace.targets[to]
            let message =
                target.role == .app
                ? "\(workspace.label(from)) depends on the app '\(target.name)'; apps sit above every layer"
                : "\(workspace.label(from)) depends on \(workspace.label(to)), which is in a higher layer"
            findings.append(
                Finding(
                    message, at: dependency.location, notes: [workspace.layerOrderNote],
                    hint: target.role == .app
                        ? "move the code '\(workspace.targets[from].name)' needs out of the app into a module"
                        : "move the code it needs down into a lower layer, or invert the dependency through an interface below both",
                    subject: DiagnosticSubject(source: workspace.targets[from].name, target: target.name)))
        }
        return findings
    }
}
