import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataInit
import StrataManifest
import StrataPublish

/// `strata migrate spec-repo`: a private spec repo's history into a registry scope.
struct MigrateSpecRepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec-repo",
        abstract: "Publish every version of every pod of a CocoaPods spec repo to a scope of a package registry.",
        discussion: """
            Each version is taken from its podspec's source (a git tag, branch or commit; \
            --repository gives a local clone instead), made into a package as 'strata migrate' \
            makes a pod into a module, and published as scope.Module at the pod's version. \
            Dependencies on the repo's own pods become registry dependencies at the podspec's \
            requirements ('~> 1.2' is from 1.2.0 up to the next major, '~> 1.2.3' up to the next \
            minor, '>= 1.0, < 1.5' a range, no requirement every version the repo has); other pods \
            come from --pods-yml. Releases go out in dependency order, each pod's versions oldest \
            first. Before the first is sent everything is checked: versions are SemVer, no pods \
            depend on each other, every tag is in its repository, every release packages. A \
            release the registry lists is skipped, so after a failure the same command resumes. \
            The token is STRATA_REGISTRY_TOKEN or --token-file. See docs/MIGRATING-FROM-COCOAPODS.md.
            Exit status: 0 imported, 1 the registry refused a release or could not be reached, \
            2 bad input (nothing sent).

            Examples:
              Check and package every release, sending nothing ($R: the registry's URL):
                strata migrate spec-repo core-specs --scope core --registry $R --dry-run
              Import, the pods of other layers from pods.yml:
                strata migrate spec-repo specs --scope ui --registry $R --pods-yml pods.yml
              Take a pod's sources from a local clone:
                strata migrate spec-repo specs --scope core --registry $R --repository A=a
            """
    )

    @Argument(help: "The spec repo's folder (holding Specs/<Pod>/<version>/<Pod>.podspec).")
    var specRepo: String

    @Option(help: ArgumentHelp("The registry scope the pods are published to (the layer's).", valueName: "scope"))
    var scope: String

    @Option(help: ArgumentHelp("The registry's URL.", valueName: "url"))
    var registry: String

    @Option(help: ArgumentHelp("A file holding the registry token (default: $STRATA_REGISTRY_TOKEN).", valueName: "file"))
    var tokenFile: String?

    @Option(
        help: ArgumentHelp(
            "Take a pod's sources from this git repository (a URL or a local clone) instead of its podspec's source; repeatable.",
            valueName: "pod=repository"))
    var repository: [String] = []

    @Option(help: ArgumentHelp("A pods.yml giving the packages of the pods the spec repo depends on but does not hold.", valueName: "file"))
    var podsYml: String?

    @Flag(help: "Check and package every release, and publish none.")
    var dryRun = false

    func validate() throws {
        for mapping in repository where !mapping.contains("=") || mapping.hasPrefix("=") || mapping.hasSuffix("=") {
            throw ValidationError("--repository takes POD=REPOSITORY, as in --repository Network=../network (got '\(mapping)')")
        }
    }

    func run() async throws {
        let homes = try podsYml.map { path throws(InputErrors) in try PodHomes.parse(data: Data(InputFile.bytes(path)), path: path) }
        let repositories = Dictionary(
            repository.map { mapping in
                let equals = mapping.firstIndex(of: "=")!
                return (String(mapping[..<equals]), Self.repository(String(mapping[mapping.index(after: equals)...])))
            }, uniquingKeysWith: { _, last in last })
        let specRepoImport = SpecRepoImport(specRepo: specRepo, scope: scope, repositories: repositories, homes: homes, dryRun: dryRun)
        try await exitingOnRegistryFailure(afterward: "releases sent so far stay published, and the same command resumes") {
            let upload = try PackageUpload(registryURL: registry, tokenFile: tokenFile, readOnly: dryRun)
            let dryRun = dryRun
            let outcomes = try await specRepoImport.run(
                upload: upload,
                report: { outcome in
                    if case .packaged = outcome.kind, !dryRun {
                        Terminal.standardError("strata: packaged \(outcome.identity) \(outcome.version) (\(outcome.archiveBytes) bytes)")
                    } else {
                        Terminal.standardOutput(Self.line(outcome, upload: upload))
                    }
                },
                note: { Terminal.standardError("strata: note: \($0)") })
            Terminal.standardError("strata: \(Self.summary(outcomes, dryRun: dryRun))")
        }
    }

    /// A repository as git is given it: a URL (`https://…`, `git@host:…`) as written, a folder
    /// from the current one.
    static func repository(_ given: String) -> String {
        let isURL = given.contains("://") || (given.firstIndex(of: ":").map { !given[..<$0].contains("/") } ?? false)
        return isURL ? given : PathResolution.resolve(given, in: FileManager.default.currentDirectoryPath)
    }

    static func line(_ outcome: SpecRepoImport.Outcome, upload: PackageUpload) -> String {
        switch outcome.kind {
        case .alreadyPublished: "already published \(outcome.identity) \(outcome.version) (pod \(outcome.pod))\n"
        case .packaged:
            "would publish \(outcome.identity) \(outcome.version) (pod \(outcome.pod), \(outcome.archiveBytes) bytes) to \(upload.url(of: outcome.identity, version: outcome.version))\n"
        case .published(let location):
            "published \(outcome.identity) \(outcome.version) (pod \(outcome.pod), \(outcome.archiveBytes) bytes): \(location)\n"
        }
    }

    static func summary(_ outcomes: [SpecRepoImport.Outcome], dryRun: Bool) -> String {
        let skipped = outcomes.filter { $0.kind == .alreadyPublished }.count
        let sent = outcomes.count - skipped
        let pods = Set(outcomes.map(\.pod)).count
        let done = dryRun ? "\(sent) to publish (dry run; nothing sent)" : "\(sent) published"
        return
            "\(outcomes.count) release\(outcomes.count == 1 ? "" : "s") of \(pods) pod\(pods == 1 ? "" : "s"): \(done), \(skipped) already in the registry"
    }
}
