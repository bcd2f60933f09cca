import Foundation
import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataWorkspace

extension PodsPlanner {
    // MARK: Test and app specs

    /// The pod's first `test_spec` as the module's tests target; further ones are said for the team.
    mutating func testsPlan(of spec: Podspec, files: PodFiles, module: String) -> PodsPlan.TargetPlan? {
        guard let first = spec.testSpecs.first else { return nil }
        for extra in spec.testSpecs.dropFirst() {
            let name = CocoaPodsFormat.testTargetName(extra, of: spec)
            plan.notMigrated.insert(name)
            plan.forTheTeam.append(
                "pod '\(spec.name)': test spec '\(extra.name)' is not migrated: a module has one tests target; merge its tests into '\(naming.tests.name(for: module))'"
            )
        }
        let classified = files.classify(first)
        let adopted = CocoaPodsFormat.testTargetName(first, of: spec)
        guard !classified.swift.isEmpty else {
            plan.notMigrated.insert(adopted)
            plan.forTheTeam.append("pod '\(spec.name)': test spec '\(first.name)' has no Swift sources, so the module has no tests target")
            return nil
        }
        var tests = targetPlan(files: files, sources: classified.swift, resources: classified.resources)
        (tests.dependencies, tests.products) = dependencies(of: [first], in: spec)
        addSettings(of: spec, parts: [first], to: &tests)
        plan.names[adopted] = naming.tests.name(for: module)
        return tests
    }

    /// Each `app_spec` as an app (`<Module><Name>`) that depends on its pod and what the spec names.
    mutating func addAppSpecs(of spec: Podspec) {
        let files = files(of: spec)
        for app in spec.appSpecs {
            let adopted = CocoaPodsFormat.appTargetName(app, of: spec)
            let key = spec.module + SwiftIdentifier.moduleName(ofTarget: String(app.name.split(separator: "/").last ?? "App"))
            let classified = files.classify(app)
            guard !classified.swift.isEmpty else {
                plan.notMigrated.insert(adopted)
                plan.forTheTeam.append("pod '\(spec.name)': app spec '\(app.name)' has no Swift sources, so it is not migrated")
                continue
            }
            let target = targetPlan(files: files, sources: classified.swift, resources: classified.resources)
            var entry = PodsPlan.AppPlan(name: key, path: target.path, isHost: isTestHost(adopted))
            let (modules, products) = dependencies(of: [app], in: spec)
            entry.dependencies = [spec.module] + modules.filter { $0 != spec.module }
            entry.products = products
            if target.exclude.count + target.resources.count > 0 {
                plan.forTheTeam.append(
                    "app '\(key)' (app spec '\(app.name)'): its folder '\(target.path)' holds files it does not build; apps in strata.yml take no 'exclude:', so move them out"
                )
            }
            plan.names[adopted] = naming.app.name(for: key)
            plan.apps.append(entry)
        }
    }

    // MARK: Podfile targets

    /// The Podfile's targets as apps depending on their pods; nested (test) targets stay in the
    /// Xcode project. An app's sources are taken from `<Podfile folder>/<Target>` when that
    /// folder holds Swift files (Xcode's layout), else from generate mode's default folder.
    mutating func addPodfileTargets() throws(InputErrors) {
        guard let podfile = pods.podfile else { return }
        let folder = PathResolution.parent(of: podfile.path)
        var problems: [Diagnostic] = []
        for target in podfile.targets {
            if target.isNested {
                plan.notMigrated.insert(target.name)
                plan.forTheTeam.append(
                    "Podfile target '\(target.name)' is a test bundle of the Xcode project: it stays there, linking the migrated packages instead of the pods"
                )
                continue
            }
            if let problem = SwiftIdentifier.problem(with: target.name, kind: "app", at: target.location) {
                problems.append(problem)
                continue
            }
            var app = PodsPlan.AppPlan(name: target.name, isHost: isTestHost(target.name))
            let linked = target.pods + (target.inheritsSearchPathsOnly ? [] : target.inherited)
            (app.dependencies, app.products) = dependencies(linked.map(Self.dependency), in: nil)
            let candidate = folder + "/" + target.name
            if Self.holdsSwiftFiles(candidate) {
                app.path = PathResolution.relative(candidate, from: root)
                plan.forTheTeam.append(
                    "app '\(target.name)': its sources are taken from '\(app.path!)', the folder named after it beside the Podfile (Xcode's layout); check that it holds the app's code and nothing else"
                )
            } else {
                plan.forTheTeam.append(
                    "app '\(target.name)': its sources are in the Xcode project; generate mode builds it from 'Sources/\(naming.app.name(for: target.name))' (move them there, or set its 'path:')"
                )
            }
            plan.names[target.name] = naming.app.name(for: target.name)
            plan.apps.append(app)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// Whether the workspace reads the target as a test or demo host (`adopt.hosts`).
    private func isTestHost(_ name: String) -> Bool {
        app(name)?.isTestHost ?? false
    }

    private static func dependency(_ pod: PodfilePod) -> PodDependency {
        PodDependency(name: pod.name, requirements: pod.requirements, platform: nil, location: pod.location)
    }

    private static func holdsSwiftFiles(_ folder: String) -> Bool {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return false }
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".swift") && !path.hasPrefix(".") { return true }
        }
        return false
    }

    // MARK: Platforms

    /// `generate.platforms`: per platform, the highest deployment target a pod asks for (each
    /// package supports what its most demanding pod needs); said for the team when pods differ.
    mutating func addPlatforms() {
        var versions: [String: [String]] = [:]
        for spec in pods.pods.values {
            for case (let platform, let version?) in spec.deploymentTargets {
                guard let name = PodPlatform.swiftPM(platform) else { continue }
                versions[name, default: []].append(version)
            }
        }
        for name in versions.keys.sorted() {
            let sorted = versions[name]!.sorted { SpecRepos.compare($0, $1) < 0 }
            plan.platforms.append((name, sorted.last!))
            if SpecRepos.compare(sorted.first!, sorted.last!) != 0 {
                plan.forTheTeam.append(
                    "pods ask for \(name) \(sorted.first!) to \(sorted.last!): 'generate.platforms' holds one deployment target per platform, the highest, \(sorted.last!)"
                )
            }
        }
    }
}
