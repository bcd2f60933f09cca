import StrataDiagnostics
import StrataGraph
public import StrataModel
import StrataSources

/// `implicit-import`: a source imports only modules its target declares as dependencies.
///
/// An import of a workspace module or of a package product the target does not declare is an
/// error, even when it compiles today because some dependency links the module. A module made
/// visible by a declared dependency's `@_exported import` is allowed, and reported as a note
/// that names the re-export. Toolchain and SDK modules are never reported.
public struct ImplicitImport: Rule {
    public let id = "implicit-import"
    public let defaultSeverity = RuleSeverity.error
    public let summary = "A source imports only modules its target declares as dependencies (or that they re-export)."

    public init() {}

    public func check(_ input: RuleInput) -> [Finding] {
        guard let sources = input.sources else { return [] }
        let workspace = input.workspace
        var findings: [Finding] = []
        for target in workspace.targets.indices where !sources.imports[target].isEmpty {
            let name = workspace.targets[target].name
            let visible = sources.visibleTargets(of: target, in: workspace)
            var parents: [Int?]?
            for reference in sources.imports[target] {
                guard let imported = reference.importedTarget, imported != target else { continue }
                let visibility = visible[imported]
                if case .declared = visibility { continue }
                let item = sources[reference]
                let module = item.declaration.module
                let subject = DiagnosticSubject(source: name, target: module)
                switch visibility {
                case .declared:
                    continue
                case .reexported(let dependency, let via):
                    findings.append(
                        Finding(
                            "'\(name)' imports '\(module)', which it sees through '@_exported import \(module)' in its dependency '\(workspace.targets[dependency].name)'",
                            at: item.moduleLocation,
                            notes: [DiagnosticNote("re-exported here", at: via.keywordLocation)],
                            hint:
                                "declare '\(module)' as a dependency of \(WorkspaceSources.whereToDeclare(target, in: workspace)) to depend on it directly",
                            subject: subject, severity: .note))
                case nil:
                    if parents == nil { parents = workspace.graph.breadthFirstParents(from: [target]) }
                    var notes: [DiagnosticNote] = []
                    if let path = Digraph.path(to: imported, parents: parents!), path.count > 2 {
                        notes.append(
                            DiagnosticNote(
                                "it builds today only because '\(name)' reaches '\(module)' through \(workspace.describe(path: path))",
                                at: workspace.dependency(from: path[0], to: path[1])?.location))
                    }
                    findings.append(
                        Finding(
                            "'\(name)' imports '\(module)', which is not one of its declared dependencies", at: item.moduleLocation,
                            notes: notes,
                            hint:
                                "declare \(Self.provider(of: module, imported, in: workspace)) as a dependency of \(WorkspaceSources.whereToDeclare(target, in: workspace))",
                            subject: subject))
                }
            }
        }
        return findings
    }

    /// What to declare to import `module`: the target (or product) that provides it, named as
    /// a manifest names it, and the module when the names differ (`GoLibsCryptoGo`, which provides `GoLibs`).
    static func provider(of module: String, _ target: Int, in workspace: Workspace) -> String {
        let node = workspace.targets[target]
        if node.role == .external, let package = node.package, node.name.hasPrefix(package + "/") {
            let product = String(node.name.dropFirst(package.count + 1))
            return product == module
                ? "'\(module)'" : "product '\(product)' of package '\(package)' (which provides '\(module)')"
        }
        return node.name == module ? "'\(module)'" : "'\(node.name)' (which provides '\(module)')"
    }
}
