import StrataDiagnostics
public import StrataManifest
public import StrataWorkspace

/// `prefer-interface` (warning by default): a module that links a lower module's
/// implementation, while that module has an interface target, should link the interface.
/// Only apps instantiate implementations. Links inside a layer or upwards are left to
/// `same-layer` and `layer-direction`.
public struct PreferInterface: EdgeRule {
    public let id = "prefer-interface"
    public let defaultSeverity = RuleSeverity.warning
    public let summary = "Modules link the interface of a module that has one; only apps link implementations."

    public init() {}

    public func finding(from: TargetID, to: TargetID, declaredBy dependency: Dependency, in workspace: Workspace) -> Finding? {
        // Roles first, read in place: copying two targets for each of 100,000 edges costs more than the rule.
        let sourceRole = workspace.targets[from].role
        guard sourceRole == .implementation || sourceRole == .mocks, workspace.targets[to].role == .implementation,
            !workspace.sameModule(from, to),
            let fromRank = workspace.rank(of: from), let toRank = workspace.rank(of: to), toRank > fromRank,
            let interface = workspace.interfaceTarget(ofModuleOf: to)
        else { return nil }
        let source = workspace.targets[from], target = workspace.targets[to]
        return Finding(
            "'\(source.name)' links the implementation '\(target.name)'; link its interface '\(workspace.targets[interface].name)' instead",
            at: dependency.location,
            hint: "only apps should link implementations: the app registers '\(target.name)' behind '\(workspace.targets[interface].name)'",
            subject: DiagnosticSubject(source: source.name, target: target.name))
    }
}
