public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataProjectFormat
import StrataSources

/// The XcodeGen projects of an adopt-mode workspace (`adopt: { xcodegen: [...] }`), turned into
/// the package manifests the adopt-mode builder reads, so that they join the SwiftPM packages in
/// one graph and every rule applies to them alike:
///
/// - a project is a package named after it; each of its targets a target: frameworks and
///   libraries are library targets (with a `.static` or `.dynamic` product of their own, which is
///   their linkage), applications, extensions and tools executables, test bundles tests; bundles
///   without code, legacy and aggregate targets are left out;
/// - `target: Name` is a target of the same project; `target: Project/Name` (through
///   `projectReferences`) and `framework: Name.framework` are the workspace's target that builds
///   it, found across every project, or a prebuilt framework when none does; `carthage: Name` is
///   prebuilt; `package: Name` is the product of the package `packages:` declares (a local one is
///   read like the other packages of the workspace); `sdk:` and `bundle:` dependencies are not
///   modules of the workspace and are left out;
/// - a target's sources are its `sources:` entries that compile (not folder references, not
///   `buildPhase: none` or resources), with their `includes:` and `excludes:` patterns.
public struct XcodeGenFormat: ProjectFormat {
    public init() {}

    /// Reads the specs the patterns of `adopt.xcodegen` find under the workspace folder.
    public func read(_ request: ProjectReadRequest, after earlier: ProjectsRead) async throws(InputErrors) -> ProjectsRead {
        guard !request.settings.xcodegen.isEmpty else { return ProjectsRead() }
        return try await Self.read(
            patterns: request.settings.xcodegen, root: request.root, configuration: request.xcodeConfiguration, files: request.files,
            boundary: request.boundary)
    }

    private static let specsSought = PathPatterns.Sought(
        errorID: "missing-xcodegen-spec", noun: "XcodeGen spec",
        hint: "patterns are paths from the workspace folder, with '*' and '**': 'Modules/*/project.yml', 'App/project.yml'")

    private static func read(
        patterns: [Located<String>], root: String, configuration: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary
    ) async throws(InputErrors) -> ProjectsRead {
        var result = ProjectsRead()
        var problems: [Diagnostic] = []
        var specs: [String] = []
        for pattern in patterns {
            let paths = PathPatterns.expand(pattern, seeking: specsSought, root: root, files: files, into: &result, problems: &problems)
            for path in paths where !specs.contains(path) {
                if let problem = boundary.problem(
                    Located(path, at: pattern.location), relativeTo: root, use: .package(PathResolution.relative(path, from: root)))
                {
                    problems.append(problem)
                    continue
                }
                specs.append(path)
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }

        let loader = XcodeGenSpecLoader(files: files, boundary: boundary)
        let read = await withTaskGroup(of: (Int, Result<(XcodeGenProject, [String], [Diagnostic]), InputErrors>).self) { group in
            for (index, path) in specs.enumerated() {
                group.addTask { (index, Self.readProject(at: path, configuration: configuration, loader: loader, files: files)) }
            }
            var results = [Result<(XcodeGenProject, [String], [Diagnostic]), InputErrors>?](repeating: nil, count: specs.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        var projects: [XcodeGenProject] = []
        for outcome in read {
            switch outcome {
            case .success(let (project, inputs, warnings)):
                projects.append(project)
                result.inputs += inputs
                result.specs.append(ProjectSpec(files: inputs, targets: project.targets.filter { $0.type != .other }.map(\.name)))
                // A shared include's warnings come with every project that reads it: said once.
                result.warnings += warnings.filter { !result.warnings.contains($0) }
            case .failure(let errors):
                problems += errors.diagnostics
            }
        }
        // A broken include shared by many projects is one problem, not one per project.
        var seen: Set<Diagnostic> = []
        problems = problems.filter { seen.insert($0).inserted }
        if !problems.isEmpty { throw InputErrors(problems) }

        result.manifests = try convert(projects, root: root, boundary: boundary, localPackages: &result.localPackages)
        return result
    }

    private static func readProject(
        at path: String, configuration: String, loader: XcodeGenSpecLoader, files: any WorkspaceFiles
    ) -> Result<
        (XcodeGenProject, [String], [Diagnostic]), InputErrors
    > {
        do {
            let (spec, inputs) = try loader.load(path)
            var warnings = inputs.flatMap { loader.cache.warnings(at: $0) }
            let project = try XcodeGenProject(path: path, spec: spec, configuration: configuration, files: files, warnings: &warnings)
            return .success((project, inputs, warnings))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Projects as packages

    private static func convert(
        _ projects: [XcodeGenProject], root: String, boundary: WorkspaceBoundary, localPackages: inout [String]
    ) throws(InputErrors) -> [PackageManifest] {
        var problems: [Diagnostic] = []
        // Which target builds each framework, across every project.
        var builds: [String: XcodeGenTarget] = [:]
        for project in projects {
            for target in project.targets {
                guard case .library = target.type, builds[target.productName] == nil else { continue }
                builds[target.productName] = target
            }
        }
        // The .xcodeproj each project generates by default, for `projectReferences`.
        let byProjectFile = Dictionary(
            projects.map { (PathResolution.resolve("\($0.name).xcodeproj", in: $0.folder), $0) }, uniquingKeysWith: { first, _ in first })

        var manifests: [PackageManifest] = []
        for project in projects {
            var dependencies: [PackageDependency] = []
            for (name, package) in project.packages.sorted(by: { $0.key < $1.key }) {
                let location = package.location
                switch package.value {
                case .local(let path):
                    if let problem = boundary.problem(Located(path, at: location), relativeTo: root, use: .package(name)) {
                        problems.append(problem)
                        continue
                    }
                    dependencies.append(
                        PackageDependency(
                            identity: PackageDependency.identity(for: path), name: name, source: .fileSystem(path), location: location))
                    if !localPackages.contains(path) { localPackages.append(path) }
                case .remote(let url):
                    dependencies.append(
                        PackageDependency(
                            identity: PackageDependency.identity(for: url), name: name, source: .sourceControl(url), location: location))
                }
            }
            var products: [Product] = []
            var targets: [PackageTarget] = []
            for target in project.targets {
                guard let (declared, product) = target.type.packageTarget(named: target.name, location: target.location) else { continue }
                if let product { products.append(product) }
                var converted = declared
                converted.productRole = XcodeProductRole(productType: target.typeName)
                converted.declaredSources = sources(of: target, in: project)
                if target.moduleName != target.name { converted.moduleName = target.moduleName }
                var entries = target.dependencies
                if target.transitivelyLinks ?? project.transitivelyLinks {
                    entries += transitiveDependencies(of: target, in: project, projects: byProjectFile)
                }
                for dependency in entries {
                    for (reference, isLinked) in references(dependency, of: target, in: project, builds: builds, projects: byProjectFile) {
                        var entry = PackageTargetDependency(reference, location: dependency.location)
                        entry.condition = dependency.condition
                        entry.isLinked = isLinked
                        entry.isMerged = isLinked && isMerged(reference, by: target, of: project, projects: projects)
                        converted.dependencies.append(entry)
                    }
                }
                targets.append(converted)
            }
            var manifest = PackageManifest(path: project.path, name: project.name, products: products, dependencies: dependencies, targets: targets)
            manifest.kind = .project
            manifests.append(manifest)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return manifests
    }

    /// Whether `target` merges the library `reference` names into its own image: a dynamic
    /// framework a target of the workspace's specs builds, that its merging takes (with
    /// `automatic`, one its own project builds; with `manual`, one built mergeable).
    private static func isMerged(
        _ reference: PackageTargetDependency.Reference, by target: XcodeGenTarget, of project: XcodeGenProject, projects: [XcodeGenProject]
    ) -> Bool {
        guard target.merging != .none, case .workspaceTarget(let name) = reference else { return false }
        let owner = project.targets.contains { $0.name == name } ? project : projects.first { $0.targets.contains { $0.name == name } }
        guard let built = owner?.targets.first(where: { $0.name == name }), built.type == .library(isStatic: false) else { return false }
        return target.merging.merges(builtInSameProject: owner?.path == project.path, isMergeable: built.isMergeable)
    }

    /// With `transitivelyLinkDependencies`, XcodeGen links a target to the dependencies of its
    /// target dependencies too, at every depth through library targets: those entries, each
    /// once, not already direct, written where the direct dependency that leads to it is. (The
    /// targets of a referenced project are followed, but its own `target:` entries are not added:
    /// they name targets of that project, which this one reaches through its reference.)
    private static func transitiveDependencies(
        of target: XcodeGenTarget, in project: XcodeGenProject, projects: [String: XcodeGenProject]
    ) -> [XcodeGenDependency] {
        /// The library target a `target:` entry names, in this project or a referenced one.
        func library(_ kind: XcodeGenDependency.Kind, from project: XcodeGenProject) -> (XcodeGenTarget, XcodeGenProject)? {
            guard case .target(let name) = kind, let (found, owner) = declaredTarget(named: name, from: project, projects: projects),
                case .library = found.type
            else { return nil }
            return (found, owner)
        }
        var seen = Set(target.dependencies.map { "\($0.kind)" })
        var added: [XcodeGenDependency] = []
        var queue = target.dependencies.compactMap { direct in library(direct.kind, from: project).map { ($0.0, $0.1, direct.location) } }
        var visited = Set(queue.map(\.0.name))
        while !queue.isEmpty {
            let (current, owner, location) = queue.removeFirst()
            for dependency in current.dependencies {
                // A referenced project's `target:` names its own targets: followed, not written here.
                let isForeignTarget: Bool = if case .target = dependency.kind { owner.path != project.path } else { false }
                if !isForeignTarget, seen.insert("\(dependency.kind)").inserted {
                    added.append(XcodeGenDependency(kind: dependency.kind, location: location, condition: dependency.condition, link: nil))
                }
                if let (next, nextOwner) = library(dependency.kind, from: owner), visited.insert(next.name).inserted {
                    queue.append((next, nextOwner, location))
                }
            }
        }
        return added
    }

    /// The target a `target:` entry names — `Name` in `project`, or `Reference/Name` in the
    /// project `projectReferences` names — with the project that has it; nil if no spec of the
    /// workspace declares it.
    private static func declaredTarget(
        named name: String, from project: XcodeGenProject, projects: [String: XcodeGenProject]
    ) -> (target: XcodeGenTarget, owner: XcodeGenProject)? {
        guard let slash = name.firstIndex(of: "/") else { return project.targets.first { $0.name == name }.map { ($0, project) } }
        guard let file = project.projectReferences[String(name[..<slash])], let other = projects[file] else { return nil }
        let targetName = String(name[name.index(after: slash)...])
        return other.targets.first { $0.name == targetName }.map { ($0, other) }
    }

    /// What one dependency entry of `target` stands for in the graph (nothing for an SDK or a
    /// bundle), and whether `target` links it: `link:`, else XcodeGen's default — a target
    /// dependency links a dynamic library into anything but a static library and a static one
    /// into executables and tests only; frameworks, Carthage and packages link unless the
    /// dependent is a static library (packages always).
    private static func references(
        _ dependency: XcodeGenDependency, of target: XcodeGenTarget, in project: XcodeGenProject, builds: [String: XcodeGenTarget],
        projects: [String: XcodeGenProject]
    ) -> [(PackageTargetDependency.Reference, isLinked: Bool)] {
        let linksFrameworks = dependency.link ?? (target.typeName != "library.static")
        func onTarget(
            _ other: XcodeGenTarget, _ reference: PackageTargetDependency.Reference
        ) -> [(PackageTargetDependency.Reference, isLinked: Bool)] {
            // An app on an app extension, a watch app or an app clip embeds its product: that is
            // packaging, not a module it builds against (XcodeGen's own TestProject is full of them).
            guard other.type != .other, other.type != .app || target.type == .tests else { return [] }
            let isExecutable = target.type == .app || target.type == .tests
            let links: Bool
            switch other.type {
            case .library(let isStatic): links = isStatic ? isExecutable : target.typeName != "library.static"
            case .app, .tests, .other: links = false
            }
            return [(reference, dependency.link ?? links)]
        }
        switch dependency.kind {
        case .target(let name):
            // A project's target is its own product, as one of another project is: a framework
            // of the same project is a dynamic library its dependents load.
            if let (other, _) = declaredTarget(named: name, from: project, projects: projects) {
                return onTarget(other, .workspaceTarget(other.name))
            }
            guard let slash = name.firstIndex(of: "/") else { return [] }
            // A hand-made project's target: its linkage is not known; frameworks are dynamic by default.
            let referenceName = String(name[..<slash]), targetName = String(name[name.index(after: slash)...])
            return [(.prebuilt(.init(name: targetName, provider: referenceName, linkage: .dynamic)), linksFrameworks)]
        case .framework(let path):
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let name = file.split(separator: ".").first.map(String.init) ?? file
            if let built = builds[name] { return [(.workspaceTarget(built.name), linksFrameworks)] }
            return [(.prebuilt(.init(name: name, provider: "frameworks", linkage: .dynamic)), linksFrameworks)]
        case .carthage(let name, let isStatic):
            return [(.prebuilt(.init(name: name, provider: "carthage", linkage: isStatic ? .static : .dynamic)), linksFrameworks)]
        case .package(let package, let products):
            return products.map { (.product($0, package: package), dependency.link ?? true) }
        case .sdk, .bundle:
            return []
        }
    }

    /// The sources a target compiles: its entries' paths, narrowed by their patterns, walked
    /// from the folder that holds them all.
    private static func sources(of target: XcodeGenTarget, in project: XcodeGenProject) -> TargetSources {
        let roots = target.sources.map(\.path)
        var directory = roots.first.map { PathResolution.parent(of: $0) } ?? project.folder
        if roots.count == 1, let only = roots.first, !only.hasSuffix(".swift") { directory = only }
        for root in roots.dropFirst() {
            while PathResolution.path(root, inside: directory) == nil && directory != "/" { directory = PathResolution.parent(of: directory) }
        }
        let filters = target.sources.filter { !$0.includes.isEmpty || !$0.excludes.isEmpty }.map {
            SourceFilter(root: $0.path, includes: $0.includes, excludes: $0.excludes)
        }
        return TargetSources(directory: directory, only: roots, filters: filters)
    }
}
