import Foundation
import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataGit
public import StrataManifest
import StrataPackageIdentity
public import StrataPublish

/// `strata migrate spec-repo`: every version of every pod in a private spec repo published to
/// one scope of a package registry, as the package the pods migration makes of the pod's
/// sources at that version.
///
/// Everything that can be known before the first release is sent is checked first, and every
/// problem reported together: the spec repo itself (``SpecRepoHistory``), a home for every
/// external pod, every release's source repository reachable with its tag, and every release
/// packaged and archived. Only then are the releases sent, in publishing order. A release the
/// registry already lists is skipped, so a run stopped by a failure is resumed by running it
/// again.
public struct SpecRepoImport: Sendable {
    /// The spec repo's folder (with or without `Specs/`).
    public var specRepo: String
    /// The registry scope the pods go to, the layer's.
    public var scope: String
    /// Git repositories to take pods' sources from instead of their podspecs' `source`: pod →
    /// URL or folder (a local clone).
    public var repositories: [String: String]
    /// `pods.yml`: the packages the spec repo's external pods come from.
    public var homes: PodHomes?
    /// Check and package every release, and send none.
    public var dryRun: Bool

    public init(specRepo: String, scope: String, repositories: [String: String] = [:], homes: PodHomes? = nil, dryRun: Bool = false) {
        self.specRepo = specRepo
        self.scope = scope
        self.repositories = repositories
        self.homes = homes
        self.dryRun = dryRun
    }

    /// What happened to one release.
    public struct Outcome: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The registry lists it already.
            case alreadyPublished
            /// Packaged and archived; not sent (a dry run).
            case packaged
            /// Sent; the registry gave this location.
            case published(location: String)
        }

        public var pod: String
        public var identity: String
        public var version: String
        public var kind: Kind
        /// The archive's size (0 for one already published).
        public var archiveBytes: Int

        /// `identity@version`, as ``SpecRepoHistory/Release/key``.
        var key: String { "\(identity)@\(version)" }
    }

    /// A release ready to send.
    struct Prepared {
        var release: SpecRepoHistory.Release
        var archive: Data
    }

    /// Runs the import against `upload`'s registry, calling `report` for each release as it is
    /// skipped, packaged (every release before the first is sent) and published, and `note` for what the team should know (each once).
    public func run(
        upload: PackageUpload, report: (Outcome) -> Void = { _ in }, note: (String) -> Void = { _ in }
    ) async throws -> [Outcome] {
        let history = try SpecRepoHistory.read(specRepo, scope: scope)
        try checkHomes(of: history.releases)
        var outcomes: [Outcome] = []
        for (identity, releases) in Dictionary(grouping: history.releases, by: \.identity).sorted(by: { $0.key < $1.key }) {
            let listed = Set(try await upload.versions(of: identity))
            for release in releases where listed.contains(release.version) {
                outcomes.append(
                    Outcome(pod: release.pod, identity: identity, version: release.version.description, kind: .alreadyPublished, archiveBytes: 0))
            }
        }
        let position = Dictionary(history.releases.enumerated().map { ($1.key, $0) }) { first, _ in first }
        outcomes.sort { position[$0.key, default: 0] < position[$1.key, default: 0] }
        outcomes.forEach(report)
        let skipped = Set(outcomes.map(\.key))
        let pending = history.releases.filter { !skipped.contains($0.key) }
        let sources = try await checkSources(of: pending)
        let prepared = try await prepare(pending, sources: sources, upload: upload, report: report, note: note)
        if dryRun { return outcomes + prepared.map { outcome(of: $0, .packaged) } }
        for item in prepared {
            let location = try await upload.publish(item.archive, as: item.release.identity, version: item.release.version.description)
            let published = outcome(of: item, .published(location: location))
            report(published)
            outcomes.append(published)
        }
        return outcomes
    }

    private func outcome(of item: Prepared, _ kind: Outcome.Kind) -> Outcome {
        Outcome(
            pod: item.release.pod, identity: item.release.identity, version: item.release.version.description, kind: kind,
            archiveBytes: item.archive.count)
    }

    // MARK: - Checks before anything is sent

    /// Every external pod a release depends on has a package in `pods.yml`.
    func checkHomes(of releases: [SpecRepoHistory.Release]) throws(InputErrors) {
        var problems: [Diagnostic] = []
        var reported = Set<String>()
        for release in releases {
            for external in release.externals where reported.insert(external.pod).inserted {
                if case .some(.some) = homes?.home(of: external.name) { continue }
                problems.append(
                    .inputError(
                        "missing-home",
                        "pod '\(release.pod)' \(release.version) depends on '\(external.name)', which the spec repo does not hold and no \(PodHomes.fileName) gives a package",
                        at: external.location,
                        hint: homes == nil
                            ? "pass --pods-yml FILE naming its package: '\(external.pod): { id: core.\(external.pod), from: 1.0.0, product: \(external.pod) }'"
                            : "give '\(external.pod)' a package in \(homes!.path)"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// Where each release's sources are: a git repository and a tag, branch or commit. Every
    /// repository is asked once for its tags and branches, so that a missing tag or a repository
    /// out of reach is found before anything is checked out.
    func checkSources(of releases: [SpecRepoHistory.Release]) async throws(InputErrors) -> [String: Source] {
        var sources: [String: Source] = [:]
        var problems: [Diagnostic] = []
        for release in releases {
            do throws(InputErrors) { sources[release.key] = try source(of: release) } catch { problems += error.diagnostics }
        }
        var references: [String: (tags: Set<String>, branches: Set<String>)] = [:]
        for url in Set(sources.values.map(\.url)).sorted() {
            do throws(GitError) { references[url] = try await GitRepository.remoteReferences(url) } catch {
                let users = releases.filter { sources[$0.key]?.url == url }
                problems.append(
                    .inputError(
                        error.id, "\(error.message) (the source of \(users.map { "\($0.pod) \($0.version)" }.joined(separator: ", ")))",
                        at: users.first.flatMap { sources[$0.key]?.location }, hint: error.hint))
            }
        }
        for release in releases {
            guard let source = sources[release.key], let known = references[source.url] else { continue }
            if case .name(let name) = source.revision, !known.tags.contains(name), !known.branches.contains(name) {
                problems.append(
                    .inputError(
                        "unknown-revision",
                        "'\(source.url)' has no tag or branch '\(name)', where \(release.pod) \(release.version)'s sources should be",
                        at: source.location, hint: "push the tag, or take the sources from a clone that has it: --repository \(release.pod)=PATH"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return sources
    }

    /// Where one release's sources are checked out from.
    struct Source: Sendable {
        var url: String
        var revision: Revision
        var location: SourceLocation

        enum Revision: Sendable {
            /// A tag or a branch.
            case name(String)
            case commit(String)

            var text: String {
                switch self {
                case .name(let name), .commit(let name): name
                }
            }
        }
    }

    private func source(of release: SpecRepoHistory.Release) throws(InputErrors) -> Source {
        let spec = release.spec
        let location = spec.source?.location ?? spec.location
        guard let given = spec.source,
            let revision = given.tag.map(Source.Revision.name) ?? given.commit.map(Source.Revision.commit) ?? given.branch.map(Source.Revision.name)
        else {
            throw InputErrors(
                .inputError(
                    "unsupported-source", "\(release.pod) \(release.version) names no git tag, branch or commit its sources are at", at: location,
                    hint: "a spec repo's import checks each version out of git: source = { :git => '…', :tag => s.version.to_s }"))
        }
        if let mapped = repositories[release.pod] { return Source(url: mapped, revision: revision, location: location) }
        guard let url = given.git else {
            throw InputErrors(
                .inputError(
                    "unsupported-source", "\(release.pod) \(release.version)'s source is not a git repository", at: location,
                    hint: "take its sources from a clone: --repository \(release.pod)=PATH"))
        }
        return Source(url: url, revision: revision, location: location)
    }

    // MARK: - Packaging

    /// Checks out, packages and archives every release, in a scratch folder removed afterwards;
    /// every problem is reported together.
    func prepare(
        _ releases: [SpecRepoHistory.Release], sources: [String: Source], upload: PackageUpload, report: (Outcome) -> Void, note: (String) -> Void
    ) async throws(InputErrors) -> [Prepared] {
        let scratch: ScratchFolder
        do { scratch = try ScratchFolder.make(for: "spec-repo") } catch {
            throw InputErrors(.inputError("write-failed", "cannot make a scratch folder for the checkouts: \(error)", at: nil))
        }
        defer { scratch.remove() }
        var prepared: [Prepared] = []
        var problems: [Diagnostic] = []
        var noted = Set<String>()
        for release in releases {
            guard let source = sources[release.key] else { continue }
            do throws(InputErrors) {
                let checkout = scratch.path + "/\(release.identity)-\(release.version)"
                try await checkOut(release, from: source, into: checkout)
                let package = try await SpecRepoPackage.make(release, checkout: checkout, homes: homes)
                for item in package.forTheTeam where noted.insert(item).inserted { note(item) }
                let archive = try await upload.archive(package.package, as: release.identity, version: release.version.description)
                let item = Prepared(release: release, archive: archive)
                report(outcome(of: item, .packaged))
                prepared.append(item)
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return prepared
    }

    private func checkOut(_ release: SpecRepoHistory.Release, from source: Source, into folder: String) async throws(InputErrors) {
        do {
            try await GitRepository.checkOut(source.url, at: source.revision.text, into: folder)
        } catch {
            throw InputErrors(
                .inputError(error.id, "\(release.pod) \(release.version): \(error.message)", at: source.location, hint: error.hint))
        }
    }
}
