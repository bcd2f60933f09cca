import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSources

extension XcodeProjectFormat {
    /// The projects as package manifests: a project's targets, the packages they use, and
    /// their dependencies resolved across every project read.
    static func convert(
        _ projects: [XcodeProject], request: ProjectReadRequest, localPackages: inout [String]
    ) throws(InputErrors) -> [PackageManifest] {
        let builders = ProductBuilders(projects)
        var problems: [Diagnostic] = []
        var manifests: [PackageManifest] = []
        for project in projects {
            var packages = PackagesUsed()
            for local in project.localPackages { packages.addLocal(local.value, at: local.location) }
            var products: [Product] = []
            var targets: [PackageTarget] = []
            let builders = builders.of(project)
            // Each target on whichever core is free: a project of 5,000 targets has 35,000 edges.
            let converted = ParallelMap.map(ParallelMap.chunks(project.targets, of: 64)) { run in
                run.compactMap { convert($0, in: project, builders: builders) }
            }
            for target in converted.joined() {
                if let product = target.product { products.append(product) }
                for (package, location) in target.packagesUsed { packages.add(package, at: location) }
                targets.append(target.target)
            }
            for (path, location) in packages.local {
                if let problem = request.boundary.problem(
                    Located(path, at: location), relativeTo: request.root, use: .package(PathResolution.name(of: path)))
                {
                    problems.append(problem)
                } else if !localPackages.contains(path) {
                    localPackages.append(path)
                }
            }
            var manifest = PackageManifest(
                path: project.path, name: project.name, products: products, dependencies: packages.dependencies, targets: targets)
            manifest.kind = .project
            manifests.append(manifest)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return manifests
    }

    /// One target as a package target, with the product it vends and the packages its
    /// products come from (in its dependencies' order); nil for a target that builds no module.
    private static func convert(
        _ target: XcodeTarget, in project: XcodeProject, builders: ProductBuilders.OfProject
    ) -> ConvertedTarget? {
        guard let (declared, product) = target.kind.packageTarget(named: target.name, location: target.location) else { return nil }
        var converted = declared
        converted.declaredSources = sources(of: target, in: project)
        if target.moduleName != target.name { converted.moduleName = target.moduleName }
        converted.compilationConditions = target.compilationConditions
        converted.productRole = target.role
        converted.buildDeclaration = target.buildDeclaration
        var packagesUsed: [(XcodePackage, SourceLocation)] = []
        for dependency in target.dependencies {
            let built = builders.builder(of: dependency)
            guard let reference = reference(dependency, of: target, built: built) else { continue }
            if case .packageProduct(_, let package?) = dependency.kind { packagesUsed.append((package, dependency.location)) }
            var entry = PackageTargetDependency(reference, location: dependency.location)
            entry.isLinked = dependency.isLinked
            entry.condition = dependency.condition
            entry.isMerged = isMerged(dependency, of: target, built: built, builders: builders)
            converted.dependencies.append(entry)
        }
        return ConvertedTarget(target: converted, product: product, packagesUsed: packagesUsed)
    }

    /// A target as a package target, with the product it vends and the packages its products
    /// come from, in its dependencies' order.
    private struct ConvertedTarget: Sendable {
        var target: PackageTarget
        var product: Product?
        var packagesUsed: [(XcodePackage, SourceLocation)]
    }

    /// The targets that build each product, across every project: by product file
    /// (`Core.framework`) and by product name.
    struct ProductBuilders: Sendable {
        /// What an edge needs of the target it names: a few words, where the whole target (its
        /// sources, settings and edges) would be copied once an edge.
        struct Builder: Sendable {
            let id: String
            let name: String
            let kind: XcodeProductKind
            let isMergeable: Bool

            init(_ target: XcodeTarget) {
                (id, name, kind, isMergeable) = (target.id, target.name, target.kind, target.isMergeable)
            }
        }

        private var byFile: [String: Builder] = [:]
        private var byName: [String: Builder] = [:]
        /// Each project's targets by name, by project.
        let targets: [String: [String: Builder]]

        init(_ projects: [XcodeProject]) {
            var targets: [String: [String: Builder]] = [:]
            for project in projects {
                targets[project.path] = Dictionary(project.targets.map { ($0.name, Builder($0)) }, uniquingKeysWith: { first, _ in first })
                for target in project.targets {
                    guard case .library = target.kind else { continue }
                    if let file = target.productFile, byFile[file] == nil { byFile[file] = Builder(target) }
                    if byName[target.productName] == nil { byName[target.productName] = Builder(target) }
                }
            }
            self.targets = targets
        }

        /// The library target that builds the file a Frameworks phase names.
        func builder(of file: String) -> Builder? {
            byFile[file] ?? byName[Self.productName(of: file)]
        }

        /// The builders as one project's targets see them: its own targets found once, not
        /// by the project's path for every edge.
        func of(_ project: XcodeProject) -> OfProject {
            OfProject(all: self, own: targets[project.path] ?? [:])
        }

        struct OfProject: Sendable {
            let all: ProductBuilders
            /// The project's own targets by name.
            let own: [String: Builder]

            /// The target of the projects read that builds what `dependency` of a target of
            /// this project names; nil for a package product, or a target or file no project builds.
            func builder(of dependency: XcodeDependency) -> Builder? {
                switch dependency.kind {
                case .target(let name): own[name]
                case .projectTarget(let path, let name): all.targets[path]?[name]
                case .linkedFile(let file, _): all.builder(of: file)
                case .packageProduct: nil
                }
            }
        }

        /// `Core` of `Core.framework`, `libCore.a` and `Core.xcframework`.
        static func productName(of file: String) -> String {
            var name = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
            if name.hasPrefix("lib"), file.hasSuffix(".a") || file.hasSuffix(".dylib") { name.removeFirst(3) }
            return name
        }
    }

    /// The packages a project's targets use, each once.
    struct PackagesUsed {
        var dependencies: [PackageDependency] = []
        var local: [(String, SourceLocation)] = []

        mutating func addLocal(_ path: String, at location: SourceLocation) {
            guard !local.contains(where: { $0.0 == path }) else { return }
            local.append((path, location))
            dependencies.append(
                PackageDependency(identity: PackageDependency.identity(for: path), name: nil, source: .fileSystem(path), location: location))
        }

        /// Notes a package a product comes from, once.
        mutating func add(_ package: XcodePackage, at location: SourceLocation) {
            switch package {
            case .local(let path):
                addLocal(path, at: location)
            case .remote(let url):
                let identity = Self.identity(of: package)
                if !dependencies.contains(where: { $0.identity == identity }) {
                    dependencies.append(PackageDependency(identity: identity, name: nil, source: .sourceControl(url), location: location))
                }
            }
        }

        /// The identity `.product(package:)` names the package by.
        static func identity(of package: XcodePackage) -> String {
            switch package {
            case .local(let path): PackageDependency.identity(for: path)
            case .remote(let url): PackageDependency.identity(for: url)
            }
        }
    }

    /// What one dependency of `target` is in the graph; nil for an app's on what it embeds (an
    /// extension, a watch app: packaging, not a module it builds against) and for targets that
    /// build no module. A test bundle's on its host app is an edge.
    /// `built` is the target of the projects read that builds what it names, if one does.
    private static func reference(
        _ dependency: XcodeDependency, of target: XcodeTarget, built: ProductBuilders.Builder?
    ) -> PackageTargetDependency.Reference? {
        if let built {
            guard built.kind != .other, built.kind != .app || target.kind == .tests else { return nil }
            return .workspaceTarget(built.name)
        }
        switch dependency.kind {
        case .target:
            return nil  // a target the project does not have
        case .projectTarget(let path, let name):
            return .prebuilt(.init(name: name, provider: ProjectReader.projectName(path), linkage: .dynamic))
        case .linkedFile(let file, let provider):
            let isStatic = file.hasSuffix(".a")
            return .prebuilt(.init(name: ProductBuilders.productName(of: file), provider: provider, linkage: isStatic ? .static : .dynamic))
        case .packageProduct(let name, let package):
            guard let package else { return .anyPackageProduct(name) }
            return .product(name, package: PackagesUsed.identity(of: package))
        }
    }

    /// Whether `target` merges the dynamic library `dependency` links into its own image: a
    /// library another target builds, in the Frameworks phase, that its merging takes (with
    /// `automatic`, one its own project builds; with `manual`, one built mergeable).
    private static func isMerged(
        _ dependency: XcodeDependency, of target: XcodeTarget, built: ProductBuilders.Builder?, builders: ProductBuilders.OfProject
    ) -> Bool {
        guard dependency.isLinked, let built, built.kind == .library(isStatic: false) else { return false }
        return target.merging.merges(builtInSameProject: builders.own[built.name]?.id == built.id, isMergeable: built.isMergeable)
    }

    /// The files and folders a target compiles, walked from the folder that holds them all.
    private static func sources(of target: XcodeTarget, in project: XcodeProject) -> TargetSources {
        let roots = target.sources.files + target.sources.folders
        guard var directory = roots.first.map({ target.sources.folders.contains($0) ? $0 : PathResolution.parent(of: $0) }) else {
            return TargetSources(directory: project.folder, only: [])
        }
        for root in roots.dropFirst() {
            while PathResolution.path(root, inside: directory) == nil && directory != "/" { directory = PathResolution.parent(of: directory) }
        }
        return TargetSources(directory: directory, only: roots, excluded: target.sources.excluded)
    }
}
