package import StrataDiagnostics
import StrataFileSystem
import StrataGraph
import StrataManifest
package import StrataPackageIdentity
package import StrataProjectFormat

/// A private spec repo's history as a package registry takes it: every version of every pod
/// (`Specs/<Pod>/<version>/<Pod>.podspec(.json)`), each under its registry identity
/// (`scope.Module`), in an order it can be published in — a pod's versions after every version
/// of the pods it depends on, oldest first — with its dependencies on the repo's other pods as
/// SwiftPM requirements.
///
/// What a registry cannot take is an error at its line: a version that is not SemVer (`1.0`,
/// `1.0.0.1`), a podspec whose name or version is not its folder's, a requirement SwiftPM cannot
/// say or no version of the repo meets, and pods that depend on each other.
package struct SpecRepoHistory: Sendable {
    /// One version of one pod.
    package struct Release: Sendable {
        package var pod: String
        /// `scope.Module`, by the module name of the pod's newest version (a registry package
        /// keeps one identity across its versions).
        package var identity: String
        package var version: SemanticVersion
        package var spec: Podspec
        /// Pods of the same repo it depends on, by identity, with the SwiftPM requirement.
        package var dependencies: [Dependency]
        /// Pods of other repos it depends on: each needs a home (`pods.yml`).
        package var externals: [PodDependency]

        /// `identity@version`: the release, as a key.
        package var key: String { "\(identity)@\(version)" }
    }

    package struct Dependency: Sendable, Equatable {
        package var pod: String
        package var identity: String
        package var requirement: PodRequirement
    }

    package var releases: [Release]

    /// Reads the spec repo at `folder` (with or without `Specs/`) for `scope`.
    package static func read(_ folder: String, scope: String, files: any WorkspaceFiles = LocalFiles()) throws(InputErrors) -> SpecRepoHistory {
        let specs = files.exists(folder + "/Specs") ? folder + "/Specs" : folder
        var problems: [Diagnostic] = []
        var byPod: [String: [Release]] = [:]
        for pod in files.children(of: specs).filter({ !$0.hasPrefix(".") }).sorted() {
            for version in files.children(of: specs + "/" + pod).filter({ !$0.hasPrefix(".") }).sorted() {
                do throws(InputErrors) {
                    let spec = try podspec(pod, version, in: specs, files: files)
                    guard let semantic = try semanticVersion(of: spec, folder: version) else { continue }
                    byPod[pod, default: []].append(
                        Release(pod: pod, identity: "\(scope).\(spec.module)", version: semantic, spec: spec, dependencies: [], externals: []))
                } catch {
                    problems += error.diagnostics
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        // One identity per pod, whatever module name its older versions had: the newest one's.
        for pod in byPod.keys {
            let newest = byPod[pod]!.max { $0.version < $1.version }!
            for index in byPod[pod]!.indices { byPod[pod]![index].identity = newest.identity }
        }
        for pod in byPod.keys.sorted() {
            for index in byPod[pod]!.indices {
                do throws(InputErrors) { try resolveDependencies(of: &byPod[pod]![index], in: byPod) } catch { problems += error.diagnostics }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return SpecRepoHistory(releases: try publishingOrder(byPod).flatMap { byPod[$0]!.sorted { $0.version < $1.version } })
    }

    /// The podspec of `pod` at `version`, which must name that pod and that version.
    private static func podspec(_ pod: String, _ version: String, in specs: String, files: any WorkspaceFiles) throws(InputErrors) -> Podspec {
        let base = "\(specs)/\(pod)/\(version)/\(pod)"
        guard let path = [base + ".podspec.json", base + ".podspec"].first(where: files.exists) else {
            throw InputErrors(
                .inputError(
                    "invalid-podspec", "the spec repo's folder '\(pod)/\(version)' holds no \(pod).podspec or \(pod).podspec.json",
                    at: .file("\(specs)/\(pod)/\(version)"), hint: "a spec repo keeps each version as Specs/<Name>/<version>/<Name>.podspec(.json)"))
        }
        let spec = try Podspec.read(at: path, files: files)
        guard spec.name == pod else {
            throw InputErrors(
                .inputError(
                    "invalid-podspec", "the podspec in the spec repo's folder '\(pod)' is pod '\(spec.name)'", at: spec.location,
                    hint: "a spec repo keeps each pod's versions in a folder named after it"))
        }
        return spec
    }

    /// The spec's version as SemVer; it must be its folder's.
    private static func semanticVersion(of spec: Podspec, folder: String) throws(InputErrors) -> SemanticVersion? {
        let location = spec.versionLocation ?? spec.location
        guard spec.version == folder else {
            throw InputErrors(
                .inputError(
                    "invalid-podspec", "pod '\(spec.name)' says version '\(spec.version)' in the spec repo's folder '\(folder)'", at: location,
                    hint: "the folder and the podspec's version must agree"))
        }
        guard let version = SemanticVersion(spec.version) else {
            throw InputErrors(
                .inputError(
                    "not-semver", "version '\(spec.version)' of pod '\(spec.name)' is not a semantic version (major.minor.patch)", at: location,
                    hint: "a package registry takes SemVer versions only (SE-0292): publish this release of the pod under one by hand"))
        }
        return version
    }

    /// The release's dependencies (the root spec's and its default subspecs', as a plain
    /// `pod 'Name'` brings them): the repo's pods with SwiftPM requirements some version meets,
    /// and the other pods as externals.
    private static func resolveDependencies(of release: inout Release, in byPod: [String: [Release]]) throws(InputErrors) {
        let spec = release.spec
        let defaults = spec.defaultSubspecs.map { Set($0.map { "\(spec.name)/\($0)" }) }
        let parts = [spec.root] + spec.subspecs.filter { defaults?.contains($0.name) ?? true }
        var problems: [Diagnostic] = []
        for dependency in parts.flatMap(\.dependencies) where dependency.pod != spec.name {
            guard let versions = byPod[dependency.pod] else {
                if !release.externals.contains(where: { $0.pod == dependency.pod }) { release.externals.append(dependency) }
                continue
            }
            do throws(PodRequirement.Problem) {
                let requirement = try PodRequirement(dependency.requirements)
                guard versions.contains(where: { Self.meets($0.version, requirement) }) else {
                    problems.append(
                        .inputError(
                            "unknown-dependency",
                            "no version of pod '\(dependency.pod)' in the spec repo meets \(dependency.requirements.map { "'\($0)'" }.joined(separator: ", "))",
                            at: dependency.location, hint: "the repo has \(versions.map(\.version.description).joined(separator: ", "))"))
                    continue
                }
                if !release.dependencies.contains(where: { $0.pod == dependency.pod }) {
                    release.dependencies.append(
                        Dependency(pod: dependency.pod, identity: versions[0].identity, requirement: bounded(requirement, by: versions)))
                }
            } catch {
                problems.append(
                    .inputError(
                        "unsupported-requirement", "pod '\(spec.name)' requires '\(dependency.pod)' \(error.description)",
                        at: dependency.location, hint: "SwiftPM takes one version range per dependency"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// `requirement` as SwiftPM can say it. One with no upper bound ("any later version", which
    /// SwiftPM has no word for) takes every version the repo has from its lower bound: up to the
    /// next major of the newest one.
    static func bounded(_ requirement: PodRequirement, by versions: [Release]) -> PodRequirement {
        guard case .openEnded(let lower) = requirement, let newest = versions.map(\.version).filter({ lower <= $0 }).max() else {
            return requirement
        }
        return newest.major == lower.major ? .upToNextMajor(from: lower) : .range(lower, newest.nextMajor)
    }

    /// Whether CocoaPods takes `version` for `requirement`: no upper bound (nothing written, or
    /// only `>=`) is any later version, which SwiftPM cannot say (``PodRequirement/note``).
    static func meets(_ version: SemanticVersion, _ requirement: PodRequirement) -> Bool {
        if case .openEnded(let lower) = requirement { return lower <= version }
        return requirement.allows(version)
    }

    /// The pods in an order where each comes after the pods it depends on; pods that depend on
    /// each other are an error at one of the dependencies that close the cycle.
    private static func publishingOrder(_ byPod: [String: [Release]]) throws(InputErrors) -> [String] {
        let pods = byPod.keys.sorted()
        let uses = { (pod: String) in Array(Set(byPod[pod]!.flatMap { $0.dependencies.map(\.pod) })) }
        let graph = Digraph.usedBeforeUsers(pods, uses: uses)
        if let order = graph.topologicalOrder() { return order.map { pods[$0] } }
        let cycle = graph.cyclicComponents().first!.map { pods[$0] }.sorted()
        let first = cycle[0]
        let release = byPod[first]!.first { $0.dependencies.contains { cycle.contains($0.pod) } }!
        let dependency =
            release.spec.root.dependencies.first { cycle.contains($0.pod) }
            ?? release.spec.subspecs.flatMap(\.dependencies).first { cycle.contains($0.pod) }!
        throw InputErrors(
            .inputError(
                "dependency-cycle", "pods \(cycle.map { "'\($0)'" }.joined(separator: ", ")) depend on each other, so none can be published first",
                at: dependency.location, hint: "a registry package cannot depend on one published after it: break the cycle in the pods"))
    }
}
