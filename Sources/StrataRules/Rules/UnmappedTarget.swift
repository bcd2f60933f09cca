import StrataDiagnostics
import StrataManifest
public import StrataWorkspace

/// `unmapped-target` (adopt mode): every library target belongs to a layer; a target no
/// layer pattern matches escapes all the layer rules, so it is reported.
public struct UnmappedTarget: GraphRule {
    public let id = "unmapped-target"
    public let summary = "In adopt mode, every library target matches a layer pattern."

    public init() {}

    public func check(_ workspace: Workspace) -> [Finding] {
        return workspace.targets.compactMap { target -> Finding? in
            guard target.layer == nil, [.implementation, .interface, .mocks].contains(target.role) else { return nil }
            let name = target.module ?? target.name
            return Finding(
                "target '\(target.name)' matches no layer pattern, so no layer rule checks it",
                at: target.location,
                notes: [DiagnosticNote("layers are declared here", at: workspace.layers.first?.location)],
                hint: "add a pattern matching '\(name)' to one of the layers in \(ManifestLoader.fileName), e.g. patterns: [\"\(name)\"]",
                subject: DiagnosticSubject(source: target.name, target: ""))
        }
    }
}
