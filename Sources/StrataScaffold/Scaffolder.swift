public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataGenerate
import StrataManifest
import StrataProjectFormat
import StrataRules
import StrataSources
public import StrataWorkspace

/// What `strata new module` is asked for.
public struct ModuleRequest: Sendable, Hashable {
    public var name: String
    public var layer: String
    public var interface = false
    public var mocks = false
    public var tests = true
    public var hostApp = false
    /// Modules or targets the implementation depends on.
    public var dependencies: [String] = []
    /// External products (`package/Product`) the implementation uses.
    public var packages: [String] = []

    public init(name: String, layer: String) {
        self.name = name
        self.layer = layer
    }
}

/// What `strata new app` is asked for.
public struct AppRequest: Sendable, Hashable {
    public var name: String
    public var dependencies: [String] = []
    public var packages: [String] = []

    public init(name: String) {
        self.name = name
    }
}

/// Everything `strata new` will change, worked out before anything is written: the new
/// sources, the edited strata.yml and the generation plan of the workspace with the new entry.
public struct Scaffold: Sendable {
    /// The workspace as it will be.
    public var workspace: Workspace
    /// The new strata.yml text.
    public var manifestText: String
    /// The new source files, relative to the workspace root, with their contents.
    public var files: [(path: String, contents: String)]
    /// The build files `strata generate` writes for the new workspace.
    public var generation: GenerationPlan
    /// The new targets, in the order they were made.
    public var targets: [String]
    /// Findings the new entry adds that are warnings, and generation warnings.
    public var warnings: [Diagnostic]

    /// Writes the sources, strata.yml and the generated files in one transaction: on any
    /// failure nothing is changed. `force` lets generated files edited by hand be replaced.
    public func apply(force: Bool) throws(InputErrors) {
        try generation.apply(force: force, alongside: alongside)
    }

    /// Removes the temporary files left by runs killed before `date` where this scaffold
    /// writes; their paths. Call it holding the workspace lock, before `apply`.
    public func removeStaleTemporaryFiles(modifiedBefore date: Date) -> [String] {
        generation.removeStaleTemporaryFiles(modifiedBefore: date, alongside: alongside.map(\.path))
    }

    /// The files written beside the generated ones: the sources and strata.yml.
    private var alongside: [(path: String, contents: String)] {
        files.map { (workspace.root + "/" + $0.path, $0.contents) } + [(workspace.manifest.path, manifestText)]
    }
}

/// Works out what `strata new` writes: checks the request against the workspace (a valid
/// name that collides with nothing, a known layer, dependencies that exist and that the layer
/// rules allow, target folders that do not exist yet), renders the templates, adds the entry to
/// strata.yml keeping the rest of the file as it is, and plans the regeneration.
public enum Scaffolder {
    /// The scaffold for a new module.
    public static func module(_ request: ModuleRequest, in workspace: Workspace) async throws(InputErrors) -> Scaffold {
        try requireGenerateMode(workspace)
        try checkModuleRequest(request, in: workspace)
        // With Strata's runtime declared, modules are wired as ISS's are: assemblies register the
        // services, coordinators resolve them with @Injected, tests and hosts assemble mocks.
        var request = request
        let runtime = runtimePackage(in: workspace.manifest)
        let testPackages = runtime.map { runtime in ["\(runtime)/StrataDI"] + (request.layer == "domain" ? ["\(runtime)/StrataRouting"] : []) } ?? []
        for product in testPackages where !request.packages.contains(product) { request.packages.append(product) }
        let sibling = workspace.manifest.modules.last { $0.layer.value == request.layer }?.name.value
        let (updated, text) = try await edit(
            workspace, ManifestEditor.Entry(name: request.name, fields: manifestFields(request, runtime: runtime, testPackages: testPackages)),
            into: .modules, after: sibling)

        guard let module = updated.modules.first(where: { $0.name == request.name }) else {
            preconditionFailure("the edited manifest declares the module")
        }
        var targets: [(role: TemplateRole, target: TargetID)] = [(.implementation, module.targets[.implementation]!)]
        for (role, key) in [(TemplateRole.interface, TargetRole.interface), (.mocks, .mocks), (.tests, .tests)] {
            if let target = module.targets[key] { targets.append((role, target)) }
        }
        if request.hostApp, let host = updated.index[workspace.manifest.naming.host.name(for: request.name)] { targets.append((.host, host)) }

        var folders = targets.compactMap { updated.targets[$0.target].sources?.directory }
        if updated.manifest.generate.layout == .packages {
            folders.insert(updated.root + "/" + updated.manifest.packageFolder(of: request.name), at: 0)
        }
        try requireAbsent(folders, root: updated.root)

        var context = moduleContext(request, module: module, in: updated)
        if runtime != nil { context["runtime"] = true }
        let files = try render(targets, layer: request.layer, context: context, in: updated)
        return try finish(
            updated, before: workspace, text: text, files: files, targets: targets.map { updated.targets[$0.target].name },
            folders: folders)
    }

    /// A valid name that collides with nothing, a known layer, dependencies that exist and that
    /// the layer rules allow; every problem at once.
    private static func checkModuleRequest(_ request: ModuleRequest, in workspace: Workspace) throws(InputErrors) {
        let naming = workspace.manifest.naming
        var problems: [Diagnostic] = []
        problems += nameProblems(request.name, kind: "module", in: workspace)
        let layers = workspace.layers.map(\.name)
        if !layers.contains(request.layer) {
            problems.append(
                .inputError(
                    "unknown-layer", "there is no layer '\(request.layer)' in strata.yml", at: nil,
                    hint: Suggestions.didYouMean(request.layer, in: layers) ?? "layers are: \(layers.joined(separator: ", "))"))
        }
        var names = [request.name]
        if request.interface { names.append(naming.interface.name(for: request.name)) }
        if request.mocks { names.append(naming.mocks.name(for: request.name)) }
        if request.tests { names.append(naming.tests.name(for: request.name)) }
        if request.hostApp { names.append(naming.host.name(for: request.name)) }
        if let id = workspace.index[request.name], workspace.targets[id].module == request.name {
            // A module of that name: this one error says it all.
            problems.append(
                .inputError(
                    "duplicate-target", "there is already a module named '\(request.name)'", at: nil, hint: "choose another name",
                    notes: [DiagnosticNote("'\(request.name)' is declared here", at: workspace.targets[id].location)]))
        } else {
            problems += collisions(names, of: "module '\(request.name)'", in: workspace)
        }
        problems += dependencyProblems(request.dependencies, request.packages, of: "module '\(request.name)'", newNames: names, in: workspace)
        guard problems.isEmpty else { throw InputErrors(problems) }
    }

    /// The module's entry in strata.yml: its layer and the flags and lists that differ from the defaults.
    private static func manifestFields(
        _ request: ModuleRequest, runtime: String?, testPackages: [String]
    ) -> [(key: String, value: ManifestEditor.Entry.Value)] {
        var fields: [(key: String, value: ManifestEditor.Entry.Value)] = [("layer", .scalar(request.layer))]
        if request.interface { fields.append(("interface", .flag(true))) }
        if request.mocks {
            fields.append(("mocks", runtime.map { .raw("{ packages: [\(ManifestEditor.scalar("\($0)/StrataDI"))] }") } ?? .flag(true)))
        }
        if !request.tests {
            fields.append(("tests", .flag(false)))
        } else if !testPackages.isEmpty {
            fields.append(("tests", .raw("{ packages: [\(testPackages.map(ManifestEditor.scalar).joined(separator: ", "))] }")))
        }
        if !request.dependencies.isEmpty { fields.append(("dependencies", .list(request.dependencies))) }
        if !request.packages.isEmpty { fields.append(("packages", .list(request.packages))) }
        if request.hostApp { fields.append(("host-app", .flag(true))) }
        return fields
    }

    /// Each target's files from the layer's templates, paths relative to the workspace. The
    /// layer's templates must fit together, or the new module would not compile.
    private static func render(
        _ targets: [(role: TemplateRole, target: TargetID)], layer: String, context: [String: Any], in workspace: Workspace
    ) throws(InputErrors) -> [(path: String, contents: String)] {
        let templateProblems = TemplateSetChecker.problems(root: workspace.root, manifest: workspace.manifest, layers: [layer])
        if !templateProblems.isEmpty { throw InputErrors(templateProblems) }
        let library = TemplateLibrary(workspaceRoot: workspace.root)
        var files: [(path: String, contents: String)] = []
        for (role, target) in targets {
            let folder = workspace.targets[target].sources!.directory
            for template in try library.templates(for: role, layer: layer) {
                let rendered = try TemplateRenderer.render(template, context: context)
                // A template that renders to nothing (a file for the runtime only, say) makes no file.
                guard rendered.contents.contains(where: { !$0.isWhitespace }) else { continue }
                files.append((PathResolution.relative(folder + "/" + rendered.path, from: workspace.root), rendered.contents))
            }
        }
        return files
    }

    /// The scaffold for a new app.
    public static func app(_ request: AppRequest, in workspace: Workspace) async throws(InputErrors) -> Scaffold {
        try requireGenerateMode(workspace)
        let target = workspace.manifest.naming.app.name(for: request.name)
        var problems: [Diagnostic] = []
        problems += nameProblems(request.name, kind: "app", in: workspace)
        if let existing = workspace.manifest.apps.first(where: { $0.name.value == request.name }) {
            problems.append(
                .inputError(
                    "duplicate-target", "there is already an app named '\(request.name)'", at: nil, hint: "choose another name",
                    notes: [DiagnosticNote("'\(request.name)' is declared here", at: existing.name.location)]))
        } else {
            problems += collisions([target], of: "app '\(request.name)'", in: workspace)
        }
        problems += dependencyProblems(request.dependencies, request.packages, of: "app '\(request.name)'", newNames: [target], in: workspace)
        guard problems.isEmpty else { throw InputErrors(problems) }

        var fields: [(key: String, value: ManifestEditor.Entry.Value)] = [("dependencies", .list(request.dependencies))]
        if !request.packages.isEmpty { fields.append(("packages", .list(request.packages))) }
        let (updated, text) = try await edit(workspace, ManifestEditor.Entry(name: request.name, fields: fields), into: .apps, after: nil)
        guard let id = updated.index[target], let folder = updated.targets[id].sources?.directory else {
            preconditionFailure("the edited manifest declares the app")
        }
        try requireAbsent([folder], root: updated.root)

        let context: [String: Any] = [
            "workspace": updated.name, "app": request.name, "appTarget": target,
            "dependencies": request.dependencies, "packages": productNames(request.packages),
            "imports": request.dependencies + productNames(request.packages),
        ]
        var files: [(path: String, contents: String)] = []
        for template in try TemplateLibrary(workspaceRoot: updated.root).appTemplates() {
            let rendered = try TemplateRenderer.render(template, context: context)
            files.append((PathResolution.relative(folder + "/" + rendered.path, from: updated.root), rendered.contents))
        }
        return try finish(updated, before: workspace, text: text, files: files, targets: [target], folders: [folder])
    }

    // MARK: - Checks

    private static func requireGenerateMode(_ workspace: Workspace) throws(InputErrors) {
        guard workspace.manifest.mode == .generate else {
            throw InputErrors(
                .inputError(
                    "adopt-mode", "'strata new' adds modules to a generate-mode strata.yml, and this one is in adopt mode",
                    at: .file(workspace.manifest.path),
                    hint: "in adopt mode your Package.swift files are the source of truth: add the target there"))
        }
    }

    /// A name must be a Swift identifier and must not differ from a module's only in case
    /// (their folders would be one on case-insensitive file systems, as macOS's usually is).
    static func nameProblems(_ name: String, kind: String, in workspace: Workspace) -> [Diagnostic] {
        if let problem = SwiftIdentifier.problem(with: name, kind: kind, at: nil) { return [problem] }
        let lowercased = name.lowercased()
        for target in workspace.targets where target.role != .external && target.name != name && target.name.lowercased() == lowercased {
            return [
                .inputError(
                    "duplicate-target", "\(kind) name '\(name)' differs only in case from target '\(target.name)'", at: nil,
                    hint: "their folders would be the same on a case-insensitive file system (as macOS's usually is); choose another name",
                    notes: [DiagnosticNote("'\(target.name)' is declared here", at: target.location)])
            ]
        }
        return []
    }

    /// Each of `names` that already is a target or an external product of the workspace.
    static func collisions(_ names: [String], of owner: String, in workspace: Workspace) -> [Diagnostic] {
        var products: [String: Target] = [:]
        for target in workspace.targets where target.role == .external {
            if let product = target.name.split(separator: "/", maxSplits: 1).last { products[String(product)] = target }
        }
        return names.compactMap { name in
            if let id = workspace.index[name], workspace.targets[id].role != .external {
                let existing = workspace.targets[id]
                let what =
                    existing.role == .app
                    ? "an app target" : existing.module.map { $0 == name ? "module '\($0)'" : "a target of module '\($0)'" } ?? "a target"
                return .inputError(
                    "duplicate-target", "\(owner) needs target '\(name)', which already exists as \(what)", at: nil,
                    hint: "choose another name, or change the naming templates in 'naming:'",
                    notes: [DiagnosticNote("'\(name)' is declared here", at: existing.location)])
            }
            if let product = products[name] {
                return .inputError(
                    "duplicate-target", "\(owner) needs target '\(name)', which is a product of package '\(product.package ?? "?")'",
                    at: nil, hint: "two modules with one name cannot be linked together; choose another name",
                    notes: [DiagnosticNote("'\(product.name)' is used here", at: product.location)])
            }
            return nil
        }
    }

    /// Dependencies must be modules or targets of the workspace that can be depended on;
    /// packages must be declared.
    private static func dependencyProblems(
        _ dependencies: [String], _ packages: [String], of owner: String, newNames: [String], in workspace: Workspace
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let candidates = workspace.targets.filter { $0.role != .external && $0.role != .tests && $0.role != .app }.map(\.name)
        for name in dependencies {
            if newNames.contains(name) {
                problems.append(
                    .inputError("invalid-dependency", "\(owner) cannot depend on '\(name)', one of its own new targets", at: nil))
                continue
            }
            guard let id = workspace.index[name], workspace.targets[id].role != .external else {
                problems.append(
                    .inputError(
                        "unknown-dependency", "\(owner) would depend on '\(name)', which is not a module or target in this workspace",
                        at: nil,
                        hint: Suggestions.didYouMean(name, in: candidates)
                            ?? (name.contains("/") ? "external products go in '--package', not '--dependency'" : "create it first")))
                continue
            }
            switch workspace.targets[id].role {
            case .tests:
                problems.append(
                    .inputError(
                        "invalid-dependency", "\(owner) would depend on '\(name)', a test target; nothing can depend on a test target",
                        at: nil, hint: "share test helpers through the module's mocks target"))
            case .app:
                problems.append(
                    .inputError(
                        "invalid-dependency", "\(owner) would depend on '\(name)', an app; apps sit above every layer", at: nil,
                        hint: "move the shared code into a module"))
            default:
                break
            }
        }
        let declared = workspace.manifest.packages.map(\.name.value)
        for product in packages {
            let parts = product.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                problems.append(
                    .inputError(
                        "invalid-value", "package product '\(product)' is not of the form 'package/Product'", at: nil,
                        hint: "for example 'swift-log/Logging'"))
                continue
            }
            if !declared.contains(parts[0]) {
                problems.append(
                    .inputError(
                        "unknown-package", "\(owner) would use package '\(parts[0])', which is not declared under 'packages:'", at: nil,
                        hint: Suggestions.didYouMean(parts[0], in: declared) ?? "declare it once under 'packages:' with its url and version"))
            }
        }
        return problems
    }

    /// The folders of the new targets must not exist: strata never writes into a folder it did not make.
    private static func requireAbsent(_ folders: [String], root: String) throws(InputErrors) {
        let existing = folders.filter { FileManager.default.fileExists(atPath: $0) }
        guard !existing.isEmpty else { return }
        throw InputErrors(
            existing.map { folder in
                .inputError(
                    "target-folder-exists", "'\(PathResolution.relative(folder, from: root))' already exists", at: .file(folder),
                    hint: "strata new only creates new folders: move it away, or declare the module in strata.yml by hand and run 'strata generate'")
            })
    }

    // MARK: - Building the scaffold

    /// The workspace with `entry` added to strata.yml, and the new text.
    private static func edit(
        _ workspace: Workspace, _ entry: ManifestEditor.Entry, into section: ManifestEditor.Section, after sibling: String?
    ) async throws(InputErrors) -> (Workspace, String) {
        let path = workspace.manifest.path
        let text = try InputFile.text(path)
        let edited = try ManifestEditor.inserting(entry, into: section, after: sibling, in: text, path: path)
        let manifest = try ManifestLoader.parse(data: Data(edited.utf8), path: path)
        let loaded = try await WorkspaceLoader().load(manifest: manifest)
        return (loaded.workspace, edited)
    }

    /// Checks the new workspace against the layer rules (refusing new errors), and plans its generation.
    private static func finish(
        _ updated: Workspace, before: Workspace, text: String, files: [(path: String, contents: String)], targets: [String],
        folders: [String]
    ) throws(InputErrors) -> Scaffold {
        let checker = try ArchitectureChecker(manifest: updated.manifest)
        func key(_ diagnostic: Diagnostic) -> String { "\(diagnostic.id)|\(diagnostic.message)" }
        let known = Set(checker.check(before).map(key))
        let added = checker.check(updated).filter { !known.contains(key($0)) }
        let errors = added.filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw InputErrors(
                errors.map { error in
                    // Its places are in the edited strata.yml, which was not written.
                    var error = error
                    error.location = nil
                    error.notes = error.notes.map { DiagnosticNote($0.message) }
                    error.hint = (error.hint.map { $0 + "; " } ?? "") + "nothing was written: choose dependencies the rules allow"
                    return error
                })
        }
        // Only the target folders that get files will exist; one whose templates are empty does not.
        let created = folders.filter { folder in files.contains { (updated.root + "/" + $0.path).hasPrefix(folder + "/") } }
        let generation = try WorkspaceGenerator.plan(for: updated, creating: Set(created))
        return Scaffold(
            workspace: updated, manifestText: text, files: files, generation: generation, targets: targets,
            warnings: added.filter { $0.severity != .error }.map {
                var warning = $0; warning.location = nil; return warning
            }
                + generation.warnings)
    }

    private static func productNames(_ packages: [String]) -> [String] {
        packages.compactMap { $0.split(separator: "/", maxSplits: 1).last.map(String.init) }
    }

    /// The values a module's templates can use (docs/SCAFFOLDING.md lists them).
    private static func moduleContext(_ request: ModuleRequest, module: Module, in workspace: Workspace) -> [String: Any] {
        let naming = workspace.manifest.naming
        var context: [String: Any] = [
            "workspace": workspace.name, "module": request.name, "layer": request.layer,
            "protocol": protocolName(request.name),
            "dependencies": request.dependencies, "packages": productNames(request.packages),
            "imports": request.dependencies + productNames(request.packages),
        ]
        for (key, role) in [("interface", TargetRole.interface), ("mocks", .mocks), ("tests", .tests)] {
            if let target = module.targets[role] { context[key] = workspace.targets[target].name }
        }
        if request.hostApp { context["host"] = naming.host.name(for: request.name) }
        // The mocks targets of the modules the implementation depends on: what tests and the host app link.
        var mocks: [String] = []
        for name in request.dependencies {
            guard let id = workspace.index[name], let owner = workspace.module(of: id), owner.name != request.name,
                let target = owner.targets[.mocks], !mocks.contains(workspace.targets[target].name)
            else { continue }
            mocks.append(workspace.targets[target].name)
        }
        context["dependencyMocks"] = mocks
        // The modules behind those mocks (each defines <Module>MockAssembly with the runtime), and the
        // services the module resolves: the interface targets it depends on, by their protocols.
        var mockModules: [[String: String]] = []
        var services: [[String: String]] = []
        for name in request.dependencies {
            guard let id = workspace.index[name], let owner = workspace.module(of: id), owner.name != request.name else { continue }
            if let target = owner.targets[.mocks], !mockModules.contains(where: { $0["module"] == owner.name }) {
                mockModules.append(["module": owner.name, "mocks": workspace.targets[target].name])
            }
            if workspace.targets[id].role == .interface, owner.layer.map({ workspace.layers[$0].name }) != "domain" {
                let property = owner.name.prefix(1).lowercased() + owner.name.dropFirst()
                // What the templates give each kind of module to call: a service's status, any other's description.
                let isService = owner.layer.map { workspace.layers[$0].name } == "service"
                services.append([
                    "module": owner.name, "interface": name, "protocol": protocolName(owner.name), "property": property,
                    "call": isService ? "try await \(property).status()" : "\(property).describe()",
                ])
            }
        }
        context["route"] = request.name.lowercased()
        context["dependencyMockModules"] = mockModules
        context["services"] = services
        return context
    }

    /// The declared package that provides StrataDI and StrataRouting (`StrataRuntime`, by path,
    /// URL or registry id), if the workspace has one.
    static func runtimePackage(in manifest: Manifest) -> String? {
        manifest.packages.first { package in
            let name = package.name.value.lowercased()
            if name == "strataruntime" || name == "strata-runtime" { return true }
            switch package.source {
            case .url(let url): return PackageDependency.identity(for: url) == "strataruntime"
            case .path(let path): return (path as NSString).lastPathComponent.lowercased() == "strataruntime"
            case .registry(let id): return id.lowercased().hasSuffix(".strataruntime")
            }
        }?.name.value
    }

    /// `WeatherService` → `WeatherServicing`; any other name gets `Protocol`.
    static func protocolName(_ module: String) -> String {
        if module.hasSuffix("Service"), module.count > "Service".count { return String(module.dropLast("Service".count)) + "Servicing" }
        return module + "Protocol"
    }
}
