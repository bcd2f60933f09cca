import StrataDiagnostics
import StrataFileSystem
import StrataGraph
import StrataManifest
import StrataProjectFormat
import StrataSources
public import StrataWorkspace

/// `implicit-import`: a source imports only modules its target declares as dependencies.
///
/// An import of a workspace module or of a package product the target does not declare is an
/// error, even when it compiles today because some dependency links the module. A module made
/// visible by a declared dependency's `@_exported import` is allowed, and reported as a note
/// that names the re-export. Toolchain and SDK modules are never reported. An import under
/// `#if canImport(Module)` is reported with what that means (it compiles only when the module
/// happens to be built first), unless strata.yml lists the module under `optional-imports:`.
public struct ImplicitImport: SourceRule {
    public let id = "implicit-import"
    public let summary = "A source imports only modules its target declares as dependencies (or that they re-export)."

    public init() {}

    public func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding] {
        let optional = workspace.manifest.optionalImports.map { Glob($0.value) }
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
                    let guarded = Self.isGuardedByCanImport(item.declaration, module: module)
                    if guarded && optional.contains(where: { $0.matches(module) }) { continue }
                    if parents == nil { parents = workspace.graph.breadthFirstParents(from: [target.index]) }
                    var notes: [DiagnosticNote] = []
                    if workspace.edgesForOtherPlatforms.contains(id: target),
                        let other = workspace.edgesForOtherPlatforms[target].first(where: { $0.target == imported }),
                        let platforms = other.condition?.platforms
                    {
                        notes.append(
                            DiagnosticNote(
                                "'\(name)' declares '\(workspace.targets[imported].name)' only for \(platforms.joined(separator: ", ")), not for \(sources.configuration.platform?.rawValue ?? "the platform checked")",
                                at: other.location))
                    }
                    if let path = workspace.path(to: imported, parents: parents!), path.count > 2 {
                        notes.append(
                            DiagnosticNote(
                                "it builds today only because '\(name)' reaches '\(module)' through \(workspace.describe(path: path))",
                                at: workspace.dependency(from: path[0], to: path[1])?.location))
                    }
                    let declare =
                        "declare \(Self.provider(of: module, imported, in: workspace)) as a dependency of \(WorkspaceSources.whereToDeclare(target, in: workspace))"
                    findings.append(
                        guarded
                            ? Finding(
                                "'\(name)' imports '\(module)' under '#if canImport(\(module))' without declaring it: it compiles only when '\(module)' happens to be built before '\(name)' (SwiftPM builds every module into one folder), so the build order decides whether the integration is there",
                                at: item.moduleLocation, notes: notes,
                                hint: declare + ", or, if it is an optional integration, list '\(module)' under 'optional-imports:' in strata.yml",
                                subject: subject)
                            : Finding(
                                "'\(name)' imports '\(module)', which is not one of its declared dependencies", at: item.moduleLocation,
                                notes: notes, hint: declare, subject: subject))
                }
            }
        }
        return findings
    }

    /// True if the import sits in a `#if canImport(module)` branch (the condition, not an `#else`).
    static func isGuardedByCanImport(_ declaration: ImportDeclaration, module: String) -> Bool {
        declaration.conditions.contains { clause in
            guard let condition = clause.condition else { return false }
            return condition.contains("canImport ( \(module) )") || condition.contains("canImport ( \(module) ,")
        }
    }

    /// What to declare to import `module`: the target (or product) that provides it, named as
    /// a manifest names it, and the module when the names differ (`GoLibsCryptoGo`, which provides `GoLibs`).
    static func provider(of module: String, _ target: TargetID, in workspace: Workspace) -> String {
        let node = workspace.targets[target]
        if node.role == .external, let package = node.package, node.name.hasPrefix(package + "/") {
            let product = String(node.name.dropFirst(package.count + 1))
            return product == module
                ? "'\(module)'" : "product '\(product)' of package '\(package)' (which provides '\(module)')"
        }
        return node.name == module ? "'\(module)'" : "'\(node.name)' (which provides '\(module)')"
    }
}
