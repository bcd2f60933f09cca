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
            // By index, so that no target is copied on the way; in short runs handed out one at
            // a time, as they are read (an app's edges are a thousand other targets').
            let runs = ParallelMap.chunks(Array(project.targets.indices), of: 8)
            let converted = ParallelMap.map(runs, chunksPerCore: runs.count) { run in
                var converted = ConvertedTargets()
                for index in run { converted.add(project.targets[index], in: project, builders: builders) }
                return converted
            }
            for run in converted {
                products += run.products
                targets += run.targets
                for (package, location) in run.packagesUsed { packages.add(package, at: location) }
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

    /// Targets as package targets, with the products they vend and the packages their products
    /// come from (in their dependencies' order).
    private struct ConvertedTargets: Sendable {
        var targets: [PackageTarget] = []
        var products: [Product] = []
        var packagesUsed: [(XcodePackage, SourceLocation)] = []

        /// Adds one target, unless it builds no module.
        mutating func add(_ target: XcodeTarget, in project: XcodeProject, builders: ProductBuilders.OfProject) {
            guard let converted = XcodeProjectFormat.convert(target, in: project, builders: builders, packagesUsed: &packagesUsed) else { return }
            targets.append(converted.target)
            if let product = converted.product { products.append(product) }
        }
    }

    /// One target as a package target, with the product it vends, noting the packages its
    /// products come from; nil for a target that builds no module.
    private static func convert(
        _ target: XcodeTarget, in project: XcodeProject, builders: ProductBuilders.OfProject,
        packagesUsed: inout [(XcodePackage, SourceLocation)]
    ) -> (target: PackageTarget, product: Product?)? {
        guard let (declared, product) = target.kind.packageTarget(named: target.name, location: target.location) else { return nil }
        var converted = declared
        converted.declaredSources = sources(of: target, in: project)
        if target.moduleName != target.name { converted.moduleName = target.moduleName }
        converted.compilationConditions = target.compilationConditions
        converted.productRole = target.role
        converted.buildDeclaration = target.buildDeclaration
        converted.dependencies.reserveCapacity(target.dependencies.count)
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
        return (converted, product)
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
            let count = projects.reduce(0) { $0 + $1.targets.count }
            byFile.reserveCapacity(count)
            byName.reserveCapacity(count)
            for project in projects {
                // By index: a loop over the targets would copy each whole target.
                var own: [String: Builder] = [:]
                own.reserveCapacity(project.targets.count)
                for index in project.targets.indices {
                    let builder = Builder(project.targets[index])
                    if own[builder.name] == nil { own[builder.name] = builder }
                    guard case .library = builder.kind else { continue }
                    if let file = project.targets[index].productFile, byFile[file] == nil { byFile[file] = builder }
                    let productName = project.targets[index].productName
                    if byName[productName] == nil { byName[productName] = builder }
                }
                targets[project.path] = own
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
