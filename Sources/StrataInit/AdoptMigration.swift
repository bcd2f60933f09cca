import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSources
public import StrataWorkspace
import Yams

/// `strata migrate`: an adopt-mode workspace as a generate-mode strata.yml, whose graph is the
/// same as the one read from the Package.swift files, proved by comparing the two.
public struct AdoptMigration: Sendable {
    /// The generate-mode strata.yml.
    public var manifestText: String
    /// How the graph of `manifestText` differs from the adopt-mode graph; empty when they agree.
    public var differences: [String]
    /// Edges the generate-mode graph adds by convention (tests on their module's mocks…).
    public var conventionalEdges: Int
    public var moduleCount: Int
    public var appCount: Int

    /// Migrates `loaded`, an adopt-mode workspace read from SwiftPM packages.
    public static func migrate(_ loaded: LoadedWorkspace, manifestText old: String) async throws(InputErrors) -> AdoptMigration {
        let workspace = loaded.workspace
        let manifest = workspace.manifest
        guard let adopt = manifest.adopt else {
            throw InputErrors(
                .inputError(
                    "generate-mode", "the workspace is in generate mode already: strata.yml lists its modules", at: .file(manifest.path),
                    hint: "'strata migrate' turns an adopt-mode strata.yml into a generate-mode one"))
        }
        if adopt.readsProjectSpecs {
            throw InputErrors(
                .inputError(
                    "unsupported-migration",
                    "'strata migrate' turns SwiftPM packages into strata.yml; this workspace also reads XcodeGen specs or podspecs",
                    at: adopt.location, hint: "generate mode writes Package.swift files (and XcodeGen specs from them): migrate the packages first"))
        }
        var problems: [Diagnostic] = []
        for target in workspace.targets where target.role != .external && target.role != .app && target.role != .tests && target.layer == nil {
            problems.append(
                .inputError(
                    "unmapped-target", "target '\(target.name)' is in no layer, and generate mode needs one for every module", at: target.location,
                    hint: "add a layer pattern for it ('strata check' reports every such target), then migrate"))
        }
        for target in workspace.targets where target.role != .external && target.role != .tests {
            let kind = target.role == .app ? "app" : "module"
            let name = target.role == .app ? (manifest.naming.app.base(of: target.name) ?? target.name) : target.name
            if var problem = SwiftIdentifier.problem(with: name, kind: kind, at: target.location) {
                problem.id = "unsupported-migration"
                problem.message += "; generate mode names targets by Swift identifiers"
                problems.append(problem)
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }

        let writer = Writer(loaded: loaded, old: old)
        let text = try writer.manifest()
        // The proof: the graph strata.yml describes against the one the packages did.
        let migrated = try ManifestLoader.parse(data: Data(text.utf8), path: manifest.path)
        let generated = try await WorkspaceLoader().load(manifest: migrated).workspace
        let (differences, conventional) = compare(adopted: workspace, generated: generated)
        return AdoptMigration(
            manifestText: text, differences: differences, conventionalEdges: conventional, moduleCount: workspace.modules.count,
            appCount: workspace.targets.filter { $0.role == .app }.count)
    }

    // MARK: - Comparing the graphs

    /// What differs between the two graphs: targets (name, role, layer, linkage, sources) and
    /// edges. Edges that generate mode adds by convention and the packages did not declare are
    /// counted, not reported; external products are compared by package identity, in any case,
    /// and what they depend on is theirs, not compared.
    ///
    /// - Parameters:
    ///   - names: adopt-mode target names the migration gives another name (`Profile-Unit-Tests`
    ///     → `ProfileTests`, `pods/Alamofire` → `Alamofire/Alamofire`).
    ///   - ignoring: adopt-mode targets the migration leaves out on purpose (and says so).
    ///   - adding: migrated targets the adopt-mode graph has no node for, added on purpose (a
    ///     pod's vendored XCFramework as a binary target), with the edges to them.
    ///   - ignoringEdges: adopt-mode edges (`[from, to]`, by adopt-mode names) it leaves out on
    ///     purpose: those only a subspec it left out declared.
    ///   - sources: how two targets' sources differ, in words, or nil if they agree; by default
    ///     their folders are compared.
    ///   - linkage: which targets' linkage is compared (a pods migration links what
    ///     `use_frameworks!` made dynamic statically, as SwiftPM does, and says so for the team).
    public static func compare(
        adopted: Workspace, generated: Workspace, names: [String: String] = [:], ignoring: Set<String> = [], ignoringEdges: Set<[String]> = [],
        adding: Set<String> = [],
        sources: ((_ adopted: Target, _ migrated: Target) -> String?)? = nil, linkage: LinkageComparison = .everyTarget
    ) -> (differences: [String], conventional: Int) {
        let comparison = GraphComparison(
            adopted: adopted, generated: generated, names: names, ignoring: ignoring, ignoringEdges: ignoringEdges, adding: adding,
            sources: sources, linkage: linkage)
        let (edgeDifferences, conventional) = comparison.edgeDifferences()
        return (comparison.targetDifferences() + edgeDifferences, conventional)
    }
}

extension AdoptMigration {
    /// Which targets' linkage `compare` holds to the adopt-mode graph.
    public enum LinkageComparison: Sendable {
        case everyTarget
        /// Modules' implementations only: generate mode links interface and mocks targets statically.
        case modules
        case none
    }

    /// Writes the generate-mode strata.yml of an adopt-mode workspace.
    struct Writer {
        let loaded: LoadedWorkspace
        let old: String

        var workspace: Workspace { loaded.workspace }

        func manifest() throws(InputErrors) -> String {
            let manifest = workspace.manifest
            let packages = try packageDeclarations()
            let layout = layoutFits(.packages) ? GenerateSettings.Layout.packages : .single
            var lines = [
                "# strata.yml in generate mode, migrated by 'strata migrate' from the adopt-mode one: \(workspace.modules.count) modules.",
                "# 'strata generate --force' writes the Package.swift files from it, replacing the hand-written ones.",
            ]
            lines += MigratedManifest.carriedOver(["name"], from: old)
            lines += MigratedManifest.layers(of: manifest) + MigratedManifest.naming(manifest.naming)
            if !packages.lines.isEmpty {
                lines.append("packages:")
                lines += packages.lines
            }
            if layout == .packages { lines.append("generate: { layout: packages }") }
            lines += MigratedManifest.carriedOver(MigratedManifest.keptSections, from: old)
            lines.append("modules:")
            let modules = workspace.modules.filter { $0.targets[.implementation] != nil }
                .sorted { ($0.layer?.index ?? .max, $0.name) < ($1.layer?.index ?? .max, $1.name) }
            for module in modules { lines.append("  " + moduleEntry(module, layout: layout, packages: packages.keys)) }
            let apps = workspace.targets.indices.filter { workspace.targets[$0].role == .app }
            if !apps.isEmpty {
                lines.append("apps:")
                for app in apps { lines.append("  " + appEntry(app, packages: packages.keys)) }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        // MARK: Entries

        func moduleEntry(_ module: Module, layout: GenerateSettings.Layout, packages: [String: String]) -> String {
            let implementation = module.targets[.implementation]!
            var fields = ["layer: \(ManifestEditor.scalar(workspace.layers[module.layer!].name))"]
            // What generate mode adds by convention is not written (see docs/MANIFEST.md).
            let own = Set(module.targets.values)
            let interface = module.targets[.interface], mocks = module.targets[.mocks], tests = module.targets[.tests]
            let dependencyMocks = Set(
                workspace.dependencies[implementation].compactMap { edge in
                    workspace.moduleOfTarget[edge.target].flatMap { workspace.modules[$0].targets[.mocks] }
                })
            func declared(_ target: TargetID, conventional: Set<TargetID>) -> (dependencies: [String], packages: [String]) {
                var dependencies: [String] = [], products: [String] = []
                for edge in workspace.dependencies[target] where !conventional.contains(edge.target) {
                    let node = workspace.targets[edge.target]
                    if node.role == .external {
                        products.append(packageProduct(node, keys: packages))
                    } else {
                        dependencies.append(node.name)
                    }
                }
                return (dependencies.uniqued(), products.uniqued())
            }
            func companion(_ key: String, _ target: TargetID?, conventional: Set<TargetID>) {
                guard let target else { return }
                let (dependencies, products) = declared(target, conventional: conventional)
                var inner: [String] = []
                if !dependencies.isEmpty { inner.append("dependencies: \(list(dependencies))") }
                if !products.isEmpty { inner.append("packages: \(list(products))") }
                fields.append("\(key): " + (inner.isEmpty ? "true" : "{ \(inner.joined(separator: ", ")) }"))
            }
            companion("interface", interface, conventional: [])
            companion("mocks", mocks, conventional: Set([interface ?? implementation]))
            if let tests {
                let conventional = own.union(dependencyMocks)
                let (dependencies, products) = declared(tests, conventional: conventional)
                var inner: [String] = []
                if !dependencies.isEmpty { inner.append("dependencies: \(list(dependencies))") }
                if !products.isEmpty { inner.append("packages: \(list(products))") }
                if !inner.isEmpty { fields.append("tests: { \(inner.joined(separator: ", ")) }") }
            } else {
                fields.append("tests: false")
            }
            if workspace.targets[implementation].linkage != .static {
                fields.append("linkage: \(workspace.targets[implementation].linkage.rawValue)")
            }
            let (dependencies, products) = declared(implementation, conventional: interface.map { [$0] } ?? [])
            if !dependencies.isEmpty { fields.append("dependencies: \(list(dependencies))") }
            if !products.isEmpty { fields.append("packages: \(list(products))") }
            if let path = customPath(implementation, layout: layout, module: module.name) { fields.append("path: \(quoted(path))") }
            return "\(ManifestEditor.scalar(module.name)): { \(fields.joined(separator: ", ")) }"
        }

        func appEntry(_ app: TargetID, packages: [String: String]) -> String {
            let target = workspace.targets[app]
            let name = workspace.manifest.naming.app.base(of: target.name) ?? target.name
            var dependencies: [String] = [], products: [String] = []
            for edge in workspace.dependencies[app] {
                let node = workspace.targets[edge.target]
                if node.role == .external { products.append(packageProduct(node, keys: packages)) } else { dependencies.append(node.name) }
            }
            var fields: [String] = []
            if !dependencies.isEmpty { fields.append("dependencies: \(list(dependencies.uniqued()))") }
            if !products.isEmpty { fields.append("packages: \(list(products.uniqued()))") }
            if target.isTestHost { fields.append("host: true") }
            let expected = workspace.root + "/Sources/" + target.name
            if let folder = target.sources?.directory, folder != expected {
                fields.append("path: \(quoted(PathResolution.relative(folder, from: workspace.root)))")
            }
            return "\(ManifestEditor.scalar(name)): { \(fields.joined(separator: ", ")) }"
        }

        // MARK: Layout and paths

        /// True if every module's targets are where `layout` puts them.
        func layoutFits(_ layout: GenerateSettings.Layout) -> Bool {
            workspace.modules.allSatisfy { module in
                module.targets.allSatisfy { role, target in
                    workspace.targets[target].sources?.directory
                        == defaultFolder(workspace.targets[target].name, role: role, module: module.name, layout: layout)
                }
            }
        }

        func defaultFolder(_ target: String, role: TargetRole, module: String, layout: GenerateSettings.Layout) -> String {
            let base = layout == .packages ? workspace.root + "/" + GenerateSettings.defaultPackageFolder(of: module) : workspace.root
            return base + (role == .tests ? "/Tests/" : "/Sources/") + target
        }

        /// The implementation's `path:` when it is not where the layout puts it.
        func customPath(_ implementation: TargetID, layout: GenerateSettings.Layout, module: String) -> String? {
            guard let folder = workspace.targets[implementation].sources?.directory,
                folder != defaultFolder(module, role: .implementation, module: module, layout: layout)
            else { return nil }
            return PathResolution.relative(folder, from: workspace.root)
        }

        // MARK: Packages

        /// `packages:` entries for the external packages, and each package's key by identity.
        func packageDeclarations() throws(InputErrors) -> (lines: [String], keys: [String: String]) {
            var lines: [String] = [], keys: [String: String] = [:], problems: [Diagnostic] = []
            for dependency in loaded.externalPackages {
                let key: String
                var fields: [String] = []
                switch dependency.source {
                case .fileSystem(let path):
                    key = (path as NSString).lastPathComponent
                    fields.append("path: \(quoted(PathResolution.relative(path, from: workspace.root)))")
                case .sourceControl(let url):
                    key = PackageDependency.displayName(for: url)
                    fields.append("url: \(quoted(url))")
                case .registry(let id):
                    key = String(id.split(separator: ".").last ?? Substring(id))
                    fields.append("id: \(quoted(id))")
                }
                if case .fileSystem = dependency.source {
                } else {
                    switch dependency.requirement {
                    case .from(let version): fields.append("from: \(quoted(version))")
                    case .exact(let version): fields.append("exact: \(quoted(version))")
                    case .branch(let branch): fields.append("branch: \(quoted(branch))")
                    case .revision(let revision): fields.append("revision: \(quoted(revision))")
                    case .upToNextMinor(let version): fields.append("up-to-next-minor-from: \(quoted(version))")
                    case .range(let lower, let upper): fields.append("range: \(quoted("\(lower)..<\(upper)"))")
                    case .none?, nil:
                        problems.append(
                            .inputError(
                                "unsupported-migration",
                                "the version requirement of package '\(dependency.identity)' is not one strata.yml can say (a half-open range of versions, exact, branch or revision)",
                                at: dependency.location, hint: "write it as 'from:' or 'exact:' in Package.swift, or migrate and declare it by hand"))
                    }
                }
                keys[dependency.identity] = key
                lines.append("  \(ManifestEditor.scalar(key)): { \(fields.joined(separator: ", ")) }")
            }
            if !problems.isEmpty { throw InputErrors(problems) }
            return (lines, keys)
        }

        func packageProduct(_ target: Target, keys: [String: String]) -> String {
            let product = target.name.split(separator: "/", maxSplits: 1).last.map(String.init) ?? target.name
            let key = target.package.flatMap { keys[$0.lowercased()] } ?? target.package ?? "?"
            return "\(key)/\(product)"
        }

        // MARK: Text

        func list(_ items: [String]) -> String { MigratedManifest.list(items) }

        func quoted(_ text: String) -> String { InitManifestWriter.quoted(text) }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
