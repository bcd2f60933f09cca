import StrataDiagnostics
public import StrataManifest
import StrataSources
public import StrataWorkspace

/// `unused-dependency` (warning): every declared dependency is imported by some source of the
/// target — directly, or through a module the dependency re-exports with `@_exported import`.
/// Imports in every `#if` branch count. Conventional edges Strata adds itself are not checked,
/// nor targets whose sources were not found, nor dependencies on macro targets (sources use a
/// macro through `#externalMacro(module:type:)` in a macro declaration, never by importing it),
/// nor dependencies whose modules are unknown (a package not resolved, an artifact not downloaded),
/// nor a test bundle's dependency on an app (UI tests drive the app they depend on and never
/// import it; the dependency is what builds the app for them), nor dependencies that are not
/// linked (an Xcode target dependency that only builds the other target first; the pods a
/// Podfile's test target sees through `inherit! :search_paths`). A product of several targets of
/// another package of the workspace is one declaration, used when any of its modules is imported.
public struct UnusedDependency: SourceRule {
    public let id = "unused-dependency"
    public let defaultSeverity = RuleSeverity.warning
    public let summary = "Every declared dependency is imported by some source of the target."

    public init() {}

    public func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding] {
        var findings: [Finding] = []
        for target in workspace.targets.indices where sources.fileCounts[target] > 0 {
            // An import in any `#if` branch counts as a use: another configuration builds it.
            let imported = Set((sources.imports[target] + sources.inactiveImports[target]).compactMap(\.importedTarget))
            func isUsed(_ dependency: Dependency) -> Bool {
                imported.contains(dependency.target) || sources.reexports[dependency.target].keys.contains { imported.contains($0) }
            }
            let testsAnApp = { (dependency: Dependency) in
                workspace.targets[target].role == .tests && workspace.targets[dependency.target].role == .app
            }
            let checked = workspace.dependencies[target].filter { dependency in
                !dependency.isAutomatic && !dependency.isPluginUsage && dependency.isLinked && !workspace.targets[dependency.target].isMacro
                    && !WorkspaceSources.hasUnknownModules(workspace.targets[dependency.target]) && !testsAnApp(dependency)
            }
            // A product of several targets is one declaration: used when any of its modules is.
            let usedProducts = Set(checked.filter { $0.product != nil && isUsed($0) }.map(ProductEntry.init))
            var reportedProducts: Set<ProductEntry> = []
            for dependency in checked where !isUsed(dependency) {
                let name = workspace.targets[target].name
                let files = sources.fileCounts[target]
                let fileCount = "\(files) source file\(files == 1 ? "" : "s")"
                if dependency.product != nil {
                    let entry = ProductEntry(dependency)
                    guard !usedProducts.contains(entry), reportedProducts.insert(entry).inserted else { continue }
                    let modules = checked.filter { ProductEntry($0) == entry }.map { "'\(workspace.targets[$0.target].name)'" }
                    findings.append(
                        Finding(
                            "'\(name)' depends on product '\(entry.product)', but none of its \(fileCount) imports its modules (\(modules.joined(separator: ", ")))",
                            at: dependency.location,
                            hint:
                                "remove product '\(entry.product)' from the dependencies of \(WorkspaceSources.whereToDeclare(target, in: workspace, declaredAt: dependency.location)), or import it where it is used",
                            subject: DiagnosticSubject(source: name, target: entry.product)))
                    continue
                }
                let dependencyName = workspace.targets[dependency.target].name
                findings.append(
                    Finding(
                        "'\(name)' depends on '\(dependencyName)', but none of its \(fileCount) imports it",
                        at: dependency.location,
                        hint:
                            "remove '\(dependencyName)' from the dependencies of \(WorkspaceSources.whereToDeclare(target, in: workspace, declaredAt: dependency.location)), or import it where it is used (members its extensions add, such as a dependency key, compile without an import until the MemberImportVisibility feature is on)",
                        subject: DiagnosticSubject(source: name, target: dependencyName)))
            }
        }
        return findings
    }
}

/// One dependency entry that named a product of several targets: its edges share the product
/// and the entry's place in the manifest.
private struct ProductEntry: Hashable {
    var product: String
    var location: SourceLocation?

    init(_ dependency: Dependency) {
        product = dependency.product ?? ""
        location = dependency.location
    }
}
