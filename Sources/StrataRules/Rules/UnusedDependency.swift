import StrataDiagnostics
public import StrataModel
import StrataSources

/// `unused-dependency` (warning): every declared dependency is imported by some source of the
/// target — directly, or through a module the dependency re-exports with `@_exported import`.
/// Imports in every `#if` branch count. Conventional edges Strata adds itself are not checked,
/// nor targets whose sources were not found, nor dependencies on macro targets (sources use a
/// macro through `#externalMacro(module:type:)` in a macro declaration, never by importing it),
/// nor dependencies whose modules are unknown (a package not resolved, an artifact not downloaded).
public struct UnusedDependency: Rule {
    public let id = "unused-dependency"
    public let defaultSeverity = RuleSeverity.warning
    public let summary = "Every declared dependency is imported by some source of the target."

    public init() {}

    public func check(_ input: RuleInput) -> [Finding] {
        guard let sources = input.sources else { return [] }
        let workspace = input.workspace
        var findings: [Finding] = []
        for target in workspace.targets.indices where sources.fileCounts[target] > 0 {
            // An import in any `#if` branch counts as a use: another configuration builds it.
            let imported = Set((sources.imports[target] + sources.inactiveImports[target]).compactMap(\.importedTarget))
            for dependency in workspace.dependencies[target]
            where !dependency.isAutomatic && !workspace.targets[dependency.target].isMacro
                && !WorkspaceSources.hasUnknownModules(workspace.targets[dependency.target])
            {
                let used =
                    imported.contains(dependency.target)
                    || sources.reexports[dependency.target].keys.contains { imported.contains($0) }
                guard !used else { continue }
                let name = workspace.targets[target].name
                let dependencyName = workspace.targets[dependency.target].name
                let files = sources.fileCounts[target]
                findings.append(
                    Finding(
                        "'\(name)' depends on '\(dependencyName)', but none of its \(files) source file\(files == 1 ? "" : "s") imports it",
                        at: dependency.location,
                        hint:
                            "remove '\(dependencyName)' from the dependencies of \(WorkspaceSources.whereToDeclare(target, in: workspace)), or import it where it is used (members its extensions add, such as a dependency key, compile without an import until the MemberImportVisibility feature is on)",
                        subject: DiagnosticSubject(source: name, target: dependencyName)))
            }
        }
        return findings
    }
}
