import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataPublish

/// `strata publish`: a module's package to its layer's scope in the workspace's registry.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a module's package to its layer's scope in the package registry.",
        discussion: """
            The registry and each layer's scope come from strata.yml ('registry: { url, scopes }'). The \
            module must be a package of its own (the packages layout, or an adopt-mode package whose \
            modules share one layer). The source archive is made by 'swift package archive-source'; \
            the version is --version or a '<Module>/<version>' tag on HEAD; the token is \
            STRATA_REGISTRY_TOKEN or --token-file. See docs/REGISTRY.md.
            Exit status: 0 published, 1 the registry refused it (the release exists, no permission, …) \
            or could not be reached, 2 bad input.
            """
    )

    @Argument(help: "The module to publish.")
    var module: String

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(help: ArgumentHelp("The version to publish (default: the '<Module>/<version>' tag on HEAD).", valueName: "version"))
    var version: String?

    @Option(help: ArgumentHelp("A file holding the registry token (default: $STRATA_REGISTRY_TOKEN).", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Make the archive and say what would be published, without publishing.")
    var dryRun = false

    func run() async throws {
        let outcome: PublishOutcome
        do {
            outcome = try await PublishQuery(path: path, module: module, version: version, tokenFile: tokenFile, dryRun: dryRun).run()
        } catch let error as InputErrors {
            Terminal.standardError(error.diagnostics)
            throw ExitCode(2)
        } catch let refusal as RegistryRefusal {
            Terminal.standardError("strata: error: \(refusal.description)")
            throw ExitCode(1)
        } catch {
            Terminal.standardError("strata: error: cannot reach the registry: \(error)")
            throw ExitCode(1)
        }
        if dryRun {
            Terminal.standardOutput("would publish \(outcome.identifier) \(outcome.version) (\(outcome.archiveBytes) bytes) to \(outcome.url)\n")
        } else {
            Terminal.standardOutput(
                "published \(outcome.identifier) \(outcome.version) (\(outcome.archiveBytes) bytes): \(outcome.location ?? outcome.url)\n")
        }
    }
}
