public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataProjectFormat
import StrataSources

/// The pods of an adopt-mode workspace (`adopt: { podspecs: [...], podfile: Podfile, spec-repos:
/// [...] }`), turned into package manifests for the adopt-mode builder, like XcodeGen projects:
///
/// - each of the workspace's podspecs (the patterns' and the Podfile's `:path` pods) is a library
///   target named after the pod, whose sources are the `source_files` of the pod and all its
///   subspecs less `exclude_files`; it is a dynamic framework under `use_frameworks!` unless
///   `:linkage => :static` or `static_framework`, else a static library (CocoaPods' default);
/// - a test spec is a test target `<Pod>-Unit-<Name>` of the pod's module, an app spec an app
///   `<Pod>-<Name>`; both depend on the pod;
/// - `dependency 'X'` is the workspace's pod X, or an external pod (`pods/X`), whose module comes
///   from the spec repos when they have a version that meets the requirements; with spec repos
///   given, a pod none of them holds, or no version of which meets the requirements, is an error;
///   without, its modules are unknown (one `unknown-modules` warning names such pods);
/// - the Podfile's targets are apps, and the targets nested in them tests; each depends on its
///   pods and those of the targets around it (`inherit! :search_paths`: seen, not linked). A
///   Podfile target an XcodeGen project declares too is that project's target: the pods are
///   added to its dependencies.
public struct CocoaPodsFormat: ProjectFormat {
    public init() {}

    /// Reads the Podfile and the podspecs `adopt` names; a Podfile target an earlier format
    /// declares (an XcodeGen app) gets the pods as dependencies of that target.
    public func read(_ request: ProjectReadRequest, after earlier: ProjectsRead) async throws(InputErrors) -> ProjectsRead {
        let settings = request.settings
        guard !settings.podspecs.isEmpty || settings.podfile != nil else { return ProjectsRead() }
        return try await Self.read(
            settings, root: request.root, files: request.files, boundary: request.boundary,
            otherTargets: Set(earlier.manifests.flatMap { $0.targets.map(\.name) }))
    }

    private static func read(
        _ settings: AdoptSettings, root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary, otherTargets: Set<String>
    ) async throws(InputErrors) -> ProjectsRead {
        let workspace = try await PodsWorkspace.read(settings, root: root, files: files, boundary: boundary)
        var result = workspace.read
        let (pods, podfile) = (workspace.pods, workspace.podfile)
        let resolver = PodResolver(pods: pods, repos: workspace.repos, dynamic: workspace.linksDynamically)
        for name in pods.keys.sorted() {
            result.manifests.append(try manifest(of: pods[name]!, resolver: resolver))
        }
        if let podfile {
            try addTargets(of: podfile, resolver: resolver, otherTargets: otherTargets, into: &result)
        }
        result.externalDependencies = try resolver.externalDependencies()
        if let warning = resolver.unknownModulesWarning { result.warnings.append(warning) }
        return result
    }

    /// The Podfile `adopt.podfile` names, if any.
    static func readPodfile(
        _ settings: AdoptSettings, root: String, files: any WorkspaceFiles, into result: inout ProjectsRead
    ) throws(InputErrors) -> Podfile? {
        guard let entry = settings.podfile else { return nil }
        let path = PathResolution.resolve(entry.value, in: root)
        let bytes: [UInt8]
        switch files.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing):
            throw InputErrors([
                .inputError("missing-file", "there is no Podfile at '\(entry.value)'", at: entry.location, hint: "fix 'adopt.podfile'")
            ])
        case .failure(let failure):
            throw InputErrors(InputFile.problem(path, failure))
        }
        let podfile = try PodfileReader.read(try ManifestLoader.decodeUTF8(bytes, path: path), path: path)
        result.inputs.append(path)
        return podfile
    }

    private static let podspecsSought = PathPatterns.Sought(
        errorID: "missing-podspec", noun: "podspec",
        hint: "patterns are paths from the workspace folder, with '*' and '**': 'Pods/*/*.podspec', 'Modules/**/*.podspec.json'",
        accepts: { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") })

    /// The workspace's podspecs: those `adopt.podspecs` finds, then the Podfile's `:path` pods.
    /// A pattern that finds none, or a `:path` without the podspec, is an error.
    static func podspecPaths(
        _ settings: AdoptSettings, podfile: Podfile?, root: String, files: any WorkspaceFiles, into result: inout ProjectsRead
    ) throws(InputErrors) -> [String] {
        var problems: [Diagnostic] = []
        var paths: [String] = []
        for pattern in settings.podspecs {
            let podspecs = PathPatterns.expand(pattern, seeking: podspecsSought, root: root, files: files, into: &result, problems: &problems)
            for path in podspecs where !paths.contains(path) { paths.append(path) }
        }
        for pod in podfile?.targets.flatMap({ $0.pods + $0.inherited }) ?? [] {
            guard let relative = pod.path else { continue }
            let folder = PathResolution.resolve(relative, in: PathResolution.parent(of: podfile!.path))
            let candidates = [folder + "/\(pod.pod).podspec", folder + "/\(pod.pod).podspec.json"]
            guard let found = candidates.first(where: files.exists) else {
                problems.append(
                    .inputError(
                        "missing-podspec", "pod '\(pod.name)' is at '\(relative)', which has no \(pod.pod).podspec", at: pod.location,
                        hint: "fix ':path', or add the podspec there"))
                continue
            }
            if !paths.contains(found) { paths.append(found) }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return paths
    }

    /// The podspecs, read in parallel, by pod name. A pod declared twice, or with sources outside
    /// the workspace (or a folder it allows), is an error.
    static func readPods(
        at paths: [String], root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary, into result: inout ProjectsRead
    ) async throws(InputErrors) -> [String: Podspec] {
        let podspecs = await withTaskGroup(of: (Int, Result<Podspec, InputErrors>).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask { (index, Self.readPodspec(at: path, files: files)) }
            }
            var results = [Result<Podspec, InputErrors>?](repeating: nil, count: paths.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        var problems: [Diagnostic] = []
        var pods: [String: Podspec] = [:]
        for outcome in podspecs {
            switch outcome {
            case .success(let spec):
                if let first = pods[spec.name] {
                    problems.append(
                        .inputError(
                            "duplicate-target", "pod '\(spec.name)' is declared twice", at: spec.location,
                            notes: [DiagnosticNote("first declared here", at: first.location)]))
                    continue
                }
                pods[spec.name] = spec
                result.inputs.append(spec.path)
                result.specs.append(ProjectSpec(files: [spec.path], targets: Self.targetNames(of: spec)))
            case .failure(let errors):
                problems += errors.diagnostics
            }
        }
        // A pod's sources, like a package's, stay in the workspace (or a folder it allows).
        for name in pods.keys.sorted() { problems += Self.sourcesOutside(pods[name]!, root: root, boundary: boundary) }
        if !problems.isEmpty { throw InputErrors(problems) }
        return pods
    }

    /// The Podfile's targets: apps, and tests nested in them, each depending on its pods and the
    /// pods of the targets around it. A target an earlier format declares gets the pods as
    /// dependencies of that target instead.
    private static func addTargets(
        of podfile: Podfile, resolver: PodResolver, otherTargets: Set<String>, into result: inout ProjectsRead
    ) throws(InputErrors) {
        var targets: [PackageTarget] = []
        for target in podfile.targets {
            var dependencies: [PackageTargetDependency] = []
            let linked = target.pods.map { ($0, true) } + target.inherited.map { ($0, !target.inheritsSearchPathsOnly) }
            for (pod, isLinked) in linked {
                var entry = PackageTargetDependency(
                    try resolver.reference(to: pod.pod, requirements: pod.requirements, at: pod.location), location: pod.location)
                entry.isLinked = isLinked
                if !dependencies.contains(where: { $0.reference == entry.reference }) { dependencies.append(entry) }
            }
            if otherTargets.contains(target.name) {
                result.addedDependencies[target.name, default: []] += dependencies
                continue
            }
            var converted = PackageTarget(
                name: target.name, kind: target.isNested ? .test : .executable, dependencies: dependencies, path: nil, exclude: [], sources: nil,
                location: target.location)
            // Its sources are in an Xcode project Strata does not read.
            converted.declaredSources = TargetSources(directory: PathResolution.parent(of: podfile.path), only: [])
            targets.append(converted)
        }
        var manifest = PackageManifest(path: podfile.path, name: "Podfile", products: [], dependencies: [], targets: targets)
        manifest.kind = .project
        result.manifests.append(manifest)
        result.specs.append(ProjectSpec(files: [podfile.path], targets: targets.map(\.name)))
    }

    private static func readPodspec(at path: String, files: any WorkspaceFiles) -> Result<Podspec, InputErrors> {
        do {
            return .success(try Podspec.read(at: path, files: files))
        } catch {
            return .failure(error)
        }
    }

    static func targetNames(of spec: Podspec) -> [String] {
        [spec.name] + spec.testSpecs.map { testTargetName($0, of: spec) } + spec.appSpecs.map { appTargetName($0, of: spec) }
    }

    /// CocoaPods' names: `Profile-Unit-Tests`, `Profile-Demo`.
    package static func testTargetName(_ part: PodspecPart, of spec: Podspec) -> String {
        "\(spec.name)-Unit-\(part.name.split(separator: "/").last ?? "Tests")"
    }

    package static func appTargetName(_ part: PodspecPart, of spec: Podspec) -> String {
        "\(spec.name)-\(part.name.split(separator: "/").last ?? "App")"
    }

    /// What a pod name stands for: the workspace's pod, or an external one from the spec repos
    /// (whose podspecs it keeps, for their own dependencies).
    final class PodResolver {
        let pods: [String: Podspec]
        let repos: SpecRepos
        /// `use_frameworks!` without `:linkage => :static`.
        let dynamic: Bool
        /// The external pods resolved so far, with their specs from the repos.
        private(set) var external: [String: Podspec] = [:]
        /// External pods no spec repo gives a podspec for (none are listed), and where each is
        /// first named: their modules are unknown.
        private(set) var withoutSpec: [(pod: String, location: SourceLocation)] = []

        init(pods: [String: Podspec], repos: SpecRepos, dynamic: Bool) {
            self.pods = pods
            self.repos = repos
            self.dynamic = dynamic
        }

        func reference(to pod: String, requirements: [String], at location: SourceLocation) throws(InputErrors) -> PackageTargetDependency.Reference {
            if pods[pod] != nil { return .workspaceTarget(pod) }
            let spec = try repos.spec(of: pod, requirements: requirements, at: location)
            if let spec, external[pod] == nil { external[pod] = spec }
            if spec == nil, !withoutSpec.contains(where: { $0.pod == pod }) { withoutSpec.append((pod, location)) }
            let linkage: Linkage = dynamic && spec?.staticFramework != true ? .dynamic : .static
            // A pod's module is its podspec's `module_name` or a name made from its own: never guessed.
            let modules: ProvidedModules = spec.map { .named([$0.module]) } ?? .unknown(reason: "pod '\(pod)' has no podspec to read")
            return .prebuilt(.init(name: pod, provider: "pods", modules: modules, linkage: linkage))
        }

        /// One warning for the external pods whose modules are unknown, if there are any.
        var unknownModulesWarning: Diagnostic? {
            guard let first = withoutSpec.first else { return nil }
            let names = withoutSpec.map { "'\($0.pod)'" }.joined(separator: ", ")
            return .warning(
                "unknown-modules",
                withoutSpec.count == 1
                    ? "pod \(names) has no podspec to read (no spec repo is listed): the modules it provides are unknown, so imports of it are not checked"
                    : "\(withoutSpec.count) pods have no podspec to read (no spec repo is listed): \(names); the modules they provide are unknown, so imports of them are not checked",
                at: first.location,
                hint:
                    "list the spec repos that hold them under 'adopt.spec-repos' (your private spec repo, or a clone of CocoaPods' trunk): a pod's module name is in its podspec, and often differs from the pod's ('google-cast-sdk' provides GoogleCast)"
            )
        }

        /// Each external pod's dependencies (its root and subspecs'), resolving the pods they
        /// name in turn, until every pod reached is known.
        func externalDependencies() throws(InputErrors) -> [ExternalProduct: [PackageTargetDependency]] {
            var result: [ExternalProduct: [PackageTargetDependency]] = [:]
            var done: Set<String> = []
            while let name = external.keys.sorted().first(where: { !done.contains($0) }) {
                done.insert(name)
                let spec = external[name]!
                var entries: [PackageTargetDependency] = []
                for dependency in ([spec.root] + spec.subspecs).flatMap(\.dependencies) where dependency.pod != spec.name {
                    let entry = PackageTargetDependency(
                        try reference(to: dependency.pod, requirements: dependency.requirements, at: dependency.location),
                        location: dependency.location)
                    if !entries.contains(where: { $0.reference == entry.reference }) { entries.append(entry) }
                }
                if !entries.isEmpty { result[ExternalProduct(package: "pods", product: name)] = entries }
            }
            return result
        }
    }

    /// The `source_files` patterns of `spec` whose fixed start (before the first `*` or `{`)
    /// leads out of the workspace, as errors at the spec or subspec that gives them.
    static func sourcesOutside(_ spec: Podspec, root: String, boundary: WorkspaceBoundary) -> [Diagnostic] {
        let folder = PathResolution.parent(of: spec.path)
        var problems: [Diagnostic] = []
        for part in [spec.root] + spec.subspecs + spec.testSpecs + spec.appSpecs {
            for pattern in part.sourceFiles + part.excludeFiles {
                let fixed = pattern.split(separator: "/", omittingEmptySubsequences: false).prefix { !$0.contains(where: { "*?[{".contains($0) }) }
                    .joined(separator: "/")
                let value = Located(fixed.isEmpty ? "." : fixed, at: part.location)
                if let problem = boundary.problem(value, relativeTo: folder, use: .file(pattern)) { problems.append(problem) }
            }
        }
        return problems
    }

    private static func manifest(of spec: Podspec, resolver: PodResolver) throws(InputErrors) -> PackageManifest {
        let folder = PathResolution.parent(of: spec.path)
        func sources(_ parts: [PodspecPart]) -> TargetSources {
            let includes = parts.flatMap(\.sourceFiles).flatMap(expandBraces)
            let excludes = parts.flatMap(\.excludeFiles).flatMap(expandBraces)
            // No source_files: CocoaPods compiles nothing for it.
            guard !includes.isEmpty else { return TargetSources(directory: folder, only: []) }
            return TargetSources(directory: folder, only: [folder], filters: [SourceFilter(root: folder, includes: includes, excludes: excludes)])
        }
        func dependencies(_ parts: [PodspecPart]) throws(InputErrors) -> [PackageTargetDependency] {
            var result: [PackageTargetDependency] = []
            for dependency in parts.flatMap(\.dependencies) where dependency.pod != spec.name {
                var entry = PackageTargetDependency(
                    try resolver.reference(to: dependency.pod, requirements: dependency.requirements, at: dependency.location),
                    location: dependency.location)
                if let platform = dependency.platform {
                    entry.condition = DependencyCondition(platforms: [platform == "osx" ? "macos" : platform], traits: [])
                }
                if !result.contains(where: { $0.reference == entry.reference }) { result.append(entry) }
            }
            return result
        }
        var library = PackageTarget(
            name: spec.name, kind: .regular, dependencies: try dependencies([spec.root] + spec.subspecs), path: nil, exclude: [], sources: nil,
            location: spec.location)
        library.declaredSources = sources([spec.root] + spec.subspecs)
        if spec.module != spec.name { library.moduleName = spec.module }
        var targets = [library]
        for test in spec.testSpecs {
            var target = PackageTarget(
                name: testTargetName(test, of: spec), kind: .test,
                dependencies: [PackageTargetDependency(.target(spec.name), location: test.location)] + (try dependencies([test])), path: nil,
                exclude: [],
                sources: nil, location: test.location)
            target.declaredSources = sources([test])
            target.owningModule = spec.name
            targets.append(target)
        }
        for app in spec.appSpecs {
            var target = PackageTarget(
                name: appTargetName(app, of: spec), kind: .executable,
                dependencies: [PackageTargetDependency(.target(spec.name), location: app.location)] + (try dependencies([app])), path: nil,
                exclude: [],
                sources: nil, location: app.location)
            target.declaredSources = sources([app])
            targets.append(target)
        }
        let isDynamic = resolver.dynamic && !spec.staticFramework
        var manifest = PackageManifest(
            path: spec.path, name: spec.name,
            products: [Product(name: spec.name, kind: .library(isDynamic ? .dynamic : .static), targets: [spec.name])],
            dependencies: [], targets: targets)
        manifest.kind = .project
        return manifest
    }

    /// `Sources/*.{h,m,swift}` as `Sources/*.h`, `Sources/*.m`, `Sources/*.swift` (CocoaPods'
    /// patterns take braces; the walk's do not).
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let head = pattern[..<open], tail = String(pattern[pattern.index(after: close)...])
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false).flatMap { choice in
            expandBraces(head + choice + tail)
        }
    }
}
