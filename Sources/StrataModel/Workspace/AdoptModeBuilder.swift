import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources

/// Builds the workspace graph from existing SwiftPM manifests (adopt mode).
///
/// - Packages are the folders `adopt.packages` names (globs allowed), plus every local
///   `.package(path:)` dependency inside the workspace, transitively.
/// - Targets group into modules by the naming templates: `NetworkInterface` is the interface
///   of `Network` when a target `Network` exists; a target fitting the mocks template is
///   always a mocks target; test targets belong to the module their name points at.
/// - A module's layer is the first layer (top to bottom) with a pattern matching the module's
///   name. Executable targets are apps, which sit above every layer, whatever the patterns say
///   (so a catch-all `*` for the bottom layer cannot pull an app down); `adopt.hosts` marks the
///   test and demo hosts among them.
/// - A target is dynamic if a `.dynamic` library product of its package contains it.
struct AdoptModeBuilder {
    let packageReading: WorkspaceLoader.PackageReading
    /// Where the Package.swift files and folders are read from.
    let files: any WorkspaceFiles
    /// Whether to find the modules of binary targets and external products (`ModuleProvision`).
    var readsModules = false
    /// The platform asked for; manifests' `#if`s are decided for the host that builds for it.
    var platform: Platform?
    /// Where each Package.swift read is recorded as it happens.
    var readLog: PackageReadLog?

    /// The machine manifests are taken to be compiled on.
    var host: Platform? { platform.map(ManifestConditions.host(for:)) ?? ManifestConditions.thisHost }

    func build(_ manifest: Manifest, root: String, boundary: WorkspaceBoundary) async throws(InputErrors) -> LoadedWorkspace {
        guard let settings = manifest.adopt else { preconditionFailure("adopt mode without an 'adopt' section") }
        let xcodegen =
            settings.xcodegen.isEmpty
            ? XcodeGenWorkspace() : try await XcodeGenWorkspace.read(patterns: settings.xcodegen, root: root, files: files, boundary: boundary)
        let pods =
            settings.podspecs.isEmpty && settings.podfile == nil
            ? CocoaPodsWorkspace()
            : try await CocoaPodsWorkspace.read(
                settings, root: root, files: files, boundary: boundary,
                otherTargets: Set(xcodegen.manifests.flatMap { $0.targets.map(\.name) }))
        var folders = try Self.packageFolders(
            settings, root: root, files: files, boundary: boundary, othersFound: !xcodegen.manifests.isEmpty || !pods.manifests.isEmpty)
        for folder in xcodegen.localPackages where !folders.contains(folder) { folders.append(folder) }
        let (swiftPackages, reports, missing) = try await readPackages(folders, root: root, settings: settings)
        let packages = swiftPackages + xcodegen.manifests + pods.manifests
        let hostWarnings = missing + reports.compactMap(hostWarning) + xcodegen.warnings

        var assembler = GraphAssembler()
        let layers = IDArray<LayerID, Layer>(manifest.layers.map(Layer.init))
        let layerGlobs = manifest.layers.map { $0.patterns.map { Glob($0.value) } }
        let hostGlobs = settings.hosts.map { Glob($0.value) }
        let naming = manifest.naming
        func layer(of name: String) -> LayerID? {
            layerGlobs.firstIndex { globs in globs.contains { $0.matches(name) } }.map(LayerID.init)
        }

        // 1. Roles and modules.
        let sourceTargets = packages.flatMap { package in package.targets.filter { $0.kind != .test && $0.kind != .plugin } }
        let sourceNames = Set(sourceTargets.map(\.name))
        struct Placement { var role: TargetRole; var module: String?; var layer: LayerID?; var isHost = false }
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

        var moduleTargets: [String: [TargetRole: TargetID]] = [:]
        var moduleOrder: [String] = []
        var moduleLocations: [String: SourceLocation] = [:]
        for package in packages {
            let dynamicTargets = Set(
                package.products.flatMap { product -> [String] in
                    if case .library(.dynamic) = product.kind { return product.targets }
                    return []
                })
            for target in package.targets {
                let place = placement(of: target)
                // A binary target downloaded from a URL has no files in the workspace.
                let isDownloaded = target.kind == .binary && target.url != nil
                var node = Target(
                    name: target.name, role: place.role, module: place.module, layer: place.layer,
                    linkage: dynamicTargets.contains(target.name) ? .dynamic : .static,
                    isTestHost: place.isHost, location: target.location ?? .file(package.path),
                    package: place.role == .external ? package.name : nil,
                    sources: isDownloaded
                        ? nil
                        : target.declaredSources ?? Self.sources(of: target, in: package.directory, toolsVersion: package.toolsVersion, files: files))
                node.isMacro = target.kind == .macro
                node.native = NativeTarget(target.kind)
                // A plugin is run, never imported.
                if target.kind == .plugin { node.modules = .named([]) }
                node.moduleAliases = target.moduleAliases
                if let moduleName = target.moduleName { node.modules = .named([moduleName]) }
                let folder = PathResolution.relative(package.directory, from: root)
                // An XcodeGen project is read as a package of its own; it is named as what it is.
                let isProject = !package.path.hasSuffix(".swift")
                let id = assembler.add(
                    node, origin: "\(isProject ? "project" : "package") '\(package.name)'",
                    duplicateHint:
                        "two packages or projects of the workspace declare '\(target.name)'; if '\(folder)' is an example or a fixture, leave it out with 'adopt: { exclude: [\"\(folder)\"] }' (or list only the \(isProject ? "projects" : "packages") you mean under '\(isProject ? "adopt.xcodegen" : "adopt.packages")'), else rename one of the targets"
                )
                guard let module = place.module else { continue }
                if moduleTargets[module] == nil { moduleOrder.append(module) }
                moduleTargets[module, default: [:]][place.role] = id
                if place.role == .implementation || moduleLocations[module] == nil {
                    moduleLocations[module] = target.location ?? .file(package.path)
                }
            }
        }
        let modules = IDArray<ModuleID, Module>(
            moduleOrder.map { name -> Module in
                let targets = moduleTargets[name] ?? [:]
                let anyTarget = targets[.implementation] ?? targets.values.min()!
                return Module(name: name, layer: assembler.targets[anyTarget].layer, location: moduleLocations[name], targets: targets)
            })

        // 2. Edges. (Path dependencies name SwiftPM packages only.)
        let packageByPath = Dictionary(swiftPackages.map { ($0.directory, $0) }, uniquingKeysWith: { a, _ in a })
        for package in packages {
            let scope = PackageScope(package, packages: packageByPath)
            for target in package.targets {
                guard let from = assembler.index[target.name] else { continue }
                for dependency in target.dependencies + (pods.extraDependencies[target.name] ?? []) {
                    let location = dependency.location ?? target.location
                    for link in resolve(
                        dependency.reference, in: scope, packages: packageByPath, owner: target.name, location: location,
                        assembler: &assembler)
                    {
                        assembler.addEdge(
                            from: from, to: link.target, location: location, condition: dependency.condition,
                            moduleAliases: dependency.moduleAliases, isLinked: dependency.isLinked, dynamicLibrary: link.dynamicLibrary,
                            product: link.product)
                    }
                }
                for usage in target.plugins {
                    for plugin in resolve(usage, in: scope, packages: packageByPath, owner: target.name, assembler: &assembler) {
                        assembler.addEdge(from: from, to: plugin, location: usage.location ?? target.location, isLinked: false, isPluginUsage: true)
                    }
                }
            }
        }

        // External pods link the pods their podspecs depend on (prebuilt or the workspace's).
        let podfileScope = PackageScope(PackageManifest(path: root, name: "pods", products: [], dependencies: [], targets: []), packages: [:])
        for (pod, dependencies) in pods.externalDependencies.sorted(by: { $0.key < $1.key }) {
            let from = assembler.external(package: "pods", product: pod, location: nil)
            for dependency in dependencies {
                for link in resolve(
                    dependency.reference, in: podfileScope, packages: [:], owner: "pods/\(pod)", location: dependency.location, assembler: &assembler)
                {
                    assembler.addEdge(from: from, to: link.target, location: dependency.location, dynamicLibrary: link.dynamicLibrary)
                }
            }
        }

        // 3. Owners name modules or patterns.
        assembler.checkOwners(manifest.owners, modules: Set(moduleOrder))

        if !assembler.diagnostics.isEmpty { throw InputErrors(assembler.diagnostics) }
        var workspace = Workspace(
            name: manifest.name?.value ?? packages.first?.name ?? lastPathComponent(root), root: root, manifest: manifest,
            layers: layers, modules: modules, targets: assembler.targets, dependencies: assembler.dependencies)
        workspace.projectSpecs = xcodegen.specs + pods.specs
        // The packages the external products come from, as the workspace's manifests declare them.
        let externalIdentities = Set(workspace.targets.compactMap { $0.role == .external ? $0.package?.lowercased() : nil })
        var externalPackages: [String: PackageDependency] = [:]
        for dependency in swiftPackages.flatMap(\.dependencies) where externalIdentities.contains(dependency.identity) {
            if externalPackages[dependency.identity]?.requirement == nil { externalPackages[dependency.identity] = dependency }
        }
        guard readsModules else {
            var loaded = LoadedWorkspace(workspace: workspace, diagnostics: hostWarnings, packageReports: reports)
            loaded.inputs = xcodegen.inputs + pods.inputs
            loaded.externalPackages = externalPackages.keys.sorted().map { externalPackages[$0]! }
            return loaded
        }
        // 4. The modules of binary targets, system libraries and external products.
        let provided = await ModuleProvision(root: root, files: files, packageReading: packageReading, readLog: readLog)
            .provide(workspace: workspace, packages: swiftPackages)
        for (id, names) in provided.modules { workspace.targets[id].modules = names }
        var loaded = LoadedWorkspace(workspace: workspace, diagnostics: hostWarnings + provided.warnings, packageReports: reports + provided.reports)
        loaded.inputs = xcodegen.inputs + pods.inputs + provided.consulted
        loaded.unresolvedPackageFolders = provided.unresolvedFolders
        loaded.externalPackages = externalPackages.keys.sorted().map { externalPackages[$0]! }
        return loaded
    }

    /// A warning for a manifest whose graph depends on the machine that compiles it, when that
    /// machine is not the one the platform asked for builds on (or no platform was asked for).
    private func hostWarning(_ report: PackageReadReport) -> Diagnostic? {
        guard let first = report.hostConditions.first else { return nil }
        let read = report.host?.rawValue ?? "unknown"
        let condition = "'#if \(first.text)'" + (report.hostConditions.count > 1 ? " and \(report.hostConditions.count - 1) more" : "")
        guard let platform else {
            return .warning(
                "host-dependent-manifest",
                "this manifest depends on the machine that compiles it (\(condition)); it was read as a \(read) host reads it, so targets declared for other hosts may be missing",
                at: first.location,
                hint: "pass --platform (ios, macos, linux, …) to read it as the host that builds for that platform does")
        }
        let wanted = ManifestConditions.host(for: platform)
        guard report.host != wanted || wanted == nil else { return nil }
        return .warning(
            "host-dependent-manifest",
            "this manifest depends on the machine that compiles it (\(condition)), and 'swift package dump-package' could evaluate it only on this \(read) machine, not on \(wanted.map { "the \($0.rawValue) host" } ?? "the host") that builds for \(platform.rawValue): targets for \(platform.rawValue) may be missing",
            at: first.location,
            hint:
                "check on a \(wanted?.rawValue ?? "matching") machine, or keep the manifest's '#if's to conditions Strata decides (os(), canImport() of SDK modules, swift()) so that it is read statically"
        )
    }

    /// One package's names, indexed once so that resolving stays linear in the number of
    /// dependency entries even for a root package with thousands of path dependencies.
    struct PackageScope {
        let package: PackageManifest
        let ownTargets: [String: PackageTarget]
        private let byIdentity: [String: PackageDependency]
        private let byName: [String: PackageDependency]
        /// Product name → the first local dependency that vends it.
        let localProductOwner: [String: PackageDependency]

        init(_ package: PackageManifest, packages: [String: PackageManifest]) {
            self.package = package
            ownTargets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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

    /// The targets a dependency entry stands for: one target, all targets of a local
    /// product, or an external product; each linked statically, or through the framework or
    /// `.dynamic` product that holds it.
    private func resolve(
        _ reference: PackageTargetDependency.Reference, in scope: PackageScope, packages: [String: PackageManifest],
        owner: String, location: SourceLocation?, assembler: inout GraphAssembler
    ) -> [Link] {
        let package = scope.package
        func unknown(_ message: String, _ hint: String?) -> [Link] {
            assembler.diagnostics.append(.inputError("unknown-dependency", message, at: location, hint: hint))
            return []
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
        switch reference {
        case .workspaceTarget(let name):
            guard let id = assembler.index[name] else {
                return unknown("'\(owner)' depends on '\(name)', which no project of the workspace declares", assembler.suggestion(for: name))
            }
            // A project's library target is its own product: a framework is linked dynamically.
            return [Link(target: id, dynamicLibrary: assembler.targets[id].linkage == .dynamic ? name : nil)]
        case .prebuilt(let framework):
            let id = assembler.external(package: framework.provider, product: framework.name, location: location)
            assembler.setExternal(id, modules: .named([framework.module]), linkage: framework.linkage)
            return [Link(target: id, dynamicLibrary: framework.linkage == .dynamic ? framework.name : nil)]
        case .target(let name):
            if scope.ownTargets[name]?.kind == .plugin { return [] }
            guard scope.ownTargets[name] != nil, let id = assembler.index[name] else {
                return unknown(
                    "'\(owner)' depends on target '\(name)', which package '\(package.name)' does not declare",
                    Suggestions.didYouMean(name, in: scope.ownTargets.keys))
            }
            return [Link(target: id)]
        case .byName(let name):
            if let own = scope.ownTargets[name] {
                return own.kind == .plugin ? [] : assembler.index[name].map { [Link(target: $0)] } ?? []
            }
            if let dependency = scope.localProductOwner[name] ?? scope.dependency(referencedBy: name) {
                return targetsOf(product: name, in: dependency) ?? []
            }
            return unknown(
                "'\(owner)' depends on '\(name)', which is neither a target of package '\(package.name)' nor a product of its dependencies",
                Suggestions.didYouMean(name, in: scope.ownTargets.keys))
        case .product(let name, let packageReference):
            let reference = packageReference ?? name
            guard let dependency = scope.dependency(referencedBy: reference) else {
                return unknown(
                    "'\(owner)' uses product '\(name)' of package '\(reference)', which package '\(package.name)' does not depend on",
                    Suggestions.didYouMean(reference, in: package.dependencies.map(\.identity)) ?? "add it to the package's 'dependencies:'")
            }
            if let targets = targetsOf(product: name, in: dependency) { return targets }
            let localProducts: [String]
            if case .fileSystem(let path) = dependency.source {
                localProducts = packages[path]?.products.map(\.name) ?? []
            } else {
                localProducts = []
            }
            return unknown(
                "'\(owner)' uses product '\(name)', which package '\(reference)' does not vend",
                Suggestions.didYouMean(name, in: localProducts))
        }
    }

    /// The plugin a `plugins:` entry names: a plugin target of the same package, the targets of
    /// a local package's plugin product, or another package's product.
    private func resolve(
        _ usage: PackageTarget.PluginUsage, in scope: PackageScope, packages: [String: PackageManifest], owner: String,
        assembler: inout GraphAssembler
    ) -> [TargetID] {
        let location = usage.location
        guard let reference = usage.package else {
            if scope.ownTargets[usage.name]?.kind == .plugin, let id = assembler.index[usage.name] { return [id] }
            assembler.diagnostics.append(
                .inputError(
                    "unknown-dependency", "'\(owner)' uses plugin '\(usage.name)', which package '\(scope.package.name)' does not declare",
                    at: location,
                    hint: Suggestions.didYouMean(usage.name, in: scope.ownTargets.values.filter { $0.kind == .plugin }.map(\.name))
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

    /// Where SwiftPM looks for a target's sources: its `path:`, else the first predefined
    /// folder that holds a folder named after it; narrowed by `sources:`, less `exclude:` and
    /// `resources:`, and not inside the folders the package's tools version makes opaque.
    static func sources(
        of target: PackageTarget, in packageFolder: String, toolsVersion: ToolsVersion?, files: any WorkspaceFiles
    ) -> TargetSources {
        let directory: String
        if let path = target.path {
            directory = PathResolution.resolve(path, in: packageFolder)
        } else {
            let predefined = target.kind == .plugin ? ["Plugins"] : TargetSources.predefinedFolders(isTest: target.kind == .test)
            let candidates =
                predefined
                .map { PathResolution.resolve("\($0)/\(target.name)", in: packageFolder) }
            directory = candidates.first { files.exists($0) } ?? candidates[0]
        }
        let tools = toolsVersion ?? ToolsVersion(5, 9)
        return TargetSources(
            directory: directory,
            only: target.sources?.map { PathResolution.resolve($0, in: directory) },
            excluded: (target.exclude + target.resources).map { PathResolution.resolve($0, in: directory) },
            opaqueFolders: .forTools(major: tools.major, minor: tools.minor))
    }

    // MARK: - Finding and reading packages

    /// Absolute folders holding a Package.swift, from `adopt.packages`.
    /// With `othersFound`, the workspace has modules of other build systems (XcodeGen), so
    /// finding no Package.swift where `adopt.packages` looks by default is no problem.
    static func packageFolders(
        _ settings: AdoptSettings, root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary, othersFound: Bool = false
    ) throws(InputErrors) -> [String] {
        var folders: [String] = []
        var problems: [Diagnostic] = []
        for entry in settings.packages {
            var unreadable: [String: String] = [:]
            let candidates = expand(entry.value, root: root, files: files, unreadable: &unreadable)
            for folder in candidates where unreadable[folder] == nil {
                if let reason = files.unreadable(folder) { unreadable[folder] = reason }
            }
            // A folder Strata may not read would drop its packages in silence; one `adopt.exclude` leaves out is skipped.
            for (folder, reason) in unreadable.sorted(by: { $0.key < $1.key }) where settings.exclusion(of: folder, root: root) == nil {
                problems.append(
                    .inputError(
                        "unreadable-file",
                        "cannot read '\(PathResolution.relative(folder, from: root))', where 'adopt.packages' looks for packages: \(reason)",
                        at: entry.location, hint: "make it readable (chmod a+rx), or leave it out with 'adopt.exclude'"))
            }
            let matches = candidates.filter {
                unreadable[$0] == nil && files.exists(($0 as NSString).appendingPathComponent("Package.swift"))
                    && settings.exclusion(of: $0, root: root) == nil
            }
            let outside = matches.compactMap { match in
                boundary.problem(Located(match, at: entry.location), relativeTo: root, use: .package(PathResolution.relative(match, from: root)))
            }
            if let first = outside.first {
                problems.append(first)
                continue
            }
            if matches.isEmpty && !Glob.isPattern(entry.value) && entry.location != settings.location {
                problems.append(
                    .inputError(
                        "missing-package", "'\(entry.value)' has no Package.swift", at: entry.location,
                        hint: "adopt mode reads existing SwiftPM packages; point 'adopt.packages' at folders that hold a Package.swift"))
            }
            for match in matches where !folders.contains(match) { folders.append(match) }
        }
        if folders.isEmpty && problems.isEmpty && !othersFound {
            let looked = settings.packages.map(\.value).joined(separator: ", ")
            problems.append(
                .inputError(
                    "missing-package", "adopt mode found no Package.swift (looked in: \(looked))", at: settings.location,
                    hint: "add a Package.swift, or list the package folders under 'adopt: { packages: [...] }'"))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return folders
    }

    /// Expands a folder pattern such as `Packages/*` relative to `root`, sorted. Folders it
    /// could not list go into `unreadable`, with the reason.
    static func expand(_ pattern: String, root: String, files: any WorkspaceFiles, unreadable: inout [String: String]) -> [String] {
        var current = [root]
        for component in pattern.split(separator: "/").map(String.init) where component != "." && !component.isEmpty {
            if component == ".." || !Glob.isPattern(component) {
                current = current.map { ($0 as NSString).appendingPathComponent(component) }
                continue
            }
            let glob = Glob(component)
            var listed: [String] = []
            for folder in current {
                if let reason = files.unreadable(folder) {
                    unreadable[PathResolution.standardize(folder)] = reason
                    continue
                }
                listed += files.children(of: folder).filter { !$0.hasPrefix(".") && glob.matches($0) }.sorted()
                    .map { (folder as NSString).appendingPathComponent($0) }
            }
            current = listed
        }
        return current.map(PathResolution.standardize)
    }

    /// Reads the manifest SwiftPM would read in one package folder. (A plain function rather than a `do throws(…)`
    /// inside the task closure: Swift 6.3 in release builds lost the closure's captured folder
    /// name when the typed catch sat in the closure itself.)
    private static func read(
        folder: String, reading: WorkspaceLoader.PackageReading, files: any WorkspaceFiles, host: Platform?, log: PackageReadLog?
    ) async
        -> Result<(PackageManifest, PackageReadReport), InputErrors>
    {
        do {
            let path = await ManifestSelection.manifestPath(in: folder, files: files)
            return .success(try await PackageManifestReader.read(path: path, reading: reading, files: files, host: host, log: log))
        } catch {
            return .failure(error)
        }
    }

    /// Reads every package, in parallel, following local path dependencies inside `root` (but
    /// not into folders `adopt.exclude` leaves out). A path dependency on a folder without a
    /// Package.swift (generated, ignored by git, an uninitialised submodule) is a warning: its
    /// products stay unknown, as an unresolved remote package's do.
    private func readPackages(
        _ folders: [String], root: String, settings: AdoptSettings
    ) async throws(InputErrors) -> (manifests: [PackageManifest], reports: [PackageReadReport], warnings: [Diagnostic]) {
        var pending = folders
        var seen = Set(folders)
        var manifests: [String: (PackageManifest, PackageReadReport)] = [:]
        var order: [String] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        let reading = packageReading
        let files = files
        let host = host
        let log = readLog
        while !pending.isEmpty {
            let batch = pending
            pending = []
            let results = await withTaskGroup(of: (String, Result<(PackageManifest, PackageReadReport), InputErrors>).self) { group in
                for folder in batch {
                    group.addTask { (folder, await Self.read(folder: folder, reading: reading, files: files, host: host, log: log)) }
                }
                var collected: [String: Result<(PackageManifest, PackageReadReport), InputErrors>] = [:]
                for await (folder, result) in group { collected[folder] = result }
                return collected
            }
            for folder in batch {
                switch results[folder]! {
                case .failure(let errors):
                    problems += errors.diagnostics
                case .success(let read):
                    manifests[folder] = read
                    order.append(folder)
                    for dependency in read.0.dependencies {
                        guard case .fileSystem(let path) = dependency.source else { continue }
                        if let reason = files.unreadable(path) {
                            problems.append(
                                .inputError(
                                    "unreadable-file",
                                    "cannot read the package at '\(PathResolution.relative(path, from: folder))' that '\(read.0.name)' depends on: \(reason)",
                                    at: dependency.location ?? .file(read.0.path), hint: "make it readable (chmod a+rx)"))
                            continue
                        }
                        // SwiftPM refuses a path dependency without a package, wherever it is.
                        guard files.exists((path as NSString).appendingPathComponent("Package.swift")) else {
                            warnings.append(
                                .warning(
                                    "missing-path-package",
                                    "'\(read.0.name)' depends on the package at '\(PathResolution.relative(path, from: folder))', which has no Package.swift, so the modules of its products are unknown and imports of them are not checked",
                                    at: dependency.location ?? .file(read.0.path),
                                    hint:
                                        "generate or check out the package there (an uninitialised submodule: git submodule update --init), or fix the path in '.package(path:)'; 'strata check --strict' makes this an error"
                                ))
                            continue
                        }
                        guard path.hasPrefix(rootPrefix) || path == root, !seen.contains(path), settings.exclusion(of: path, root: root) == nil else {
                            continue
                        }
                        seen.insert(path)
                        pending.append(path)
                    }
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return (order.map { manifests[$0]!.0 }, order.map { manifests[$0]!.1 }, warnings)
    }
}
