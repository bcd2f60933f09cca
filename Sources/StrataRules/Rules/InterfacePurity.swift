import StrataDiagnostics
import StrataManifest
public import StrataWorkspace

/// `interface-purity`: an interface target depends only on interface targets and on lower
/// modules that have no interface — never on an implementation that has one, on mocks, or on an app.
public struct InterfacePurity: EdgeRule {
    public let id = "interface-purity"
    public let summary = "An interface target depends only on interfaces (or lower modules without one), never on an implementation."

    public init() {}

    public func finding(from: TargetID, to: TargetID, declaredBy dependency: Dependency, in workspace: Workspace) -> Finding? {
        guard workspace.targets[from].role == .interface else { return nil }  // read in place, not copied for every edge
        let source = workspace.targets[from], target = workspace.targets[to]
        let what: String
        var hint: String
        switch target.role {
        case .implementation:
            guard let interface = workspace.interfaceTarget(ofModuleOf: to) else { return nil }
            what = "the implementation '\(target.name)'"
            hint = "depend on its interface '\(workspace.targets[interface].name)' instead"
            if workspace.sameModule(from, to) {
                hint = "an interface must not depend on its own implementation; move the types it needs into '\(source.name)'"
            }
        case .mocks:
            what = "the mocks target '\(target.name)'"
            hint = "interfaces hold only protocols and plain types; move the test doubles' users into tests"
        case .app:
            what = "the app '\(target.name)'"
            hint = "move the code it needs into a module's interface"
        default:
            return nil
        }
        return Finding(
            "interface '\(source.name)' depends on \(what); an interface may depend only on interfaces and on lower modules without one",
            at: dependency.location, hint: hint,
            subject: DiagnosticSubject(source: source.name, target: target.name))
    }
}
