import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataSources
import StrataWorkspace

/// The Package.swift files of a generate-mode workspace, in its layout:
///
/// - `single`: one root package with every target;
/// - `packages`: one package per module under `Packages/<Module>/` (its implementation,
///   interface, mocks and tests targets, and a library product for each of the first three),
///   depending on the packages of the modules it uses by path, and a root package with the apps
///   and the umbrella.
///
/// Every edge of the workspace graph becomes a target dependency, conventional ones included,
/// so the build links exactly what `strata check` checked. External packages are declared with
/// the one requirement strata.yml gives them, in each package that uses them.
struct PackageManifestGenerator {
    let workspace: Workspace
    let settings: GenerateSettings
    /// Each module's position in strata.yml, to list package dependencies in that order.
    let moduleOrder: [String: Int]
    /// How packages name the module packages they depend on: by path, or by registry identity.
    let registry: RegistryReferences?
    /// Each external package's key → the name `.product(name:package:)` gives it.
    let productPackageNames: [String: String]
    /// Modules distributed through the registry that packages get from their folders instead, for
    /// local development (`strata generate --local`): each package that does says so in a comment.
    let local: Set<String>
    /// Name folders by their absolute paths (packages copied elsewhere still find each other).
    let absolutePaths: Bool
    /// What strata.yml says of a target's files and settings beyond its folder, by target name.
    var builds: [String: TargetBuild]
    /// The binary targets by name: the module whose package declares each, and its path.
    let binaries: [String: (module: String, path: String)]

    init(workspace: Workspace, registry: RegistryReferences? = nil, local: Set<String> = [], absolutePaths: Bool = false) {
        self.workspace = workspace
        self.settings = workspace.manifest.generate
        self.registry = registry
        self.local = local
        self.absolutePaths = absolutePaths
        moduleOrder = Dictionary(workspace.modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        productPackageNames = Dictionary(
            workspace.manifest.packages.map { ($0.name.value, $0.productPackageName(viaRegistry: registry != nil)) },
            uniquingKeysWith: { first, _ in first })
        builds = workspace.targetBuilds()
        binaries = workspace.binaryTargets()
    }

    /// What a package holding `targets` depends on outside itself: modules (in strata.yml's
    /// order) and external packages (in the order of `packages:`).
    struct Uses {
        var modules: [String]
        var packages: [ExternalPackageDeclaration]
    }

    func uses(of targets: [TargetID]) -> Uses {
        let inPackage = Set(targets)
        var modules = Set<String>()
        var packages = Set<String>()
        for target in targets {
            for dependency in workspace.dependencies[target] {
                // Fields read in place: copying a whole Target per edge costs more than the rest.
                if workspace.targets[dependency.target].role == .external, let name = workspace.targets[dependency.target].package {
                    packages.insert(name)
                } else if !inPackage.contains(dependency.target), let module = workspace.targets[dependency.target].module {
                    modules.insert(module)
                }
            }
        }
        return Uses(
            modules: modules.sorted { moduleOrder[$0, default: 0] < moduleOrder[$1, default: 0] },
            packages: workspace.manifest.packages.filter { packages.contains($0.name.value) })
    }

    /// A package to write: its folder (relative to the workspace root, "" for the root) and the
    /// targets it holds, in order.
    struct PackagePlan {
        var name: String
        var folder: String
        var targets: [TargetID]
    }

    func files() throws(InputErrors) -> [GeneratedFile] {
        try checkPackageIdentities()
        let plans = packages()
        // Packages are independent: render them on all cores.
        return ParallelMap.map(plans) { file(for: $0) }
    }

    /// The packages of the layout, root last.
    func packages() -> [PackagePlan] {
        let rootTargets = workspace.targets.indices.filter { workspace.targets[$0].role == .app }
        let binaryTargets = workspace.targets.indices.filter { workspace.targets[$0].native == .binary }
        switch settings.layout {
        case .single:
            return [PackagePlan(name: workspace.name, folder: "", targets: workspace.modules.flatMap(Self.targets) + binaryTargets + rootTargets)]
        case .packages:
            let modules = workspace.modules.map { module in
                let own = binaryTargets.filter { binaries[workspace.targets[$0].name]?.module == module.name }
                return PackagePlan(
                    name: module.name, folder: workspace.manifest.packageFolder(of: module.name), targets: Self.targets(of: module) + own)
            }
            return rootTargets.isEmpty ? modules : modules + [PackagePlan(name: workspace.name, folder: "", targets: rootTargets)]
        }
    }

    /// A module's targets in the order its package lists them.
    static func targets(of module: Module) -> [TargetID] {
        [TargetRole.interface, .implementation, .mocks, .tests].compactMap { module.targets[$0] }
    }

    /// A module's package as it is published to a registry (`registry` set): in a folder of its
    /// own with each target in its conventional folder, depending on the other modules through
    /// their registry identities. What a target's `exclude:` names is not published
    /// (``PublishedPackage/Folder/leftOut``), so the published manifest excludes nothing.
    func publishedPackage(of module: Module) -> GeneratedFile {
        var publishing = self
        publishing.builds = builds.mapValues { build in
            var shipped = build
            shipped.exclude = []
            return shipped
        }
        return publishing.file(for: PackagePlan(name: module.name, folder: "", targets: Self.targets(of: module)))
    }

    /// The folder of the package that declares `target`.
    private func packageFolder(of target: TargetID) -> String {
        guard settings.layout == .packages, let module = workspace.targets[target].module else { return "" }
        return workspace.manifest.packageFolder(of: module)
    }

    /// How many target declarations a core renders at a time in a large package.
    private static let declarationChunk = 256

    private func file(for package: PackagePlan) -> GeneratedFile {
        let inPackage = Set(package.targets)
        var lines = ["// swift-tools-version: \(settings.toolsVersion)"] + SwiftSource.formatterDirectives
        lines += ["import PackageDescription", "", "let package = Package("]
        var arguments: [[String]] = [["    name: \(SwiftSource.literal(package.name))"]]
        if !settings.platforms.isEmpty {
            arguments.append(["    platforms: [\(settings.platforms.map(platform).joined(separator: ", "))]"])
        }
        let products = package.targets.compactMap(product)
        if !products.isEmpty { arguments.append(["    products: ["] + products.map { "        \($0)," } + ["    ]"]) }

        // Package dependencies: other module packages first (in module order), then external packages.
        let used = uses(of: package.targets)
        var dependencies = used.modules.map { module in
            if let registry, let identity = registry.identities[module] {
                return ".package(id: \(SwiftSource.literal(identity)), \(registry.requirement(of: module, by: package.name)))"
            }
            return ".package(path: \(SwiftSource.literal(relativePath(workspace.manifest.packageFolder(of: module), from: package.folder))))"
        }
        let fromFolders = used.modules.filter(local.contains)
        if !fromFolders.isEmpty { lines.insert(LocalDevelopment.marker(fromFolders), at: 1 + SwiftSource.formatterDirectives.count) }
        dependencies += used.packages.map { externalPackage($0, from: package.folder) }
        if !dependencies.isEmpty { arguments.append(["    dependencies: ["] + dependencies.map { "        \($0)," } + ["    ]"]) }

        let packageRoot = PathResolution.resolve(package.folder, in: workspace.root)
        var targets: [String] = []
        if package.targets.count >= 2 * Self.declarationChunk {
            // One package of thousands of targets (the single layout): its declarations on all cores.
            let chunks = ParallelMap.chunks(package.targets, of: Self.declarationChunk)
            for lines in ParallelMap.map(chunks, { $0.flatMap { declaration(of: $0, packageRoot: packageRoot, inPackage: inPackage) } }) {
                targets += lines
            }
        } else {
            for target in package.targets { targets += declaration(of: target, packageRoot: packageRoot, inPackage: inPackage) }
        }
        arguments.append(["    targets: ["] + targets + ["    ]"])

        for (index, argument) in arguments.enumerated() {
            var argument = argument
            if index < arguments.count - 1 { argument[argument.count - 1] += "," }
            lines += argument
        }
        lines.append(")")
        let path = package.folder.isEmpty ? "Package.swift" : "\(package.folder)/Package.swift"
        return GeneratedFile(path: path, comment: .slashes, lines: lines, markerIndex: 1)
    }

    /// `.macOS("15.0")`.
    private func platform(_ platform: GenerateSettings.Platform) -> String {
        let version = platform.version.value.contains(".") ? platform.version.value : platform.version.value + ".0"
        return ".\(platform.name.value)(\(SwiftSource.literal(version)))"
    }

    /// The library or executable product of a target; tests have none.
    private func product(_ index: TargetID) -> String? {
        let target = workspace.targets[index]
        let name = SwiftSource.literal(target.name)
        switch target.role {
        case .implementation:
            // SwiftPM has no mergeable libraries: a mergeable module is a dynamic product there.
            return ".library(name: \(name), type: .\(target.linkage.isDynamic ? "dynamic" : "static"), targets: [\(name)])"
        case .interface, .mocks:
            return ".library(name: \(name), targets: [\(name)])"
        case .app:
            // Named as its target (`naming.app`), since products share one namespace with the modules' libraries.
            return ".executable(name: \(name), targets: [\(name)])"
        case .tests, .external:
            return nil
        }
    }

    private func declaration(of index: TargetID, packageRoot: String, inPackage: Set<TargetID>) -> [String] {
        let target = workspace.targets[index]
        if target.native == .binary, let binary = binaries[target.name] {
            let path = SwiftSource.literal(relativePath(binary.path, fromAbsolute: packageRoot))
            return SwiftSource.call(".binaryTarget", [.value("name", SwiftSource.literal(target.name)), .value("path", path)], indent: "        ")
        }
        let function: String
        switch target.role {
        case .tests: function = ".testTarget"
        case .app: function = ".executableTarget"
        default: function = ".target"
        }
        // Conventional edges first (a module's own interface, a test's module and mocks), then declared ones.
        let edges = workspace.dependencies[index].filter(\.isAutomatic) + workspace.dependencies[index].filter { !$0.isAutomatic }
        var seen = Set<TargetID>()
        var dependencies: [String] = []
        for edge in edges where seen.insert(edge.target).inserted {
            let name = workspace.targets[edge.target].name
            if workspace.targets[edge.target].native == .binary {
                dependencies.append(SwiftSource.literal(name))
            } else if workspace.targets[edge.target].role == .external {
                let product = String(name.split(separator: "/").last ?? Substring(name))
                let key = workspace.targets[edge.target].package ?? ""
                let package = productPackageNames[key] ?? key
                dependencies.append(".product(name: \(SwiftSource.literal(product)), package: \(SwiftSource.literal(package)))")
            } else if inPackage.contains(edge.target) {
                dependencies.append(SwiftSource.literal(name))
            } else {
                let module = workspace.targets[edge.target].module ?? ""
                let package = registry?.identity(of: module) ?? module
                dependencies.append(".product(name: \(SwiftSource.literal(name)), package: \(SwiftSource.literal(package)))")
            }
        }
        var arguments: [SwiftSource.Argument] = [.value("name", SwiftSource.literal(target.name))]
        if !dependencies.isEmpty { arguments.append(.list("dependencies", dependencies)) }
        // A published package has every target in its conventional folder.
        if registry == nil, let directory = target.sources?.directory {
            let conventional = "\(packageRoot)/\(target.role == .tests ? "Tests" : "Sources")/\(target.name)"
            if directory != conventional {
                arguments.append(.value("path", SwiftSource.literal(relativePath(directory, fromAbsolute: packageRoot))))
            }
        }
        if let build = builds[target.name] { arguments += Self.arguments(of: build) }
        return SwiftSource.call(function, arguments, indent: "        ")
    }

    /// `exclude:`, `sources:`, `resources:`, `swiftSettings:` and `linkerSettings:`, in the order
    /// SwiftPM's target functions take them.
    static func arguments(of build: TargetBuild) -> [SwiftSource.Argument] {
        var arguments: [SwiftSource.Argument] = []
        let literals = { (paths: [Located<String>]) in paths.map { SwiftSource.literal($0.value) } }
        if !build.exclude.isEmpty { arguments.append(.list("exclude", literals(build.exclude))) }
        if !build.sources.isEmpty { arguments.append(.list("sources", literals(build.sources))) }
        if !build.resources.isEmpty {
            arguments.append(.list("resources", build.resources.map { ".process(\(SwiftSource.literal($0.value)))" }))
        }
        if let mode = build.swiftLanguageMode {
            let version = mode.value == "4.2" ? ".v4_2" : ".v" + mode.value
            arguments.append(.list("swiftSettings", [".swiftLanguageMode(\(version))"]))
        }
        let linked =
            build.frameworks.map { (function: "linkedFramework", $0) } + build.libraries.map { (function: "linkedLibrary", $0) }
        if !linked.isEmpty {
            arguments.append(
                .list(
                    "linkerSettings",
                    linked.map { function, scoped in
                        let condition =
                            scoped.platforms.isEmpty ? "" : ", .when(platforms: [\(scoped.platforms.map { "." + $0.value }.joined(separator: ", "))])"
                        return ".\(function)(\(SwiftSource.literal(scoped.name.value))\(condition))"
                    }))
        }
        return arguments
    }

    /// `.package(url: "…", from: "1.5.0")` or `.package(path: "…")`, with a path relative to the
    /// declaring package's folder.
    /// With a registry identity, in a published package or when it is all there is:
    /// `.package(id: "mona.LinkedList", from: "1.2.0")`.
    private func externalPackage(_ package: ExternalPackageDeclaration, from folder: String) -> String {
        let requirement: String
        switch package.requirement {
        case .from(let version): requirement = "from: \(SwiftSource.literal(version))"
        case .exact(let version): requirement = "exact: \(SwiftSource.literal(version))"
        case .branch(let branch): requirement = "branch: \(SwiftSource.literal(branch))"
        case .revision(let revision): requirement = "revision: \(SwiftSource.literal(revision))"
        case .upToNextMinor(let version): requirement = ".upToNextMinor(from: \(SwiftSource.literal(version)))"
        case .range(let lower, let upper): requirement = "\(SwiftSource.literal(lower))..<\(SwiftSource.literal(upper))"
        case .none: requirement = ""  // only a path; anything else is rejected before generation
        }
        if let id = package.registryIdentity(viaRegistry: registry != nil) {
            return ".package(id: \(SwiftSource.literal(id)), \(requirement))"
        }
        switch package.source {
        case .path(let path):
            let relative = path.hasPrefix("/") ? path : relativePath(path, from: folder)
            return ".package(path: \(SwiftSource.literal(relative)))"
        case .url(let url), .registry(let url):  // a registry-only package took the branch above
            return ".package(url: \(SwiftSource.literal(url)), \(requirement))"
        }
    }

    /// `path` (relative to the workspace root) as seen from `folder` (also relative to the root),
    /// or absolute with `absolutePaths`.
    private func relativePath(_ path: String, from folder: String) -> String {
        let absolute = PathResolution.resolve(path, in: workspace.root)
        return absolutePaths ? absolute : relativePath(absolute, fromAbsolute: PathResolution.resolve(folder, in: workspace.root))
    }

    private func relativePath(_ absolute: String, fromAbsolute base: String) -> String {
        PathResolution.relative(absolute, from: base)
    }

    /// SwiftPM names a package by its identity, the last component of its URL or path; a
    /// product dependency must use that name, so strata.yml's key has to be it.
    func checkPackageIdentities() throws(InputErrors) {
        var problems: [Diagnostic] = []
        for package in workspace.manifest.packages {
            // Where it comes from, and the name SwiftPM gives it: the last component of its URL
            // or path, or the name in its registry identity.
            let origin: String
            let identity: String
            switch package.source {
            case .url(let location), .path(let location):
                origin = location
                let last = String(location.split(separator: "/").last ?? Substring(location))
                identity = last.hasSuffix(".git") ? String(last.dropLast(4)) : last
            case .registry(let id):
                origin = id
                identity = String(id.split(separator: ".", maxSplits: 1).last ?? Substring(id))
                if workspace.manifest.generate.xcodegen != nil {
                    problems.append(
                        .inputError(
                            "invalid-value", "package '\(package.name.value)' comes only from a registry, which XcodeGen projects cannot declare",
                            at: package.name.location, hint: "give it a 'url' (and keep the 'id' for published packages), or drop 'generate.xcodegen'"
                        ))
                }
            }
            if case .url = package.source, package.requirement == .none {
                problems.append(
                    .inputError(
                        "invalid-value", "package '\(package.name.value)' has no version requirement", at: package.name.location,
                        hint: "pin it once for the whole workspace, e.g. 'from: 1.2.0'"))
            }
            guard identity.lowercased() != package.name.value.lowercased() else { continue }
            problems.append(
                .inputError(
                    "package-identity", "package '\(package.name.value)' comes from '\(origin)', which SwiftPM calls '\(identity)'",
                    at: package.name.location,
                    hint: "name the entry '\(identity)' (and its products '\(identity)/Product'), as Package.swift must"))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }
}
