import Foundation
package import StrataCocoaPods
package import StrataDiagnostics
import StrataFileSystem
public import StrataGenerate
package import StrataManifest
import StrataPackageIdentity
import StrataWorkspace

/// One release of a spec repo's pod as the package a registry gets: the pods migration run on the
/// pod's sources at that release (checked out in a folder of their own), with the repo's other
/// pods as registry packages at the requirements the podspec gave, and external pods where the
/// team's `pods.yml` says. The migration's proof must hold: the package builds the Swift files
/// the pod built.
public struct SpecRepoPackage: Sendable {
    /// The generate-mode strata.yml the package was made from.
    public var manifestText: String
    /// The package as it is published: Package.swift and the folders that go into it.
    public var package: PublishedPackage
    /// What SwiftPM cannot say about this release, for the team.
    public var forTheTeam: [String]

    /// The package of `release`, whose sources are checked out in `checkout` (a scratch folder
    /// this writes its strata.yml, podspec and pods.yml into). `homes` gives the external pods'.
    package static func make(
        _ release: SpecRepoHistory.Release, checkout: String, homes: PodHomes?
    ) async throws(InputErrors) -> SpecRepoPackage {
        let spec = release.spec
        let podspec = checkout + "/" + PathResolution.name(of: spec.path)
        let manifestPath = checkout + "/strata.yml"
        try write(InputFile.bytes(spec.path), to: podspec)
        try write(Array(manifest(for: podspec).utf8), to: manifestPath)
        try write(Array(homesText(release, homes: homes).utf8), to: checkout + "/" + PodHomes.fileName)

        let loaded = try await WorkspaceLoader().load(manifestAt: manifestPath)
        let migration = try await PodsMigration.migrate(loaded, manifestText: manifest(for: podspec))
        guard migration.differences.isEmpty, migration.withoutHome.isEmpty else {
            let reasons = migration.withoutHome.map { "pod '\($0)' has no home in pods.yml" } + migration.differences
            throw InputErrors(
                .inputError(
                    "unsupported-migration", "\(spec.name) \(release.version) cannot be packaged as it was built: \(reasons.joined(separator: "; "))",
                    at: spec.versionLocation ?? spec.location, hint: "give its external pods a home in pods.yml, or publish this release by hand"))
        }
        let migrated = try ManifestLoader.parse(data: Data(migration.manifestText.utf8), path: manifestPath)
        let workspace = try await WorkspaceLoader().load(manifest: migrated).workspace
        let package = try PublishedPackage.make(
            module: spec.module, in: workspace, registry: RegistryReferences(identities: [:], versions: [:]))
        return SpecRepoPackage(manifestText: migration.manifestText, package: package, forTheTeam: migration.forTheTeam)
    }

    /// An adopt-mode strata.yml that reads the one podspec, in one layer.
    static func manifest(for podspec: String) -> String {
        "layers: [{ name: pods, patterns: [\"*\"] }]\nadopt: { packages: [], podspecs: [\(MigratedManifest.quoted(PathResolution.name(of: podspec)))] }\n"
    }

    /// `pods.yml` for the release: the repo's pods from the registry at the podspec's
    /// requirements, then the team's homes for every other pod.
    static func homesText(_ release: SpecRepoHistory.Release, homes: PodHomes?) -> String {
        var lines = ["pods:"]
        for dependency in release.dependencies {
            let home = PodHomes.Home(
                source: .registry(dependency.identity), requirement: requirement(dependency.requirement),
                product: String(dependency.identity.split(separator: ".").last ?? ""), location: release.spec.location)
            lines.append("  \(ManifestEditor.scalar(dependency.pod)): { \(fields(of: home)) }")
        }
        for pod in homes?.entries.keys.sorted() ?? [] where !release.dependencies.contains(where: { $0.pod == pod }) {
            guard case .some(.some(var home)) = homes?.entries[pod] else { continue }
            if case .registry = home.source, let translated = podspecRequirement(on: pod, in: release) { home.requirement = translated }
            lines.append("  \(ManifestEditor.scalar(pod)): { \(fields(of: home)) }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The requirement the release's podspec puts on the external `pod`, for a home in a
    /// package registry: a pod another spec repo's import published keeps its pod versions, so
    /// each release asks for what its podspec asked for. Nil when the podspec names no bounded
    /// requirement (the home's own then stands).
    static func podspecRequirement(on pod: String, in release: SpecRepoHistory.Release) -> ExternalPackageDeclaration.Requirement? {
        let written = release.externals.filter { $0.name == pod || $0.pod == pod }.flatMap(\.requirements)
        guard !written.isEmpty, let parsed = try? PodRequirement(written) else { return nil }
        if case .openEnded = parsed { return nil }
        return requirement(parsed)
    }

    private static func fields(of home: PodHomes.Home) -> String {
        (home.packageFields + ["product: \(ManifestEditor.scalar(home.product))"]).joined(separator: ", ")
    }

    /// A podspec requirement as strata.yml says it. One with no upper bound ("any later
    /// version") is from its lower bound up to the next major: SwiftPM has nothing wider.
    static func requirement(_ requirement: PodRequirement) -> ExternalPackageDeclaration.Requirement {
        switch requirement {
        case .upToNextMajor(let version), .openEnded(let version): .from(version.description)
        case .upToNextMinor(let version): .upToNextMinor(version.description)
        case .exact(let version): .exact(version.description)
        case .range(let lower, let upper): .range(lower.description, upper.description)
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(InputErrors) {
        do {
            try AtomicFileWriter.write(Data(bytes), to: path)
        } catch {
            throw InputErrors(.inputError("write-failed", "cannot write '\(path)': \(error)", at: .file(path)))
        }
    }
}
