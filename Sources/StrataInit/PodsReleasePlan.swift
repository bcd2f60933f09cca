import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataPackageIdentity

/// How migrated pods continue their release history when strata.yml names a package registry
/// with a scope for every layer: the `packages` layout with each module's package in its pod's
/// folder (`package-folder:`, so nothing moves), `distribution: registry`, and
/// strata.versions.yml holding each pod's last release — the newest version the spec repos have
/// — and what that release required of the other pods. Tagging the migration commit
/// (`strata migrate tags`) then lets the next `strata release` continue the numbering.
struct PodsReleasePlan {
    /// Module → its package folder, relative to the workspace folder.
    var packageFolders: [String: String]
    /// strata.versions.yml; nil when no pod has a release in the spec repos.
    var versionsText: String?

    /// The plan for `plan`'s modules, or nil with the reason (for the team) when the pods stay
    /// in the single layout: no registry, a layer without a scope, or a pod whose targets are
    /// not all inside its folder, or whose folder another pod's overlaps.
    static func make(for plan: PodsPlan, pods: PodsWorkspace, manifest: Manifest, root: String) -> (PodsReleasePlan?, note: String?) {
        guard let registry = manifest.registry, !plan.modules.isEmpty else { return (nil, nil) }
        let unscoped = Set(plan.modules.map(\.layer).filter { registry.scope(ofLayer: $0) == nil }).sorted()
        if !unscoped.isEmpty {
            return (
                nil,
                "strata.yml names a registry, but the layer\(unscoped.count == 1 ? "" : "s") \(unscoped.map { "'\($0)'" }.joined(separator: ", ")) \(unscoped.count == 1 ? "has" : "have") no scope under 'registry.scopes': the modules stay in one package (layout single), outside the release train"
            )
        }
        var folders: [String: String] = [:]
        for module in plan.modules {
            guard let spec = pods.pods[module.pod] else { continue }
            let folder = PathResolution.relative(PathResolution.parent(of: spec.path), from: root)
            if folder == "." {
                return (
                    nil,
                    "pod '\(module.pod)' has its podspec in the workspace's folder, and the release train needs each module's package in a folder of its own: the modules stay in one package (layout single)"
                )
            }
            if let outside = outsideFolder(module, folder: folder) {
                return (
                    nil, "pod '\(module.pod)' builds '\(outside)', outside its folder '\(folder)': the modules stay in one package (layout single)"
                )
            }
            if let other = folders.first(where: { overlaps($0.value, folder) }) {
                return (
                    nil,
                    "pods '\(other.key)' and '\(module.module)' share the folder '\(folder.count < other.value.count ? folder : other.value)', and each package needs one of its own: the modules stay in one package (layout single)"
                )
            }
            folders[module.module] = folder
        }
        return (PodsReleasePlan(packageFolders: folders, versionsText: versionsText(plan, pods: pods)), nil)
    }

    /// The first path of `module`'s targets (and binaries) that is not inside `folder`.
    private static func outsideFolder(_ module: PodsPlan.ModulePlan, folder: String) -> String? {
        let targets = [module.target] + [module.interface, module.mocks, module.tests].compactMap { $0 }
        return (targets.map(\.path) + targets.flatMap(\.binaries)).first { $0 != folder && !$0.hasPrefix(folder + "/") }
    }

    private static func overlaps(_ first: String, _ second: String) -> Bool {
        first == second || first.hasPrefix(second + "/") || second.hasPrefix(first + "/")
    }

    /// Each pod's newest version in the spec repos, with the lower bound of what that release
    /// required of the workspace's other pods; nil when no pod has one.
    static func versionsText(_ plan: PodsPlan, pods: PodsWorkspace) -> String? {
        let moduleOfPod = Dictionary(plan.modules.map { ($0.pod, $0.module) }, uniquingKeysWith: { first, _ in first })
        var released: [String: Podspec] = [:]
        for module in plan.modules {
            let location = pods.pods[module.pod]?.location ?? SourceLocation(path: "", line: 0, column: 0)
            guard let spec = try? pods.repos.spec(of: module.pod, requirements: [], at: location), SemanticVersion(spec.version) != nil else {
                continue
            }
            released[module.module] = spec
        }
        guard !released.isEmpty else { return nil }
        var record = VersionRecord(path: VersionRecord.fileName)
        for (module, spec) in released {
            var requires: [String: SemanticVersion] = [:]
            for dependency in ([spec.root] + spec.subspecs).flatMap(\.dependencies) {
                guard let used = moduleOfPod[dependency.pod], used != module, released[used] != nil,
                    let lower = try? PodRequirement(dependency.requirements).lowerBound, lower != SemanticVersion("0.0.0")
                else { continue }
                requires[used] = max(requires[used] ?? lower, lower)
            }
            record.entries[module] = VersionRecord.Entry(version: SemanticVersion(spec.version)!, requires: requires)
        }
        return record.rendered(order: plan.modules.map(\.module))
    }
}
