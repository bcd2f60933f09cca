import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataWorkspace

/// Makes the `PodsPlan` of an adopt-mode CocoaPods workspace: reads what each pod builds from
/// its podspec and its folder's files, and says, for the team, what SwiftPM cannot say.
struct PodsPlanner {
    let workspace: Workspace
    let pods: PodsWorkspace
    let homes: PodHomes?
    var plan = PodsPlan()
    /// Swift files a pod already builds (absolute) → that pod: a file two pods share goes to the first.
    private var claimed: [String: String] = [:]
    /// External pods named, each once, with the requirements first given.
    private var externals: [(pod: String, requirements: [String])] = []
    /// The adopt-mode graph's targets by name.
    private let adopted: [String: Target]
    /// The files of each pod's folder, listed once: a folder may hold several podspecs.
    let listed: [String: PodFiles]

    /// `listed`: the pods' folders as an earlier planner of the same pods listed them.
    init(workspace: Workspace, pods: PodsWorkspace, homes: PodHomes?, listed: [String: PodFiles]? = nil) {
        self.workspace = workspace
        self.pods = pods
        self.homes = homes
        adopted = Dictionary(workspace.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.listed =
            listed
            ?? Dictionary(
                Set(pods.pods.values.map { PathResolution.parent(of: $0.path) }).map { ($0, PodFiles(folder: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The files of the folder `spec` lies in.
    func files(of spec: Podspec) -> PodFiles { listed[PathResolution.parent(of: spec.path)]! }

    var root: String { workspace.root }
    var naming: Naming { workspace.manifest.naming }

    mutating func make() throws(InputErrors) -> PodsPlan {
        let selected = selectedSubspecs()
        var problems: [Diagnostic] = []
        // Modules first, then the pods that are their interface or mocks targets.
        let ordered = orderedPods()
        for spec in ordered where role(of: spec) == nil {
            do throws(InputErrors) {
                plan.modules.append(try module(of: spec, selected: selected[spec.name] ?? []))
            } catch {
                problems += error.diagnostics
            }
        }
        for spec in ordered {
            guard let (role, module) = role(of: spec) else { continue }
            do throws(InputErrors) {
                try addCompanion(spec, role: role, of: module, selected: selected[spec.name] ?? [])
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        if pods.linksDynamically {
            plan.forTheTeam.append(
                "the Podfile's 'use_frameworks!' made the pods dynamic frameworks; the modules link statically, as SwiftPM links a package's own targets (and CocoaPods' 'static_framework' did); give a module 'linkage: dynamic' in the 'packages' layout where it must stay a dynamic library"
            )
        }
        for spec in orderedPods() { addAppSpecs(of: spec) }
        try addPodfileTargets()
        leaveOutUnusedExternals()
        leaveOutTransitiveExternals()
        addPlatforms()
        return plan
    }

    // MARK: Pods in order

    /// The workspace's pods by layer (top first), then module name. A pod in no layer, or whose
    /// module name is no Swift identifier, is an error.
    private func orderedPods() -> [Podspec] {
        pods.pods.values.sorted { (layerIndex(of: $0), $0.module) < (layerIndex(of: $1), $1.module) }
    }

    /// For a pod the workspace reads as a module's interface or mocks target (by `naming`): that
    /// role and the module; nil for a module of its own.
    private func role(of spec: Podspec) -> (TargetRole, module: String)? {
        guard let target = adopted[spec.name], target.role == .interface || target.role == .mocks,
            let module = target.module
        else { return nil }
        return (target.role, module)
    }

    /// The adopt-mode target of a pod that is a module of its own.
    private func implementation(of spec: Podspec) -> Target? {
        adopted[spec.name].flatMap { $0.role == .implementation ? $0 : nil }
    }

    /// The adopt-mode target `name` if it is an app.
    func app(_ name: String) -> Target? { adopted[name].flatMap { $0.role == .app ? $0 : nil } }

    private func layerIndex(of spec: Podspec) -> Int {
        implementation(of: spec)?.layer?.index ?? .max
    }

    private func layerName(of spec: Podspec) throws(InputErrors) -> String {
        guard let layer = implementation(of: spec)?.layer
        else {
            throw InputErrors(
                .inputError(
                    "unmapped-target", "pod '\(spec.name)' is in no layer, and generate mode needs one for every module", at: spec.location,
                    hint: "add a layer pattern for it ('strata check' reports every such target), then migrate"))
        }
        return workspace.layers[layer].name
    }

    // MARK: Subspecs

    /// For each pod, the subspecs its module builds: those the workspace asks for by name
    /// (`dependency 'Pod/Sub'`), the default ones wherever the pod is asked for whole (or by
    /// nothing), and those the chosen ones depend on, with their nested subspecs.
    func selectedSubspecs() -> [String: Set<String>] {
        var requests: [String: Set<String>] = [:]
        var whole: Set<String> = []
        var names: [String] = []
        for spec in pods.pods.values {
            let parts: [PodspecPart] = [spec.root] + spec.subspecs + spec.testSpecs + spec.appSpecs
            names += parts.flatMap(\.dependencies).map(\.name)
        }
        for target in pods.podfile?.targets ?? [] { names += (target.pods + target.inherited).map(\.name) }
        for name in names {
            let pod = String(name.split(separator: "/").first ?? Substring(name))
            if name.contains("/") { requests[pod, default: []].insert(name) } else { whole.insert(pod) }
        }
        var selected: [String: Set<String>] = [:]
        for spec in pods.pods.values {
            var chosen = requests[spec.name] ?? []
            if whole.contains(spec.name) || chosen.isEmpty {
                chosen.formUnion(spec.defaultSubspecs.map { $0.map { "\(spec.name)/\($0)" } } ?? spec.subspecs.map(\.name))
            }
            // What the chosen ones depend on in the pod, and what is nested in them.
            var queue = Array(chosen)
            while let name = queue.popLast() {
                let nested = spec.subspecs.map(\.name).filter { $0.hasPrefix(name + "/") }
                let inPod = spec.subspecs.first { $0.name == name }?.dependencies.map(\.name).filter { $0.hasPrefix(spec.name + "/") } ?? []
                for other in nested + inPod where chosen.insert(other).inserted { queue.append(other) }
            }
            selected[spec.name] = chosen
        }
        return selected
    }

    // MARK: A pod's module

    private mutating func module(of spec: Podspec, selected: Set<String>) throws(InputErrors) -> PodsPlan.ModulePlan {
        let layer = try layerName(of: spec)
        if let problem = SwiftIdentifier.problem(with: spec.module, kind: "module", at: spec.location) {
            throw InputErrors(problem)
        }
        let files = files(of: spec)
        let folder = files.folder
        let parts = [spec.root] + spec.subspecs.filter { selected.contains($0.name) }
        let leftOut = spec.subspecs.filter { !selected.contains($0.name) }
        sayWhereSubspecsWent(spec, built: parts.dropFirst().map(\.name), leftOut: leftOut.map(\.name))

        var classified = PodFiles.Classified()
        for part in parts { classified.formUnion(files.classify(part)) }
        classified.swift = unclaimed(classified.swift, of: spec, in: folder)
        sayWhatSwiftPMCannotBuild(spec, classified, parts: parts)

        var target = targetPlan(files: files, sources: classified.swift, resources: classified.resources)
        (target.dependencies, target.products) = dependencies(of: parts, in: spec)
        addSettings(of: spec, parts: parts, to: &target)
        addBinaries(of: spec, parts: parts, files: files, to: &target)
        var module = PodsPlan.ModulePlan(pod: spec.name, module: spec.module, layer: layer, target: target)
        module.leftOut = Set(leftOut.flatMap { files.classify($0).swift }.map { folder + "/" + $0 }).subtracting(target.swiftFiles)
        leaveOutDependencies(of: leftOut, keeping: parts, in: spec)
        module.tests = testsPlan(of: spec, files: files, module: spec.module)
        if spec.module != spec.name { plan.names[spec.name] = spec.module }
        return module
    }

    /// The edges the pods' graph has only because of `leftOut` subspecs: not migrated, with
    /// the external pods nothing else names.
    private mutating func leaveOutDependencies(of leftOut: [PodspecPart], keeping parts: [PodspecPart], in spec: Podspec) {
        let kept = Set(parts.flatMap(\.dependencies).map(\.pod))
        for pod in Set(leftOut.flatMap(\.dependencies).map(\.pod)).subtracting(kept) where pod != spec.name {
            let adopted = pods.pods[pod] == nil ? "pods/" + pod : pod
            plan.edgesNotMigrated.insert([spec.name, adopted])
        }
    }

    /// External pods in the pods' graph that only left-out subspecs named: not migrated.
    mutating func leaveOutUnusedExternals() {
        let named = Set(externalPods.map { String($0.pod.split(separator: "/").first ?? Substring($0.pod)) })
        for edge in plan.edgesNotMigrated where edge[1].hasPrefix("pods/") && !named.contains(String(edge[1].dropFirst(5))) {
            plan.notMigrated.insert(edge[1])
        }
    }

    /// External pods the workspace reaches only through other external pods (the spec repos'
    /// dependencies of a pod it uses): SwiftPM brings them with the package of the pod that
    /// needs them, so they are not the migrated graph's, and neither are the edges between
    /// external pods.
    mutating func leaveOutTransitiveExternals() {
        let named = Set(externalPods.map { "pods/" + String($0.pod.split(separator: "/").first ?? Substring($0.pod)) })
        var transitive: [String] = []
        for (from, edges) in workspace.dependencies.withIDs where workspace.targets[from].role == .external {
            for edge in edges where workspace.targets[edge.target].role == .external {
                plan.edgesNotMigrated.insert([workspace.targets[from].name, workspace.targets[edge.target].name])
            }
        }
        for target in workspace.targets where target.role == .external && target.name.hasPrefix("pods/") && !named.contains(target.name) {
            if plan.notMigrated.insert(target.name).inserted { transitive.append(String(target.name.dropFirst(5))) }
        }
        if !transitive.isEmpty {
            plan.forTheTeam.append(
                "pods \(transitive.sorted().map { "'\($0)'" }.joined(separator: ", ")) come with the packages of the external pods that depend on them: \(PodHomes.fileName) needs no entry for them"
            )
        }
    }

    /// A pod named as a module's interface or mocks target becomes that target of the module.
    private mutating func addCompanion(_ spec: Podspec, role: TargetRole, of module: String, selected: Set<String>) throws(InputErrors) {
        guard let index = plan.modules.firstIndex(where: { $0.pod == module }) else {
            throw InputErrors(
                .inputError(
                    "unsupported-migration", "pod '\(spec.name)' is the \(role.rawValue) of '\(module)', which is no pod of the workspace",
                    at: spec.location, hint: "rename it, or change 'naming' so that it is a module of its own"))
        }
        let files = files(of: spec)
        let parts = [spec.root] + spec.subspecs.filter { selected.contains($0.name) }
        var classified = PodFiles.Classified()
        for part in parts { classified.formUnion(files.classify(part)) }
        classified.swift = unclaimed(classified.swift, of: spec, in: files.folder)
        sayWhatSwiftPMCannotBuild(spec, classified, parts: parts)
        var target = targetPlan(files: files, sources: classified.swift, resources: classified.resources)
        (target.dependencies, target.products) = dependencies(of: parts, in: spec)
        // The conventional edge (mocks on the module or its interface) is generate mode's own.
        target.dependencies.removeAll { $0 == plan.modules[index].module }
        addSettings(of: spec, parts: parts, to: &target)
        let name = role == .interface ? naming.interface.name(for: plan.modules[index].module) : naming.mocks.name(for: plan.modules[index].module)
        if name != spec.name { plan.names[spec.name] = name }
        if role == .interface { plan.modules[index].interface = target } else { plan.modules[index].mocks = target }
        if !spec.testSpecs.isEmpty || !spec.appSpecs.isEmpty {
            plan.forTheTeam.append(
                "pod '\(spec.name)': its test and app specs are not migrated: it becomes the \(role.rawValue) target of '\(module)'")
            for part in spec.testSpecs { plan.notMigrated.insert(CocoaPodsFormat.testTargetName(part, of: spec)) }
            for part in spec.appSpecs { plan.notMigrated.insert(CocoaPodsFormat.appTargetName(part, of: spec)) }
        }
    }

    /// `vendored_frameworks` that are XCFrameworks, as binary targets; any other (a plain
    /// `.framework`, or a pattern that finds nothing) said for the team.
    private mutating func addBinaries(of spec: Podspec, parts: [PodspecPart], files: PodFiles, to target: inout PodsPlan.TargetPlan) {
        let bundles = Set(files.files.compactMap(Self.xcframework))
        for vendored in parts.flatMap(\.vendoredFrameworks) {
            let pattern = PathPattern("/" + vendored.value.drop { $0 == "." || $0 == "/" })
            let found = bundles.filter { pattern.matches($0) }.sorted()
            guard !found.isEmpty else {
                plan.forTheTeam.append(
                    vendored.value.hasSuffix(".framework")
                        ? "pod '\(spec.name)' vendors '\(vendored.value)', a plain framework: SwiftPM links XCFrameworks only; wrap it with 'xcodebuild -create-xcframework' and add it to 'binaries:'"
                        : "pod '\(spec.name)' vendors '\(vendored.value)', which matches no XCFramework in its folder: add the binary to 'binaries:' by hand"
                )
                continue
            }
            for bundle in found {
                let path = PathResolution.relative(files.folder + "/" + bundle, from: root)
                if !target.binaries.contains(path) { target.binaries.append(path) }
                plan.binaryTargets.insert(TargetBuild.binaryName(path))
            }
        }
    }

    /// The `.xcframework` folder a file lies in, relative to the pod's folder.
    private static func xcframework(_ file: String) -> String? {
        let components = file.split(separator: "/")
        guard let index = components.firstIndex(where: { $0.hasSuffix(".xcframework") }) else { return nil }
        return components[...index].joined(separator: "/")
    }

    /// The pod's system frameworks and libraries and its Swift language mode.
    func addSettings(of spec: Podspec, parts: [PodspecPart], to target: inout PodsPlan.TargetPlan) {
        // What a podspec links everywhere it links on the pod's platforms (CocoaPods builds for no other).
        let platforms = spec.deploymentTargets.keys.compactMap(PodPlatform.swiftPM).sorted()
        let everywhere = platforms.isEmpty ? PodPlatform.apple : platforms
        let linked = { (value: PodValue) in Self.linked(value, everywhere: everywhere) }
        for part in parts {
            target.frameworks += part.frameworks.map(linked)
            target.libraries += part.libraries.map(linked)
        }
        target.swiftLanguageMode = Self.languageMode(spec.swiftVersions)
    }

    /// The folder, excludes and resources of a target that builds `sources` and `resources`
    /// (relative to the pod's folder).
    func targetPlan(files: PodFiles, sources: Set<String>, resources: Set<String>) -> PodsPlan.TargetPlan {
        let layout = PodTargetFolder(files: files.files, sources: sources, resources: resources)
        let path = layout.path.isEmpty ? files.folder : files.folder + "/" + layout.path
        var target = PodsPlan.TargetPlan(path: PathResolution.relative(path, from: root))
        target.exclude = layout.exclude
        target.resources = layout.resources
        target.swiftFiles = Set(sources.map { files.folder + "/" + $0 })
        return target
    }

    /// `files` less those another pod builds already (said for the team once per such pod).
    private mutating func unclaimed(_ files: Set<String>, of spec: Podspec, in folder: String) -> Set<String> {
        var kept: Set<String> = []
        var shared: [String: [String]] = [:]
        for file in files.sorted() {
            let absolute = folder + "/" + file
            if let owner = claimed[absolute] {
                shared[owner, default: []].append(PathResolution.relative(absolute, from: root))
                continue
            }
            claimed[absolute] = spec.name
            kept.insert(file)
        }
        for owner in shared.keys.sorted() {
            let files = shared[owner]!
            let named = files.count == 1 ? "'\(files[0])' is a source" : "\(files.count) files (\(Self.sample(Set(files)))) are sources"
            plan.forTheTeam.append(
                "\(named) of pods '\(owner)' and '\(spec.name)': SwiftPM builds a file in one target only, so \(files.count == 1 ? "it stays" : "they stay") in '\(owner)'; move what '\(spec.name)' needs of \(files.count == 1 ? "it" : "them") into a module both can depend on"
            )
        }
        return kept
    }

    private mutating func sayWhereSubspecsWent(_ spec: Podspec, built: [String], leftOut: [String]) {
        if !built.isEmpty {
            plan.forTheTeam.append(
                "pod '\(spec.name)': subspecs \(built.map { "'\($0)'" }.joined(separator: ", ")) are built into module '\(spec.module)', as CocoaPods builds a pod and the subspecs in use as one module ('import \(spec.module)')"
            )
        }
        if !leftOut.isEmpty {
            plan.forTheTeam.append(
                "pod '\(spec.name)': subspecs \(leftOut.map { "'\($0)'" }.joined(separator: ", ")) are left out: they are not default subspecs and nothing in the workspace asks for them; give them a module of their own if something outside still uses them"
            )
        }
    }

    /// Mixed languages, headers, vendored frameworks and resource bundles, each said once per pod.
    private mutating func sayWhatSwiftPMCannotBuild(_ spec: Podspec, _ classified: PodFiles.Classified, parts: [PodspecPart]) {
        let pod = "pod '\(spec.name)'"
        if !classified.cFamily.isEmpty {
            plan.forTheTeam.append(
                classified.swift.isEmpty
                    ? "\(pod) is Objective-C/C (\(classified.cFamily.count) files): strata generate writes Swift targets, so they are left out; declare a C-family target for them by hand"
                    : "\(pod) mixes Swift and Objective-C/C: SwiftPM builds one language per target, so its \(classified.cFamily.count) C-family files (\(Self.sample(classified.cFamily))) are left out; move them into a target of their own"
            )
        } else if !classified.headers.isEmpty {
            plan.forTheTeam.append(
                "\(pod): \(classified.headers.count) header files (\(Self.sample(classified.headers))) are left out: a Swift target has no headers (an umbrella header is not needed under SwiftPM)"
            )
        }
        if classified.swift.isEmpty && classified.cFamily.isEmpty {
            plan.forTheTeam.append("\(pod) has no Swift sources: SwiftPM cannot build an empty target; give it sources or remove the module")
        }
        if !classified.resources.isEmpty {
            let bundles = parts.flatMap(\.resourceBundles).map(\.name)
            plan.forTheTeam.append(
                "\(pod): its resources go into the module's own bundle ('Bundle.module')"
                    + (bundles.count > 1 ? ", one bundle for \(bundles.map { "'\($0)'" }.joined(separator: ", "))" : "")
                    + "; code that finds them through 'Bundle.main', 'Bundle(for:)' or a named bundle must use 'Bundle.module'")
        }
        if parts.contains(where: { !$0.publicHeaderFiles.isEmpty }) && !classified.cFamily.isEmpty {
            plan.forTheTeam.append(
                "\(pod): 'public_header_files' has no Swift counterpart: SwiftPM's C targets publish the headers of one folder ('include')")
        }
    }

    private static func sample(_ files: Set<String>) -> String {
        let sorted = files.sorted()
        return sorted.prefix(3).joined(separator: ", ") + (sorted.count > 3 ? ", …" : "")
    }

    private static func linked(_ value: PodValue, everywhere: [String]) -> PlatformScoped {
        let location = SourceLocation(path: "", line: 1, column: 1)
        let platforms = value.platform.flatMap(PodPlatform.swiftPM).map { [$0] } ?? everywhere
        return PlatformScoped(name: Located(value.value, at: location), platforms: platforms.map { Located($0, at: location) })
    }

    /// `swift_versions` as a language mode: pods are Swift 5 unless they say 6, and a package
    /// of tools version 6.0 would build them in Swift 6 mode, with its stricter checks.
    static func languageMode(_ versions: [String]) -> String? {
        let newest = versions.max { SpecRepos.compare($0, $1) < 0 }
        guard let newest else { return "5" }
        let major = newest.split(separator: ".").first.flatMap { Int($0) } ?? 5
        if major >= 6 { return nil }
        if major == 4 { return newest.hasPrefix("4.2") ? "4.2" : "4" }
        return "5"
    }

    // MARK: Dependencies

    /// The workspace modules and external products `parts` depend on (their own pod left out).
    mutating func dependencies(of parts: [PodspecPart], in spec: Podspec?) -> (modules: [String], products: [String]) {
        dependencies(parts.flatMap(\.dependencies), in: spec)
    }

    /// The workspace modules and external products `list` names (`spec`'s own pod left out).
    mutating func dependencies(_ list: [PodDependency], in spec: Podspec?) -> (modules: [String], products: [String]) {
        var modules: [String] = [], products: [String] = []
        for dependency in list where dependency.pod != spec?.name {
            if let platform = dependency.platform {
                plan.forTheTeam.append(
                    "\(spec.map { "pod '\($0.name)'" } ?? "a target") depends on '\(dependency.name)' on \(PodPlatform.swiftPM(platform) ?? platform) only: strata.yml has no condition for a dependency, so it applies on every platform"
                )
            }
            if let other = pods.pods[dependency.pod] {
                if !modules.contains(other.module) { modules.append(other.module) }
            } else if let product = externalProduct(dependency.name, requirements: dependency.requirements), !products.contains(product) {
                products.append(product)
            }
        }
        return (modules, products)
    }

    /// `key/Product` of the package `pods.yml` gives an external pod; nil (and the pod listed)
    /// when it gives none.
    private mutating func externalProduct(_ pod: String, requirements: [String]) -> String? {
        if !externals.contains(where: { $0.pod == pod }) { externals.append((pod, requirements)) }
        guard case .some(.some(let home)) = homes?.home(of: pod) else {
            if !plan.withoutHome.contains(pod) { plan.withoutHome.append(pod) }
            return nil
        }
        let fields = home.packageFields
        // Its key under `packages:`: the URL's last component, or the registry identity's name.
        let key: String
        switch home.source {
        case .url(let url), .path(let url): key = PackageDependency.displayName(for: url)
        case .registry(let id): key = String(id.split(separator: ".").last ?? Substring(id))
        }
        if let known = plan.packages.first(where: { $0.key == key }) {
            if known.fields != fields {
                plan.forTheTeam.append(
                    "pods.yml gives package '\(key)' two requirements; the first, '\(known.fields.joined(separator: ", "))', is used for '\(pod)' too"
                )
            }
        } else {
            plan.packages.append(PodsPlan.PackagePlan(key: key, fields: fields))
        }
        let adopted = "pods/" + String(pod.split(separator: "/").first ?? Substring(pod))
        plan.names[adopted] = "\(key)/\(home.product)"
        return "\(key)/\(home.product)"
    }

    /// The external pods named, each once with its first requirements: what `pods.yml` lists.
    var externalPods: [(pod: String, requirements: [String])] { externals }
}
