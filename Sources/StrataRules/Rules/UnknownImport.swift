import StrataDiagnostics
public import StrataManifest
import StrataSources
public import StrataWorkspace

/// `unknown-import`: every imported module is a module of the workspace, a product of its
/// packages, or a known toolchain or SDK module. Off by default, since Strata cannot know every
/// system library: `--strict-imports` turns it on (as an error, or at the severity strata.yml
/// gives it), and so does `rules: { unknown-import: error }`. A target that depends on something
/// whose modules are unknown is not checked.
public struct UnknownImport: SourceRule {
    public let id = "unknown-import"
    public let defaultSeverity = RuleSeverity.off
    public let summary = "Every import names a workspace module, a package product or an SDK module (on with --strict-imports)."

    public init() {}

    public func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding] {
        let known = Array(sources.targetByModule.keys)
        var findings: [Finding] = []
        for target in workspace.targets.indices {
            // A dependency whose modules are unknown may provide any name.
            if workspace.dependencies[target].contains(where: { WorkspaceSources.hasUnknownModules(workspace.targets[$0.target]) }) { continue }
            for reference in sources.imports[target] where reference.importedTarget == nil {
                let item = sources[reference]
                let module = item.declaration.module
                guard !SDKModules.contains(module) else { continue }
                let name = workspace.targets[target].name
                findings.append(
                    Finding(
                        "'\(name)' imports '\(module)', which is neither a module of this workspace, a product of its packages, nor a known SDK module",
                        at: item.moduleLocation,
                        hint: Suggestions.didYouMean(module, in: known) ?? "declare the package that provides '\(module)', or check its name",
                        subject: DiagnosticSubject(source: name, target: module)))
            }
        }
        return findings
    }
}
