import Foundation
import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSources
import StrataSwiftPM
import StrataXcodeGen
import StrataXcodeProject

/// Builds the workspace graph from the projects of existing build systems (adopt mode): Swift
/// packages, Xcode projects, XcodeGen specs, a Podfile and podspecs, each read by its `ProjectFormat`.
///
/// - Targets group into modules by the naming templates: `NetworkInterface` is the interface
///   of `Network` when a target `Network` exists; a target fitting the mocks template is
///   always a mocks target; test targets belong to the module their name points at.
/// - A module's layer is the first layer (top to bottom) with a pattern matching the module's
///   name. Executable targets are apps, which sit above every layer, whatever the patterns say
///   (so a catch-all `*` for the bottom layer cannot pull an app down); `adopt.hosts` marks the
///   test and demo hosts among them.
/// - A target is dynamic if a `.dynamic` library product of its package contains it.
struct AdoptModeBuilder {
    /// The formats, in the order they are read: a Podfile may name an Xcode or XcodeGen
    /// project's targets, and projects may use local Swift packages.
    static let formats: [any ProjectFormat] = [XcodeProjectFormat(), XcodeGenFormat(), CocoaPodsFormat(), SwiftPackageFormat()]

    let packageReading: PackageReading
    /// Where the Package.swift files and folders are read from.
    let files: any WorkspaceFiles
    /// Whether to find the modules of binary targets and external products (`ModuleProvision`).
    var readsModules = false
    /// The platform asked for; manifests' `#if`s are decided for the host that builds for it.
    var platform: Platform?
    /// Where each Package.swift read is recorded as it happens.
    var readLog: PackageReadLog?
    /// The build configuration Xcode projects are read with.
    var xcodeConfiguration = "Debug"
    /// Whether targets carry their build declarations.
    var readsBuildDeclarations = false

    func build(_ manifest: Manifest, root: String, boundary: WorkspaceBoundary) async throws(InputErrors) -> LoadedWorkspace {
        guard let settings = manifest.adopt else { preconditionFailure("adopt mode without an 'adopt' section") }
        let read = try await readProjects(settings, root: root, boundary: boundary)
        var assembly = AdoptModeAssembly(manifest: manifest, root: root, read: read)
        assembly.addTargets()
        assembly.addDependencies()
        assembly.addExternalProductDependencies()
        var workspace = try assembly.workspace()
        workspace.projectSpecs = read.specs
        let packages = read.swiftPackages
        var loaded = LoadedWorkspace(workspace: workspace, diagnostics: read.warnings, packageReports: read.packageReports)
        loaded.inputs = read.inputs
        loaded.externalPackages = externalPackages(of: workspace, declaredBy: packages)
        // Xcode projects and XcodeGen specs use remote packages too: their products' modules are
        // found as the packages' are, never guessed from a product's name.
        if readsModules { await provideModules(to: &loaded, packages: read.manifests, root: root) }
        return loaded
    }

    /// What every format reads. The Swift packages come first, then the projects: a package's
    /// targets keep the ids they have in a workspace of packages only.
    private func readProjects(_ settings: AdoptSettings, root: String, boundary: WorkspaceBoundary) async throws(InputErrors) -> ProjectsRead {
        var request = ProjectReadRequest(
            settings: settings, root: root, files: files, boundary: boundary, packageReading: packageReading, platform: platform,
            readLog: readLog)
        request.xcodeConfiguration = xcodeConfiguration
        request.readsBuildDeclarations = readsBuildDeclarations
        var read = ProjectsRead()
        for format in Self.formats {
            read.append(try await format.read(request, after: read))
        }
        read.manifests = read.swiftPackages + read.manifests.filter { $0.kind != .swiftPackage }
        return read
    }

    /// The packages the external products come from, as the workspace's manifests declare them
    /// (with their version requirements), one per identity.
    private func externalPackages(of workspace: Workspace, declaredBy packages: [PackageManifest]) -> [PackageDependency] {
        let identities = Set(workspace.targets.compactMap { $0.role == .external ? $0.package?.lowercased() : nil })
        var found: [String: PackageDependency] = [:]
        for dependency in packages.flatMap(\.dependencies) where identities.contains(dependency.identity) {
            if found[dependency.identity]?.requirement == nil { found[dependency.identity] = dependency }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// The modules of binary targets, system libraries and external products.
    private func provideModules(to loaded: inout LoadedWorkspace, packages: [PackageManifest], root: String) async {
        let provided = await ModuleProvision(root: root, files: files, packageReading: packageReading, readLog: readLog)
            .provide(workspace: loaded.workspace, packages: packages)
        for (id, names) in provided.modules { loaded.workspace.targets[id].modules = names }
        loaded.diagnostics += provided.warnings
        loaded.packageReports += provided.reports
        loaded.inputs += provided.consulted
        loaded.unresolvedPackageFolders = provided.unresolvedFolders
    }
}

/// The graph of one adopt-mode workspace as it is put together from what the formats read:
/// targets with their roles, modules and layers, then the edges their dependency entries stand for.
private struct AdoptModeAssembly {
    let manifest: Manifest
    let root: String
    let read: ProjectsRead
    var assembler = GraphAssembler()
    private let placer: Placer
    /// The Swift packages by folder: path dependencies name them only.
    private let packageByPath: [String: PackageManifest]
    private var moduleTargets: [String: [TargetRole: TargetID]] = [:]
    private var moduleOrder: [String] = []
    private var moduleLocations: [String: SourceLocation] = [:]
    /// The links of the entry being resolved, kept from entry to entry rather than made for each.
    private var resolvedLinks: [Link] = []

    init(manifest: Manifest, root: String, read: ProjectsRead) {
        self.manifest = manifest
        self.root = root
        self.read = read
        placer = Placer(
            naming: manifest.naming, layerGlobs: manifest.layers.map { $0.patterns.map { Glob($0.value) } },
            hostGlobs: (manifest.adopt?.hosts ?? []).map { Glob($0.value) },
            sourceNames: Set(read.manifests.flatMap { package in package.targets.filter { $0.kind != .test && $0.kind != .plugin }.map(\.name) }))
        packageByPath = Dictionary(read.swiftPackages.map { ($0.directory, $0) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: Targets and modules

    private struct Placement: Sendable { var role: TargetRole; var module: String?; var layer: LayerID?; var isHost = false }

    /// Where targets belong, by their names: the naming templates and the layers' patterns.
    private struct Placer: Sendable {
        let naming: Naming
        let layerGlobs: [[Glob]]
        let hostGlobs: [Glob]
        /// The names of the targets that are not tests or plugins: what a test or mocks target can belong to.
        let sourceNames: Set<String>

        private func layer(of name: String) -> LayerID? {
            layerGlobs.firstIndex { globs in globs.contains { $0.matches(name) } }.map(LayerID.init)
        }

        /// A target's role, and the module and layer it belongs to.
        func placement(of target: PackageTarget) -> Placement {
            switch target.kind {
            case .test:
                let module = target.owningModule ?? naming.testsBases(of: target.name).first { sourceNames.contains($0) } ?? target.name
                return Placement(role: .tests, module: module, layer: layer(of: module))
            case .binary, .system, .plugin:
                return Placement(role: .external, module: nil, layer: nil)
            case .executable:
                return Placement(role: .app, module: nil, layer: nil, isHost: hostGlobs.contains { $0.matches(target.name) })
            default:
                let bases = naming.mocksBases(of: target.name)
                if !bases.isEmpty {
                    let module = bases.first { sourceNames.contains($0) } ?? target.name
                    return Placement(role: .mocks, module: module, layer: layer(of: module))
                }
                if let base = naming.interface.base(of: target.name), sourceNames.contains(base) {
                    return Placement(role: .interface, module: base, layer: layer(of: base))
                }
                return Placement(role: .implementation, module: target.name, layer: layer(of: target.name))
            }
        }
    }

    /// Every target of every package and project, each in its module.
    mutating func addTargets() {
        for package in read.manifests {
            let dynamicTargets = Set(
                package.products.flatMap { product -> [String] in
                    if case .library(.dynamic) = product.kind { return product.targets }
                    return []
                })
            // Placed on all cores (every name matched against templates and patterns), added in order.
            let placer = placer
            let placements = ParallelMap.map(ParallelMap.chunks(package.targets, of: 256)) { run in run.map { placer.placement(of: $0) } }
            for (target, place) in zip(package.targets, placements.joined()) {
                add(target, of: package, placed: place, isDynamic: dynamicTargets.contains(target.name))
            }
        }
    }

    private mutating func add(_ target: PackageTarget, of package: PackageManifest, placed place: Placement, isDynamic: Bool) {
        var node = Target(
            name: target.name, role: place.role, module: place.module, layer: place.layer, linkage: isDynamic ? .dynamic : .static,
            isTestHost: place.isHost, location: target.location ?? .file(package.path), package: place.role == .external ? package.name : nil,
            sources: target.declaredSources)
        node.isMacro = target.kind == .macro
        node.native = NativeTarget(target.kind)
        // A plugin is run, never imported.
        if target.kind == .plugin { node.modules = .named([]) }
        node.moduleAliases = target.moduleAliases
        node.compilationConditions = target.compilationConditions
        node.productRole = target.productRole
        node.buildDeclaration = target.buildDeclaration
        if let moduleName = target.moduleName { node.modules = .named([moduleName]) }
        // An XcodeGen project is read as a package of its own; it is named as what it is.
        let isProject = package.kind == .project
        // Made only for a duplicate, outside `self`, which `add` is changing.
        let root = root
        let id = assembler.add(
            node, origin: "\(isProject ? "project" : "package") '\(package.name)'",
            duplicateHint: Self.duplicateHint(target.name, in: package, root: root))
        guard let module = place.module else { return }
        if moduleTargets[module] == nil { moduleOrder.append(module) }
        moduleTargets[module, default: [:]][place.role] = id
        if place.role == .implementation || moduleLocations[module] == nil {
            moduleLocations[module] = target.location ?? .file(package.path)
        }
    }

    /// What to do about a second `name` in `package`: leave its folder out, or list fewer.
    private static func duplicateHint(_ name: String, in package: PackageManifest, root: String) -> String {
        let folder = PathResolution.relative(package.directory, from: root)
        let isProject = package.kind == .project
        return
            "two packages or projects of the workspace declare '\(name)'; if '\(folder)' is an example or a fixture, leave it out with 'adopt: { exclude: [\"\(folder)\"] }' (or list only the \(isProject ? "projects" : "packages") you mean under '\(isProject ? "adopt.xcode' or 'adopt.xcodegen" : "adopt.packages")'), else rename one of the targets"
    }

    private var modules: IDArray<ModuleID, Module> {
        IDArray(
            moduleOrder.map { name -> Module in
                let targets = moduleTargets[name] ?? [:]
                let anyTarget = targets[.implementation] ?? targets.values.min()!
                return Module(name: name, layer: assembler.targets[anyTarget].layer, location: moduleLocations[name], targets: targets)
            })
    }

    // MARK: Edges

    /// The edges each target's dependency entries and plugin usages stand for.
    mutating func addDependencies() {
        assembler.reserveEdges(read.manifests.reduce(0) { $0 + $1.targets.reduce(0) { $0 + $1.dependencies.count } })
        for package in read.manifests {
            let scope = PackageScope(package, packages: packageByPath)
            for target in package.targets {
                guard let from = assembler.index[target.name] else { continue }
                // The declared entries, then those added (not joined in one array: that copied every entry).
                for dependency in target.dependencies {
                    addEdges(from: from, of: target, for: dependency, in: scope)
                }
                for dependency in read.addedDependencies.isEmpty ? [] : read.addedDependencies[target.name] ?? [] {
                    addEdges(from: from, of: target, for: dependency, in: scope)
                }
                for usage in target.plugins {
                    for plugin in resolve(usage, in: scope, packages: packageByPath, owner: target.name) {
                        assembler.addEdge(from: from, to: plugin, location: usage.location ?? target.location, isLinked: false, isPluginUsage: true)
                    }
                }
            }
        }
    }

    /// The edges one dependency entry of `target` stands for.
    private mutating func addEdges(from: TargetID, of target: PackageTarget, for dependency: PackageTargetDependency, in scope: PackageScope) {
        let location = dependency.location ?? target.location
        // The list is taken out of `self` while `resolve` (which changes `self`) fills it.
        var links = resolvedLinks
        resolvedLinks = []
        links.removeAll(keepingCapacity: true)
        resolve(dependency.reference, in: scope, packages: packageByPath, owner: target.name, location: location, into: &links)
        defer { resolvedLinks = links }
        for link in links {
            assembler.addEdge(
                from: from, to: link.target, location: location, condition: dependency.condition,
                moduleAliases: dependency.moduleAliases, isLinked: dependency.isLinked,
                dynamicLibrary: dependency.isMerged ? nil : link.dynamicLibrary,
                product: link.product)
        }
    }

    /// The edges of external products that link others (external pods link the pods their
    /// podspecs depend on, prebuilt or the workspace's).
    mutating func addExternalProductDependencies() {
        for (product, dependencies) in read.externalDependencies.sorted(by: { $0.key < $1.key }) {
            let scope = PackageScope(
                PackageManifest(path: root, name: product.package, products: [], dependencies: [], targets: []), packages: [:])
            let from = assembler.external(package: product.package, product: product.product, location: nil)
            for dependency in dependencies {
                var links: [Link] = []
                resolve(
                    dependency.reference, in: scope, packages: [:], owner: "\(product.package)/\(product.product)", location: dependency.location,
                    into: &links)
                for link in links {
                    assembler.addEdge(from: from, to: link.target, location: dependency.location, dynamicLibrary: link.dynamicLibrary)
                }
            }
        }
    }

    /// The workspace, once owners are checked; every problem found on the way, if there were any.
    mutating func workspace() throws(InputErrors) -> Workspace {
        assembler.checkOwners(manifest.owners, modules: Set(moduleOrder))
        if !assembler.diagnostics.isEmpty { throw InputErrors(assembler.diagnostics) }
        return Workspace(
            name: manifest.name?.value ?? Self.name(of: read, root: root), root: root, manifest: manifest,
            layers: IDArray<LayerID, Layer>(manifest.layers.map(Layer.init)), modules: modules, targets: assembler.targets,
            dependencies: assembler.dependencies)
    }

    /// The name of a workspace whose strata.yml gives none: its root package's, else its first
    /// Xcode project's or XcodeGen spec's (the app's name, more than any package beside it),
    /// else the first package's or pod's, else its folder's.
    static func name(of read: ProjectsRead, root: String) -> String {
        let rootPackage = read.swiftPackages.first { PathResolution.parent(of: $0.path) == root }
        let project = read.manifests.first { $0.kind == .project && PathResolution.name(of: $0.path) != "Podfile" }
        return rootPackage?.name ?? project?.name ?? read.manifests.first?.name ?? PathResolution.name(of: root)
    }

    // MARK: Resolving dependency entries

    /// One package's names, indexed once so that resolving stays linear in the number of
    /// dependency entries even for a root package with thousands of path dependencies.
    struct PackageScope {
        let package: PackageManifest
        /// The package's own targets' kinds, by name (the kind is all resolving asks of them).
        let ownTargets: [String: PackageTarget.Kind]
        private let byIdentity: [String: PackageDependency]
        private let byName: [String: PackageDependency]
        /// Product name → the first local dependency that vends it.
        let localProductOwner: [String: PackageDependency]

        init(_ package: PackageManifest, packages: [String: PackageManifest]) {
            self.package = package
            ownTargets = Dictionary(package.targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
            byIdentity = Dictionary(package.dependencies.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
            byName = Dictionary(package.dependencies.compactMap { d in d.name.map { ($0, d) } }, uniquingKeysWith: { first, _ in first })
            var owners: [String: PackageDependency] = [:]
            for dependency in package.dependencies {
                guard case .fileSystem(let path) = dependency.source, let local = packages[path] else { continue }
                for product in local.products where owners[product.name] == nil { owners[product.name] = dependency }
            }
            localProductOwner = owners
        }

        /// The dependency `.product(package: reference)` means (identity, case-insensitively, or the given name).
        func dependency(referencedBy reference: String) -> PackageDependency? {
            byIdentity[reference.lowercased()] ?? byName[reference]
        }
    }

    /// A target a dependency entry links, and the dynamic library it links it through (nil: statically).
    struct Link {
        var target: TargetID
        var dynamicLibrary: String?
        /// The local product of several targets the entry named, which this target is one of.
        var product: String?
    }

    /// The targets a dependency entry stands for, appended to `links`: one target, all targets
    /// of a local product, or an external product; each linked statically, or through the
    /// framework or `.dynamic` product that holds it.
    private mutating func resolve(
        _ reference: PackageTargetDependency.Reference, in scope: PackageScope, packages: [String: PackageManifest],
        owner: String, location: SourceLocation?, into links: inout [Link]
    ) {
        let package = scope.package
        func unknown(_ message: String, _ hint: String?) {
            assembler.diagnostics.append(.inputError("unknown-dependency", message, at: location, hint: hint))
        }
        func targetsOf(product name: String, in dependency: PackageDependency) -> [Link]? {
            guard case .fileSystem(let path) = dependency.source, let local = packages[path] else {
                return [Link(target: assembler.external(package: dependency.identity, product: name, location: location))]
            }
            guard let product = local.products.first(where: { $0.name == name }) else { return nil }
            // Another package's product: linked as it is built, one dynamic library for all its targets.
            let dynamicLibrary: String? = if case .library(.dynamic) = product.kind { product.name } else { nil }
            let shared = product.targets.count > 1 ? product.name : nil
            return product.targets.compactMap { assembler.index[$0] }.map { Link(target: $0, dynamicLibrary: dynamicLibrary, product: shared) }
        }
        /// The product a local package vends, or the package named like it has: what a name
        /// without a package means; nil when none has it.
        func productOfDependencies(_ name: String) -> [Link]? {
            guard let dependency = scope.localProductOwner[name] ?? scope.dependency(referencedBy: name) else { return nil }
            return targetsOf(product: name, in: dependency) ?? []
        }
        switch reference {
        case .workspaceTarget(let name):
            guard let id = assembler.index[name] else {
                return unknown("'\(owner)' depends on '\(name)', which no project of the workspace declares", assembler.suggestion(for: name))
            }
            // A project's library target is its own product: a framework is linked dynamically.
            links.append(Link(target: id, dynamicLibrary: assembler.targets[id].linkage.isDynamic ? name : nil))
        case .prebuilt(let framework):
            let id = assembler.external(package: framework.provider, product: framework.name, location: location)
            assembler.setExternal(id, modules: framework.modules, linkage: framework.linkage)
            links.append(Link(target: id, dynamicLibrary: framework.linkage.isDynamic ? framework.name : nil))
        case .target(let name):
            if scope.ownTargets[name] == .plugin { return }
            guard scope.ownTargets[name] != nil, let id = assembler.index[name] else {
                return unknown(
                    "'\(owner)' depends on target '\(name)', which package '\(package.name)' does not declare",
                    Suggestions.didYouMean(name, in: scope.ownTargets.keys))
            }
            links.append(Link(target: id))
        case .byName(let name):
            if let own = scope.ownTargets[name] {
                if own != .plugin, let id = assembler.index[name] { links.append(Link(target: id)) }
                return
            }
            if let found = productOfDependencies(name) {
                links += found
                return
            }
            return unknown(
                "'\(owner)' depends on '\(name)', which is neither a target of package '\(package.name)' nor a product of its dependencies",
                Suggestions.didYouMean(name, in: scope.ownTargets.keys))
        case .anyPackageProduct(let name):
            links +=
                productOfDependencies(name) ?? [
                    Link(target: assembler.external(package: PackageTargetDependency.Reference.anyPackage, product: name, location: location))
                ]
        case .product(let name, let packageReference):
            let reference = packageReference ?? name
            guard let dependency = scope.dependency(referencedBy: reference) else {
                return unknown(
                    "'\(owner)' uses product '\(name)' of package '\(reference)', which package '\(package.name)' does not depend on",
                    Suggestions.didYouMean(reference, in: package.dependencies.map(\.identity)) ?? "add it to the package's 'dependencies:'")
            }
            if let targets = targetsOf(product: name, in: dependency) {
                links += targets
                return
            }
            let localProducts = if case .fileSystem(let path) = dependency.source { packages[path]?.products.map(\.name) ?? [] } else { [String]() }
            return unknown(
                "'\(owner)' uses product '\(name)', which package '\(reference)' does not vend",
                Suggestions.didYouMean(name, in: localProducts))
        }
    }

    /// The plugin a `plugins:` entry names: a plugin target of the same package, the targets of
    /// a local package's plugin product, or another package's product.
    private mutating func resolve(
        _ usage: PackageTarget.PluginUsage, in scope: PackageScope, packages: [String: PackageManifest], owner: String
    ) -> [TargetID] {
        let location = usage.location
        guard let reference = usage.package else {
            if scope.ownTargets[usage.name] == .plugin, let id = assembler.index[usage.name] { return [id] }
            assembler.diagnostics.append(
                .inputError(
                    "unknown-dependency", "'\(owner)' uses plugin '\(usage.name)', which package '\(scope.package.name)' does not declare",
                    at: location,
                    hint: Suggestions.didYouMean(usage.name, in: scope.ownTargets.filter { $0.value == .plugin }.map(\.key))
                        ?? "name the package that vends it: .plugin(name: \"\(usage.name)\", package: \"…\")"))
            return []
        }
        guard let dependency = scope.dependency(referencedBy: reference) else {
            assembler.diagnostics.append(
                .inputError(
                    "unknown-dependency",
                    "'\(owner)' uses plugin '\(usage.name)' of package '\(reference)', which package '\(scope.package.name)' does not depend on",
                    at: location,
                    hint: Suggestions.didYouMean(reference, in: scope.package.dependencies.map(\.identity))
                        ?? "add it to the package's 'dependencies:'"))
            return []
        }
        guard case .fileSystem(let path) = dependency.source, let local = packages[path] else {
            return [assembler.external(package: dependency.identity, product: usage.name, location: location)]
        }
        guard let product = local.products.first(where: { $0.name == usage.name }) else {
            assembler.diagnostics.append(
                .inputError(
                    "unknown-dependency", "'\(owner)' uses plugin '\(usage.name)', which package '\(reference)' does not vend", at: location,
                    hint: Suggestions.didYouMean(usage.name, in: local.products.map(\.name))))
            return []
        }
        return product.targets.compactMap { assembler.index[$0] }
    }
}
