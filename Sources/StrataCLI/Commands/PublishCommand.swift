import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataPublish

/// `strata publish`: modules to their layers' scopes in the workspace's registry.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish modules to their layers' scopes in the package registry.",
        discussion: """
            The registry and each layer's scope come from strata.yml ('registry: { url, scopes }'). In \
            generate mode each module is published as a package of its own, whatever the layout: its \
            targets, and a Package.swift that depends on the other modules through their registry \
            identities (at least their newest release, or the version published in the same run); \
            modules go after the modules they depend on, and packages of the workspace's folders with \
            a registry 'id:' are published first when the registry lacks them. In adopt mode a module's \
            package is published as it is, and must hold modules of one layer. Archives are made by \
            'swift package archive-source'; the version is --version or a '<Module>/<version>' tag on \
            HEAD; the token is STRATA_REGISTRY_TOKEN or --token-file. See docs/REGISTRY.md.
            Exit status: 0 published, 1 the registry refused a release (it exists, no permission, …) \
            or could not be reached, 2 bad input.

            Examples:
              What would be published, without publishing:
                strata publish --all --dry-run
              Publish one module at a version:
                strata publish Telemetry --version 1.2.0
            """
    )

    @Argument(help: "The modules to publish.")
    var modules: [String] = []

    @Flag(help: "Publish every module (generate mode).")
    var all = false

    @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(help: ArgumentHelp("The version to publish (default: each module's '<Module>/<version>' tag on HEAD).", valueName: "version"))
    var version: String?

    @Option(help: ArgumentHelp("The registry's URL instead of strata.yml's 'registry.url'.", valueName: "url"))
    var registry: String?

    @Option(help: ArgumentHelp("A file holding the registry token (default: $STRATA_REGISTRY_TOKEN).", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Make the archives and say what would be published, without publishing.")
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "Write each package as it would be published into this folder (<folder>/<scope>.<Name>) instead of publishing it: for 'swift package-registry publish', or to review.",
            valueName: "folder"))
    var output: String?

    func validate() throws {
        if all && !modules.isEmpty { throw ValidationError("name modules or pass --all, not both") }
        if dryRun && output != nil { throw ValidationError("--dry-run and --output do not go together: --output publishes nothing") }
    }

    func run() async throws {
        let publication = Publication(
            path: path, modules: modules, all: all, version: version, tokenFile: tokenFile, registryURL: registry, dryRun: dryRun,
            outputFolder: output)
        let dryRun = dryRun
        try await exitingOnRegistryFailure {
            _ = try await publication.run { outcome in
                let needed = outcome.neededBy.map { ", needed by \($0)" } ?? ""
                if let written = outcome.writtenTo {
                    Terminal.standardOutput(
                        "wrote \(outcome.identifier) \(outcome.version)\(needed.isEmpty ? "" : " (\(needed.dropFirst(2)))") to \(written)\n")
                } else if dryRun {
                    Terminal.standardOutput(
                        "would publish \(outcome.identifier) \(outcome.version) (\(outcome.archiveBytes) bytes\(needed)) to \(outcome.url)\n")
                } else {
                    Terminal.standardOutput(
                        "published \(outcome.identifier) \(outcome.version) (\(outcome.archiveBytes) bytes\(needed)): \(outcome.location ?? outcome.url)\n"
                    )
                }
            }
        }
    }
}
