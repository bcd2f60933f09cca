import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataInit
import StrataManifest
import StrataReport
import StrataWorkspace

/// `strata migrate`: turn an adopt-mode strata.yml into a generate-mode one.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Turn an adopt-mode workspace into a generate-mode strata.yml whose graph is the packages' graph.",
        discussion: """
            Lists every module (layer, interface, mocks, tests, linkage, dependencies, external products, \
            paths), the apps and the external packages with their version requirements; keeps name, owners, \
            rules and the other sections as written. Before writing, it loads the new strata.yml and compares \
            its graph with the packages' one: every target, layer, linkage, source folder and dependency must \
            agree (edges generate mode adds by convention are allowed). Then 'strata generate --force' writes \
            the Package.swift files from it.
            Exit status: 0 migrated, 2 bad input or graphs that differ (nothing written unless --force).

            Examples:
              Show the generate-mode strata.yml without writing it:
                strata migrate --dry-run
              Migrate, then let strata write the Package.swift files:
                strata migrate && strata generate --force
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Flag(help: "Print the migrated strata.yml and write nothing.")
    var dryRun = false

    @Flag(help: "Write the migrated strata.yml even where its graph differs from the packages' one.")
    var force = false

    @OptionGroup var lockOptions: LockOptions

    func run() async throws {
        let display = PathDisplay()
        let lock = try lockOptions.lock(path, mode: dryRun ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let migration: AdoptMigration
        let manifestPath: String = try WorkspaceLoader.locateManifest(path)
        let loaded = try await WorkspaceLoader().load(manifestAt: manifestPath)
        let old = try InputFile.text(manifestPath)
        migration = try await AdoptMigration.migrate(loaded, manifestText: old)
        for difference in migration.differences { Terminal.standardError("strata: warning: \(difference)") }
        let agrees = migration.differences.isEmpty
        Terminal.standardError(
            "strata: \(migration.moduleCount) module\(migration.moduleCount == 1 ? "" : "s") and \(migration.appCount) app\(migration.appCount == 1 ? "" : "s"); "
                + (agrees
                    ? "the migrated graph is the packages' graph (plus \(migration.conventionalEdges) edges generate mode adds by convention)"
                    : "the migrated graph differs from the packages' graph in \(migration.differences.count) way\(migration.differences.count == 1 ? "" : "s")")
        )
        if dryRun {
            Terminal.standardOutput(migration.manifestText)
            Terminal.standardError("strata: dry run; nothing written")
            if !agrees { throw ExitCode(2) }
            return
        }
        guard agrees || force else {
            Terminal.standardError("strata: error: nothing written; fix the differences above, or write it anyway with --force")
            throw ExitCode(2)
        }
        do {
            try AtomicFileWriter.write(Data(migration.manifestText.utf8), to: manifestPath)
        } catch {
            throw InputErrors(.inputError("write-failed", "cannot write strata.yml: \(error)", at: .file(manifestPath)))
        }
        Terminal.standardError(
            "strata: wrote \(display(manifestPath)) in generate mode; next: 'strata generate --force' replaces the hand-written Package.swift files with generated ones"
        )
    }
}
