import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSources

/// Builds the workspace graph from a generate-mode manifest: strata.yml lists every module
/// and app, and the targets follow from the naming templates.
///
/// Edges added by convention (marked automatic):
/// - a module's implementation depends on its own interface target;
/// - a mocks target depends on its module's interface (or implementation, if there is no interface);
/// - a tests target depends on its module, its module's interface and mocks, and the mocks of
///   every module its implementation depends on.
enum GenerateModeBuilder {
    static func build(_ manifest: Manifest, root: String, boundary: WorkspaceBoundary) throws(InputErrors) -> (Workspace, [Diagnostic]) {
        var build = GenerateModeBuild(manifest, root: root, boundary: boundary)
        build.addModules()
        build.addApps()
        build.addHostApps()
        build.addUmbrella()
        build.addBinaries()
        build.addDeclaredEdges()
        build.addConventionalEdges()
        build.addHostAppEdges()
        build.linkUmbrellaToTopModules()
        build.linkDynamicLibraries()
        build.checkOwners()
        return try build.finish()
    }
}

/// One run of `GenerateModeBuilder.build`: the targets strata.yml declares, then their edges, each
/// kind in a step of its own. Problems are collected in the assembler and thrown together at the end.
private struct GenerateModeBuild {
    let manifest: Manifest
    let root: String
    var assembler = GraphAssembler()
    var warnings: [Diagnostic] = []
    let layerIndex: [String: LayerID]
    let packageNames: Set<String>
    let opaqueFolders: TargetSources.OpaqueFolders
    package var modules: IDArray<ModuleID, Module> = []
    var moduleByName: [String: Module] = [:]
    var appTargets: [TargetID] = []
    var hosts: [(module: ModuleID, target: TargetID)] = []
    var umbrella: TargetID?

    var naming: Naming { manifest.naming }

    init(_ manifest: Manifest, root: String, boundary: WorkspaceBoundary) {
        self.manifest = manifest
        self.root = root
        assembler.diagnostics = GenerateModeBuilder.boundaryProblems(manifest, root: root, boundary: boundary)
        layerIndex = Dictionary(manifest.layers.enumerated().map { ($1.name.value, LayerID($0)) }, uniquingKeysWith: { a, _ in a })
        packageNames = Set(manifest.packages.map(\.name.value))
        let tools = ToolsVersion(manifest.generate.toolsVersion) ?? ToolsVersion(6, 0)
        opaqueFolders = TargetSources.OpaqueFolders.forTools(major: tools.major, minor: tools.minor)
        if tools.major < 6 { assembler.diagnostics += Self.languageModesBefore6(manifest) }
    }

    /// `swift-language-mode` is a target setting from tools version 6.0 on.
    static func languageModesBefore6(_ manifest: Manifest) -> [Diagnostic] {
        let builds = manifest.modules.flatMap(\.builds)
        return builds.compactMap(\.swiftLanguageMode).map { mode in
            .inputError(
                "invalid-value",
                "'swift-language-mode' needs tools version 6.0 or later; 'generate.tools-version' is \(manifest.generate.toolsVersion)",
                at: mode.location, hint: "raise 'generate.tools-version' to \"6.0\", or remove 'swift-language-mode'")
        }
    }

    // MARK: Targets, in declaration order: each module with its companions, then apps, host apps and the umbrella

    /// Sources follow the layout: Sources/<Target> and Tests/<TestTarget> in the root package, or
    /// inside Packages/<Module>/ for a module's targets in the packages layout, unless a module or
    /// app gives its own `path:` (relative to the workspace root).
    /// `sources:`, `exclude:` and `resources:` narrow what in the folder is Swift source, as
    /// SwiftPM reads them.
    func sources(
        _ target: String, module: String?, isTest: Bool = false, path: Located<String>? = nil, build: TargetBuild = TargetBuild()
    ) -> TargetSources {
        var relative = "\(isTest ? "Tests" : "Sources")/\(target)"
        if let module, manifest.generate.layout == .packages {
            relative = manifest.packageFolder(of: module) + "/" + relative
        }
        let directory = PathResolution.resolve(path?.value ?? relative, in: root)
        return TargetSources(
            directory: directory,
            only: build.sources.isEmpty ? nil : build.sources.map { PathResolution.resolve($0.value, in: directory) },
            excluded: (build.exclude + build.resources).map { PathResolution.resolve($0.value, in: directory) },
            opaqueFolders: opaqueFolders)
    }

    mutating func addModules() {
        for declaration in manifest.modules {
            checkPackageFolder(of: declaration)
            let name = declaration.name.value
            let layer = layerIndex[declaration.layer.value]
            let origin = "module '\(name)'"
            var targets: [TargetRole: TargetID] = [:]
            targets[.implementation] = assembler.add(
                Target(
                    name: name, role: .implementation, module: name, layer: layer, linkage: declaration.linkage,
                    location: declaration.name.location,
                    sources: sources(name, module: name, path: declaration.path, build: declaration.build)), origin: origin)
            // The companion targets strata.yml asks for, each named by its naming template.
            let companions: [(role: TargetRole, declared: CompanionTarget?, template: NamingTemplate, what: String)] = [
                (.interface, declaration.interface, naming.interface, "interface"),
                (.mocks, declaration.mocks, naming.mocks, "mocks"),
                (.tests, declaration.tests, naming.tests, "tests"),
            ]
            for companion in companions {
                guard let declared = companion.declared else { continue }
                let target = companion.template.name(for: name)
                targets[companion.role] = assembler.add(
                    Target(
                        name: target, role: companion.role, module: name, layer: layer, location: declared.location,
                        sources: sources(target, module: name, isTest: companion.role == .tests, path: declared.path, build: declared.build)),
                    origin: "the \(companion.what) of \(origin)")
            }
            modules.append(Module(name: name, layer: layer, location: declaration.name.location, targets: targets))
        }
        checkPackageFoldersApart()
        moduleByName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The binary targets `binaries:` names, each once, with the edges of the targets that name
    /// them. A binary lies inside the workspace, and with `layout: packages` inside the package of
    /// the module that names it (so one module's package declares it).
    mutating func addBinaries() {
        var declared: [String: (path: String, module: String)] = [:]
        for (declaration, module) in zip(manifest.modules, modules) {
            let companions: [(TargetRole, TargetBuild?)] = [
                (.implementation, declaration.build), (.interface, declaration.interface?.build), (.mocks, declaration.mocks?.build),
                (.tests, declaration.tests?.build),
            ]
            for case (let role, let build?) in companions {
                guard let from = module.targets[role] else { continue }
                for binary in build.binaries {
                    guard let id = binaryTarget(binary, of: module.name, declared: &declared) else { continue }
                    assembler.addEdge(from: from, to: id, location: binary.location)
                }
            }
        }
    }

    private mutating func binaryTarget(
        _ binary: Located<String>, of module: String, declared: inout [String: (path: String, module: String)]
    ) -> TargetID? {
        let name = TargetBuild.binaryName(binary.value)
        let path = PathResolution.resolve(binary.value, in: root)
        if let first = declared[name] {
            let samePackage = manifest.generate.layout == .single || first.module == module
            guard first.path == path, samePackage else {
                assembler.diagnostics.append(
                    .inputError(
                        "duplicate-target",
                        first.path == path
                            ? "binary '\(name)' is named by modules '\(first.module)' and '\(module)', whose packages cannot both declare it"
                            : "binary target '\(name)' would be both '\(PathResolution.relative(first.path, from: root))' and '\(binary.value)'",
                        at: binary.location,
                        hint: first.path == path
                            ? "name it on one module and depend on that module" : "rename one of the files: a binary target is named after its file"))
                return nil
            }
            return assembler.index[name]
        }
        if manifest.generate.layout == .packages {
            let folder = PathResolution.resolve(manifest.packageFolder(of: module), in: root)
            guard path.hasPrefix(folder + "/") else {
                assembler.diagnostics.append(
                    .inputError(
                        "invalid-value",
                        "binary '\(binary.value)' of module '\(module)' is outside its package folder '\(manifest.packageFolder(of: module))'",
                        at: binary.location, hint: "with 'layout: packages' a module's binaries live inside Packages/\(module)/"))
                return nil
            }
        }
        declared[name] = (path, module)
        var target = Target(name: name, role: .external, module: nil, layer: nil, location: binary.location)
        target.native = .binary
        target.modules = .named([name])
        return assembler.add(target, origin: "the binary '\(binary.value)' of module '\(module)'")
    }

    /// With `layout: packages` a module's own `path:`s (its targets') stay inside its package folder.
    /// A `package-folder:` lies inside the workspace, and only the `packages` layout has one.
    mutating func checkPackageFolder(of declaration: ModuleDeclaration) {
        let name = declaration.name.value
        if let given = declaration.packageFolder {
            let resolved = PathResolution.resolve(given.value, in: root)
            if manifest.generate.layout != .packages {
                assembler.diagnostics.append(
                    .inputError(
                        "invalid-value", "module '\(name)' has a 'package-folder', but the layout puts every module in the root package",
                        at: given.location, hint: "set 'generate: { layout: packages }', or remove 'package-folder'"))
            } else if !resolved.hasPrefix(root + "/") {
                assembler.diagnostics.append(
                    .inputError(
                        "invalid-value", "the package folder '\(given.value)' of module '\(name)' is not inside the workspace", at: given.location,
                        hint: "name a folder below strata.yml's, such as Pods/\(name)"))
                return
            }
        }
        guard manifest.generate.layout == .packages else { return }
        let folder = PathResolution.resolve(manifest.packageFolder(of: name), in: root)
        for path in declaration.paths where !PathResolution.resolve(path.value, in: root).hasPrefix(folder + "/") {
            assembler.diagnostics.append(
                .inputError(
                    "invalid-value",
                    "module '\(name)' has its sources at '\(path.value)', outside its package folder '\(manifest.packageFolder(of: name))'",
                    at: path.location,
                    hint:
                        "with 'layout: packages' a module's sources live inside \(manifest.packageFolder(of: name))/; move them there or remove 'path'"
                ))
        }
    }

    /// Each module's package folder is its own: not another module's, and not inside one.
    mutating func checkPackageFoldersApart() {
        guard manifest.generate.layout == .packages else { return }
        var seen: [(folder: String, module: String)] = []
        for declaration in manifest.modules {
            let name = declaration.name.value
            let folder = PathResolution.resolve(manifest.packageFolder(of: name), in: root)
            if let other = seen.first(where: { $0.folder == folder || folder.hasPrefix($0.folder + "/") || $0.folder.hasPrefix(folder + "/") }) {
                assembler.diagnostics.append(
                    .inputError(
                        "invalid-value",
                        "the package folders of modules '\(other.module)' and '\(name)' overlap ('\(manifest.packageFolder(of: other.module))', '\(manifest.packageFolder(of: name))')",
                        at: declaration.packageFolder?.location ?? declaration.name.location,
                        hint: "each module's package needs a folder of its own, apart from every other's"))
            }
            seen.append((folder, name))
        }
    }

    mutating func addApps() {
        for app in manifest.apps {
            let target = naming.app.name(for: app.name.value)
            appTargets.append(
                assembler.add(
                    Target(
                        name: target, role: .app, module: nil, layer: nil,
                        isTestHost: app.isTestHost, location: app.name.location, sources: sources(target, module: nil, path: app.path)),
                    origin: "app '\(app.name.value)'"))
        }
    }

    /// A module's host app lives in the root package, beside the apps.
    mutating func addHostApps() {
        for (index, declaration) in manifest.modules.enumerated() {
            guard let location = declaration.hostApp else { continue }
            let name = naming.host.name(for: declaration.name.value)
            let target = assembler.add(
                Target(name: name, role: .app, module: nil, layer: nil, isTestHost: true, location: location, sources: sources(name, module: nil)),
                origin: "the host app of module '\(declaration.name.value)'")
            hosts.append((ModuleID(index), target))
        }
    }

    mutating func addUmbrella() {
        guard let name = manifest.generate.umbrella else { return }
        umbrella = assembler.add(
            Target(name: name.value, role: .app, module: nil, layer: nil, location: name.location, sources: sources(name.value, module: nil)),
            origin: "the umbrella target")
    }

    // MARK: Declared edges

    mutating func addDeclaredEdges() {
        for (declaration, module) in zip(manifest.modules, modules) {
            let name = declaration.name.value
            guard let implementation = module.targets[.implementation] else { continue }
            addDeclared(implementation, declaration.dependencies, declaration.packages, owner: "module '\(name)'")
            if let interface = module.targets[.interface], let options = declaration.interface {
                addDeclared(interface, options.dependencies, options.packages, owner: "the interface of '\(name)'")
            }
            if let mocks = module.targets[.mocks], let options = declaration.mocks {
                addDeclared(mocks, options.dependencies, options.packages, owner: "the mocks of '\(name)'")
            }
            if let tests = module.targets[.tests], let options = declaration.tests {
                addDeclared(tests, options.dependencies, options.packages, owner: "the tests of '\(name)'")
            }
        }
        for (app, id) in zip(manifest.apps, appTargets) {
            addDeclared(id, app.dependencies, app.packages, owner: "app '\(app.name.value)'")
        }
    }

    mutating func addDeclared(_ from: TargetID, _ entries: [Located<String>], _ packages: [Located<String>], owner: String) {
        var seen: [TargetID: SourceLocation] = [:]
        for entry in entries {
            guard let to = resolve(entry, of: owner) else { continue }
            if let first = seen[to] {
                warnings.append(
                    Diagnostic(
                        id: "duplicate-dependency", severity: .warning,
                        message: "\(owner) lists '\(entry.value)' twice", location: entry.location,
                        notes: [DiagnosticNote("first listed here", at: first)], hint: "remove the repeated entry"))
                continue
            }
            seen[to] = entry.location
            assembler.addEdge(from: from, to: to, location: entry.location)
        }
        for entry in packages {
            if let to = resolvePackage(entry, of: owner) { assembler.addEdge(from: from, to: to, location: entry.location) }
        }
    }

    mutating func resolve(_ entry: Located<String>, of owner: String) -> TargetID? {
        guard let id = assembler.index[entry.value], assembler.targets[id].role != .external else {
            assembler.diagnostics.append(
                .inputError(
                    "unknown-dependency", "\(owner) depends on '\(entry.value)', which is not a module or target in this workspace",
                    at: entry.location, hint: unknownHint(entry.value)))
            return nil
        }
        let refusal: (what: String, why: String, hint: String)
        switch assembler.targets[id].role {
        case .tests:
            refusal = ("a test target", "nothing can depend on a test target", "share test helpers through the module's mocks target ('mocks: true')")
        case .app:
            refusal = ("an app", "apps sit above every layer and cannot be dependencies", "move the shared code into a module")
        default:
            return id
        }
        assembler.diagnostics.append(
            .inputError(
                "invalid-dependency", "\(owner) depends on '\(entry.value)', \(refusal.what); \(refusal.why)", at: entry.location,
                hint: refusal.hint))
        return nil
    }

    /// A hint for a name that is not a target: a missing companion target, a typo, or a misplaced product.
    func unknownHint(_ name: String) -> String {
        for (template, key) in [(naming.interface, "interface"), (naming.mocks, "mocks")] {
            if let base = template.base(of: name), moduleByName[base] != nil {
                return "module '\(base)' has no \(key) target; add '\(key): true' to it"
            }
        }
        if let suggestion = assembler.suggestion(for: name) { return suggestion }
        return name.contains("/") ? "external products go under 'packages:', not 'dependencies:'" : "declare it under 'modules:'"
    }

    mutating func resolvePackage(_ entry: Located<String>, of owner: String) -> TargetID? {
        let parts = entry.value.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            assembler.diagnostics.append(
                .inputError(
                    "invalid-value", "\(owner) lists package product '\(entry.value)', which is not of the form 'package/Product'",
                    at: entry.location, hint: "for example 'swift-log/Logging'"))
            return nil
        }
        guard packageNames.contains(parts[0]) else {
            assembler.diagnostics.append(
                .inputError(
                    "unknown-package", "\(owner) uses package '\(parts[0])', which is not declared under 'packages:'",
                    at: entry.location,
                    hint: Suggestions.didYouMean(parts[0], in: packageNames) ?? "declare it once under 'packages:' with its url and version"))
            return nil
        }
        return assembler.external(package: parts[0], product: parts[1], location: entry.location)
    }

    // MARK: Conventional edges

    /// The mocks targets of the other modules `declaration`'s implementation depends on, each
    /// with the dependency entry that brings it: what its tests and its host app link.
    func mocksOfDependencies(_ declaration: ModuleDeclaration) -> [(target: TargetID, location: SourceLocation)] {
        declaration.dependencies.compactMap { entry in
            guard let dependency = assembler.index[entry.value],
                let owner = assembler.targets[dependency].module, owner != declaration.name.value,
                let mocks = moduleByName[owner]?.targets[.mocks]
            else { return nil }
            return (mocks, entry.location)
        }
    }

    mutating func addConventionalEdges() {
        for (declaration, module) in zip(manifest.modules, modules) {
            let implementation = module.targets[.implementation]!
            let location = declaration.name.location
            if let interface = module.targets[.interface] {
                assembler.addEdge(from: implementation, to: interface, location: declaration.interface?.location, automatic: true)
            }
            if let mocks = module.targets[.mocks] {
                assembler.addEdge(
                    from: mocks, to: module.targets[.interface] ?? implementation,
                    location: declaration.mocks?.location, automatic: true)
            }
            if let tests = module.targets[.tests] {
                assembler.addEdge(from: tests, to: implementation, location: declaration.tests?.location ?? location, automatic: true)
                if let interface = module.targets[.interface] {
                    assembler.addEdge(from: tests, to: interface, location: declaration.tests?.location ?? location, automatic: true)
                }
                if let mocks = module.targets[.mocks] {
                    assembler.addEdge(from: tests, to: mocks, location: declaration.tests?.location ?? location, automatic: true)
                }
                for (mocks, location) in mocksOfDependencies(declaration) {
                    assembler.addEdge(from: tests, to: mocks, location: location, automatic: true)
                }
            }
        }
    }

    /// A host app runs its module against the mocks of what the module uses: it links the
    /// module, its interface, the external products the module uses (the runtime it assembles
    /// the mocks with), and the mocks target of each module it depends on.
    mutating func addHostAppEdges() {
        for (index, host) in hosts {
            let declaration = manifest.modules[index.index], module = modules[index]
            let location = declaration.hostApp
            for role in [TargetRole.implementation, .interface] {
                if let target = module.targets[role] { assembler.addEdge(from: host, to: target, location: location, automatic: true) }
            }
            if let implementation = module.targets[.implementation] {
                for edge in assembler.dependencies[implementation] where assembler.targets[edge.target].role == .external {
                    assembler.addEdge(from: host, to: edge.target, location: location, automatic: true)
                }
            }
            for (mocks, location) in mocksOfDependencies(declaration) {
                assembler.addEdge(from: host, to: mocks, location: location, automatic: true)
            }
        }
    }

    /// The umbrella depends on every module no other module links: the rest come with them, so
    /// one build compiles and links everything, each library once.
    mutating func linkUmbrellaToTopModules() {
        guard let umbrella, let location = manifest.generate.umbrella?.location else { return }
        var linked = Set<TargetID>()
        for (from, edges) in assembler.dependencies.withIDs {
            let source = assembler.targets[from]
            guard source.role == .implementation || source.role == .interface else { continue }
            for edge in edges where assembler.targets[edge.target].module != source.module { linked.insert(edge.target) }
        }
        for module in modules {
            guard let implementation = module.targets[.implementation], !linked.contains(implementation) else { continue }
            assembler.addEdge(from: umbrella, to: implementation, location: location, automatic: true)
        }
    }

    /// How edges link: a module's dependents in other packages or projects load its
    /// implementation's dynamic library. Inside one package SwiftPM links every target
    /// statically, whatever its product, so there `linkage:` shapes only what packages outside link.
    mutating func linkDynamicLibraries() {
        guard manifest.generate.linksModulesByProduct else { return }
        assembler.linkDynamically { from, to in
            to.role == .implementation && to.linkage.isDynamic && to.module != from.module
        }
    }

    /// Owners name modules (or patterns).
    mutating func checkOwners() {
        assembler.checkOwners(manifest.owners, modules: Set(modules.map(\.name)))
    }

    func finish() throws(InputErrors) -> (Workspace, [Diagnostic]) {
        if !assembler.diagnostics.isEmpty { throw InputErrors(assembler.diagnostics) }
        let workspace = Workspace(
            name: manifest.name?.value ?? PathResolution.name(of: root), root: root, manifest: manifest,
            layers: IDArray<LayerID, Layer>(manifest.layers.map(Layer.init)), modules: modules, targets: assembler.targets,
            dependencies: assembler.dependencies)
        return (workspace, warnings)
    }
}

extension GenerateModeBuilder {
    /// `linkage: dynamic` where nothing links it dynamically: the single layout without XcodeGen
    /// projects, where every module is a target of the one package and SwiftPM links them all
    /// statically. Asked on every load (it follows from strata.yml alone, cheaply), so that a
    /// kept graph does not hide it.
    static func linkageWarnings(_ manifest: Manifest) -> [Diagnostic] {
        guard manifest.mode == .generate, !manifest.generate.linksModulesByProduct else { return [] }
        let dynamic = manifest.modules.filter { $0.linkage.isDynamic }
        guard let first = dynamic.first else { return [] }
        let names = dynamic.map { "'\($0.name.value)'" }
        let subject =
            names.count == 1
            ? "module \(names[0]) is"
            : "modules \(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? " and \(names.count - 3) more" : "") are"
        return [
            .warning(
                "ineffective-linkage",
                "\(subject) 'linkage: dynamic', but in the single layout every module is a target of the one package, and SwiftPM links a package's own targets statically: only packages outside the workspace would load \(names.count == 1 ? "it" : "them") as a dynamic library",
                at: first.name.location,
                hint:
                    "set 'generate: { layout: packages }' so that each module is a package its dependents link by product, or remove 'linkage: dynamic'"
            )
        ]
    }

    /// The paths in strata.yml that leave the workspace (packages may also lie in listed
    /// outside folders). Symbolic links are followed, so this depends on the disk as well as on
    /// strata.yml: `GraphCache` asks it every time.
    static func boundaryProblems(_ manifest: Manifest, root: String, boundary: WorkspaceBoundary) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for declaration in manifest.modules {
            for path in declaration.paths + declaration.builds.flatMap(\.binaries) {
                if let problem = boundary.problem(path, relativeTo: root, use: .sources(of: declaration.name.value)) { problems.append(problem) }
            }
        }
        for app in manifest.apps {
            if let path = app.path, let problem = boundary.problem(path, relativeTo: root, use: .sources(of: app.name.value)) {
                problems.append(problem)
            }
        }
        for package in manifest.packages {
            if case .path(let path) = package.source,
                let problem = boundary.problem(Located(path, at: package.name.location), relativeTo: root, use: .package(package.name.value))
            {
                problems.append(problem)
            }
        }
        return problems
    }
}
