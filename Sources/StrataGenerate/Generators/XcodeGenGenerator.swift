import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataSources
import StrataWorkspace
import Yams

/// XcodeGen project specs for teams that open the workspace in Xcode: one `project.yml` per
/// module with its targets as frameworks (the implementation static or dynamic by its linkage;
/// interface and mocks static; tests a unit-test bundle) that link other modules' frameworks
/// through project references, one `project.yml` for the apps, the umbrella and the host apps,
/// and one shared `Xcode/settings.yml` every project includes (platform, deployment target,
/// bundle identifiers, Swift version). External packages become XcodeGen Swift packages.
///
/// Module projects live in the module's package folder in the `packages` layout and in
/// `Xcode/<Module>/` otherwise; the apps' project is `Xcode/<Workspace>Apps/project.yml`.
struct XcodeGenGenerator {
    let workspace: Workspace
    let settings: GenerateSettings.XcodeGen

    static let sharedSettingsPath = "Xcode/settings.yml"

    /// The targets that run `strata check` as they build, when strata.yml asks: the apps, or
    /// without apps each module's implementation (the check cache answers the repeats).
    let checkPhaseTargets: Set<TargetID>
    /// What strata.yml says of a target's files and settings beyond its folder, by target name.
    let builds: [String: TargetBuild]
    /// The binary targets by name: the module that names each, and its path.
    let binaries: [String: (module: String, path: String)]

    init?(workspace: Workspace) {
        guard let settings = workspace.manifest.generate.xcodegen else { return nil }
        self.workspace = workspace
        self.settings = settings
        let apps = workspace.targets.indices.filter { workspace.targets[$0].role == .app }
        checkPhaseTargets =
            !settings.checkPhase ? [] : Set(apps.isEmpty ? workspace.modules.compactMap { $0.targets[.implementation] } : apps)
        builds = workspace.targetBuilds()
        binaries = workspace.binaryTargets()
    }

    /// A project to write: its name, folder (relative to the workspace root) and targets.
    struct ProjectPlan {
        var name: String
        var folder: String
        var targets: [TargetID]
    }

    func files() -> [GeneratedFile] {
        let projects = projectPlans()
        let projectOfTarget = Dictionary(
            projects.flatMap { project in project.targets.map { ($0, project) } }, uniquingKeysWith: { _, later in later })
        // Projects are independent: render them on all cores.
        return [sharedSettings()] + ParallelMap.map(projects) { project(for: $0, projectOfTarget: projectOfTarget) }
    }

    func projectPlans() -> [ProjectPlan] {
        var plans = workspace.modules.map { module in
            ProjectPlan(
                name: module.name, folder: Self.folder(ofModule: module.name, in: workspace.manifest),
                targets: [TargetRole.interface, .implementation, .mocks, .tests].compactMap { module.targets[$0] })
        }
        let apps = workspace.targets.indices.filter { workspace.targets[$0].role == .app }
        if !apps.isEmpty {
            let name = "\(workspace.name)Apps"
            plans.append(ProjectPlan(name: name, folder: "Xcode/\(name)", targets: apps))
        }
        return plans
    }

    static func folder(ofModule module: String, in manifest: Manifest) -> String {
        manifest.generate.layout == .packages ? manifest.packageFolder(of: module) : "Xcode/\(module)"
    }

    private func sharedSettings() -> GeneratedFile {
        var options: [(Node, Node)] = []
        if let prefix = settings.bundleIDPrefix?.value { options.append(("bundleIdPrefix", .string(prefix))) }
        if let target = settings.deploymentTarget?.value {
            options.append(("deploymentTarget", .map([(Node.string(settings.platform.value), .string(target))])))
        }
        var root: [(Node, Node)] = []
        if !options.isEmpty { root.append(("options", .map(options))) }
        let version = workspace.manifest.generate.toolsVersion.split(separator: ".").first.map { "\($0).0" } ?? "6.0"
        root.append(("settings", .map([("base", .map([("SWIFT_VERSION", .string(version))]))])))
        let header = [
            "# Settings every XcodeGen project of \(workspace.name) includes. Run 'xcodegen' in a project's folder",
            "# to make its .xcodeproj.",
        ]
        return GeneratedFile(path: Self.sharedSettingsPath, comment: .hash, lines: header + BlockYAMLEmitter.lines(.map(root)))
    }

    private func project(for plan: ProjectPlan, projectOfTarget: [TargetID: ProjectPlan]) -> GeneratedFile {
        let members = Set(plan.targets)
        var references: [String: ProjectPlan] = [:]
        var packages = Set<String>()
        var targets: [(Node, Node)] = []
        for index in plan.targets {
            let target = workspace.targets[index]
            var fields: [(Node, Node)] = [
                ("type", .string(type(of: target))),
                ("platform", .string(settings.platform.value)),
            ]
            let build = builds[target.name] ?? TargetBuild()
            if let directory = target.sources?.directory {
                fields.append(("sources", .list(sources(in: relative(directory, from: plan.folder), build: build))))
            }
            var dependencies: [Node] = []
            var seen = Set<TargetID>()
            let edges = workspace.dependencies[index].filter(\.isAutomatic) + workspace.dependencies[index].filter { !$0.isAutomatic }
            for edge in edges where seen.insert(edge.target).inserted {
                let other = workspace.targets[edge.target]
                if other.native == .binary, let binary = binaries[other.name] {
                    dependencies.append(.map([("framework", .string(relative(binary.path, from: plan.folder)))]))
                } else if other.role == .external, let package = other.package {
                    packages.insert(package)
                    let product = String(other.name.split(separator: "/").last ?? Substring(other.name))
                    dependencies.append(.map([("package", .string(package)), ("product", .string(product))]))
                } else if members.contains(edge.target) {
                    dependencies.append(.map([("target", .string(other.name))]))
                } else if let project = projectOfTarget[edge.target] {
                    references[project.name] = project
                    dependencies.append(.map([("target", .string("\(project.name)/\(other.name)"))]))
                }
            }
            dependencies += Self.systemDependencies(of: build)
            if !dependencies.isEmpty { fields.append(("dependencies", .list(dependencies))) }
            var settings = mergingSettings(of: index)
            if let mode = build.swiftLanguageMode { settings.append(("SWIFT_VERSION", .string(mode.value == "4.2" ? "4.2" : mode.value + ".0"))) }
            if checkPhaseTargets.contains(index) {
                fields.append(("preBuildScripts", .list([checkPhase(from: plan.folder)])))
                settings.append(("ENABLE_USER_SCRIPT_SANDBOXING", .string("NO")))
            }
            if !settings.isEmpty { fields.append(("settings", .map([("base", .map(settings))]))) }
            targets.append((.string(target.name), .map(fields)))
        }

        var root: [(Node, Node)] = [
            ("name", .string(plan.name)),
            ("include", .list([.string(relative(PathResolution.resolve(Self.sharedSettingsPath, in: workspace.root), from: plan.folder))])),
        ]
        if !references.isEmpty {
            let entries = references.keys.sorted().map { name -> (Node, Node) in
                let project = references[name]!
                let path = relative(PathResolution.resolve("\(project.folder)/\(project.name).xcodeproj", in: workspace.root), from: plan.folder)
                return (.string(name), .map([("path", .string(path))]))
            }
            root.append(("projectReferences", .map(entries)))
        }
        let declared = workspace.manifest.packages.filter { packages.contains($0.name.value) }
        if !declared.isEmpty {
            root.append(("packages", .map(declared.map { (.string($0.name.value), swiftPackage($0, from: plan.folder)) })))
        }
        root.append(("targets", .map(targets)))
        let header = ["# The Xcode project of \(plan.name), for XcodeGen: run 'xcodegen' in this folder."]
        return GeneratedFile(path: "\(plan.folder)/project.yml", comment: .hash, lines: header + BlockYAMLEmitter.lines(.map(root)))
    }

    /// A target's build phase that runs `strata check --format xcode` on the workspace before
    /// it compiles, so findings appear in Xcode's issue navigator at their lines and an error
    /// fails the build (docs/XCODE.md). It reads the whole workspace, so the target turns off
    /// Xcode's script sandbox, which would allow only declared inputs.
    private func checkPhase(from folder: String) -> Node {
        let root = relative(workspace.root, from: folder)
        let script = """
            # Generated by 'strata generate' (generate.xcodegen.check-phase in strata.yml).
            export PATH="$PATH:/opt/homebrew/bin:/usr/local/bin:$HOME/.local/bin"
            if command -v strata >/dev/null 2>&1; then
              strata check --format xcode "$SRCROOT/\(root)"
            else
              echo "warning: strata is not installed, so the architecture was not checked (see Strata's docs/XCODE.md)"
            fi

            """
        return .map([
            ("name", .string("strata check")),
            ("script", .scalar(.init(script, Tag(.str), .literal))),
            ("basedOnDependencyAnalysis", .scalar(.init("false", Tag(.bool), .plain))),
        ])
    }

    /// Mergeable libraries: a module with `linkage: mergeable` is built mergeable, and an app
    /// that links one merges the mergeable frameworks it links into its own image (`manual`:
    /// the modules are in other projects, which `automatic` does not merge). Xcode merges in
    /// optimised builds and links them dynamically in debug builds.
    private func mergingSettings(of index: TargetID) -> [(Node, Node)] {
        let target = workspace.targets[index]
        if target.role == .implementation && target.linkage == .mergeable { return [("MERGEABLE_LIBRARY", .string("YES"))] }
        let linksMergeable = workspace.dependencies[index].contains { edge in
            let other = workspace.targets[edge.target]
            return edge.isLinked && other.role == .implementation && other.linkage == .mergeable
        }
        return target.role == .app && linksMergeable ? [("MERGED_BINARY_TYPE", .string("manual"))] : []
    }

    /// XcodeGen's product type for a target.
    private func type(of target: Target) -> String {
        switch target.role {
        case .implementation: return target.linkage.isDynamic ? "framework" : "framework.static"
        case .interface, .mocks: return "framework.static"
        case .tests: return "bundle.unit-test"
        case .app: return settings.platform.value == "macOS" ? "tool" : "application"
        case .external: return "framework"
        }
    }

    /// A target's `sources:` entries: its folder, less `exclude:` (resources are found by type),
    /// or with `sources:` in strata.yml each of those paths in it.
    private func sources(in folder: String, build: TargetBuild) -> [Node] {
        let join = { (path: String) in folder == "." ? path : folder + "/" + path }
        guard build.sources.isEmpty else {
            return build.sources.map { .string(join($0.value)) } + build.resources.map { .string(join($0.value)) }
        }
        guard !build.exclude.isEmpty else { return [.string(folder)] }
        return [.map([("path", .string(folder)), ("excludes", .list(build.exclude.map { .string($0.value) }))])]
    }

    /// `frameworks:` and `libraries:` as SDK dependencies (`UIKit.framework`, `libz.tbd`), with
    /// XcodeGen's platform filters where strata.yml names platforms.
    static func systemDependencies(of build: TargetBuild) -> [Node] {
        let named = build.frameworks.map { ($0, "\($0.name.value).framework") } + build.libraries.map { ($0, "lib\($0.name.value).tbd") }
        return named.map { scoped, sdk in
            var fields: [(Node, Node)] = [("sdk", .string(sdk))]
            if !scoped.platforms.isEmpty { fields.append(("platformFilters", .list(scoped.platforms.map { .string($0.value) }))) }
            return .map(fields)
        }
    }

    /// An XcodeGen Swift package: `{ url, from }` (or exactVersion, branch, revision) or `{ path }`.
    private func swiftPackage(_ package: ExternalPackageDeclaration, from folder: String) -> Node {
        switch package.source {
        case .path(let path):
            let absolute = PathResolution.resolve(path, in: workspace.root)
            return .map([("path", .string(relative(absolute, from: folder)))])
        case .url(let url), .registry(let url):  // registry-only packages are refused before generation
            var fields: [(Node, Node)] = [("url", .string(url))]
            switch package.requirement {
            case .from(let version): fields.append(("from", .string(version)))
            case .exact(let version): fields.append(("exactVersion", .string(version)))
            case .branch(let branch): fields.append(("branch", .string(branch)))
            case .revision(let revision): fields.append(("revision", .string(revision)))
            case .upToNextMinor(let version): fields.append(("minorVersion", .string(version)))
            case .range(let lower, let upper): fields += [("minVersion", .string(lower)), ("maxVersion", .string(upper))]
            case .none: break
            }
            return .map(fields)
        }
    }

    /// `absolute` as seen from `folder` (relative to the workspace root).
    private func relative(_ absolute: String, from folder: String) -> String {
        PathResolution.relative(absolute, from: PathResolution.resolve(folder, in: workspace.root))
    }
}

extension Node {
    /// A block mapping with keys in the order given.
    fileprivate static func map(_ pairs: [(Node, Node)]) -> Node { .mapping(Node.Mapping(pairs)) }
    fileprivate static func list(_ nodes: [Node]) -> Node { .sequence(Node.Sequence(nodes)) }

    /// A string scalar, quoted where a YAML reader would otherwise take it for a number, a
    /// boolean or null (`"17.0"`, `"on"`).
    fileprivate static func string(_ text: String) -> Node {
        let ambiguous =
            Double(text) != nil || Int(text) != nil
            || ["true", "false", "yes", "no", "on", "off", "null", "~", ""].contains(text.lowercased())
        return .scalar(.init(text, Tag(.str), ambiguous ? .doubleQuoted : .any))
    }
}
