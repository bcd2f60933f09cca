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

/// `strata migrate`: from adopt mode to generate mode, and a spec repo's pods into a registry.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a workspace to generate mode, or a CocoaPods spec repo's history into a package registry.",
        discussion: """
            'strata migrate [PATH]' is 'strata migrate workspace [PATH]': an adopt-mode workspace \
            (packages or pods) becomes a generate-mode strata.yml whose graph is its graph. \
            'strata migrate spec-repo' publishes every version of every pod of a private spec repo \
            to a scope of a package registry. 'strata migrate tags' tags the migration commit with \
            each migrated pod's last version, where the release train continues. See \
            docs/MIGRATING-FROM-COCOAPODS.md.

            Examples:
              Show the generate-mode strata.yml without writing it:
                strata migrate --dry-run
              Import a layer's spec repo into its registry scope:
                strata migrate spec-repo core-specs --scope core --registry $URL
            """,
        subcommands: [MigrateWorkspaceCommand.self, MigrateSpecRepoCommand.self, MigrateTagsCommand.self],
        defaultSubcommand: MigrateWorkspaceCommand.self
    )
}

/// `strata migrate workspace`: turn an adopt-mode strata.yml into a generate-mode one.
struct MigrateWorkspaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workspace",
        abstract: "Turn an adopt-mode workspace (packages or pods) into a generate-mode strata.yml whose graph is its graph.",
        discussion: """
            Packages: lists every module (layer, interface, mocks, tests, linkage, dependencies, external \
            products, paths), the apps and the external packages with their version requirements; then \
            'strata generate --force' writes the Package.swift files from it.
            Pods (adopt.podspecs, adopt.podfile): each pod becomes a module built from its folder (path, \
            exclude, resources, system frameworks, Swift language mode; subspecs in use merged, the first test \
            spec its tests), app specs and Podfile targets apps, external pods the packages pods.yml names \
            (written for the team when missing). What SwiftPM cannot say is printed as notes, never dropped \
            silently. See docs/MIGRATING-FROM-COCOAPODS.md.
            Either way name, owners, rules and the other sections are kept as written, and before writing \
            the new strata.yml is loaded and its graph compared with the old one: every target, layer, \
            linkage, source and dependency must agree (edges generate mode adds by convention are allowed).
            Exit status: 0 migrated, 2 bad input or graphs that differ (nothing written unless --force).

            Examples:
              Show the generate-mode strata.yml without writing it:
                strata migrate workspace --dry-run
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
        let lock = try lockOptions.lock(path, mode: dryRun ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let manifestPath: String = try WorkspaceLoader.locateManifest(path)
        let loaded = try await WorkspaceLoader().load(manifestAt: manifestPath)
        let old = try InputFile.text(manifestPath)
        if PodsMigration.applies(to: loaded.workspace.manifest) {
            try await migratePods(loaded, old: old, manifestPath: manifestPath)
            return
        }
        let migration = try await AdoptMigration.migrate(loaded, manifestText: old)
        let summary = "\(Self.count(migration.moduleCount, "module")) and \(Self.count(migration.appCount, "app"))"
        try finish(
            text: migration.manifestText, differences: migration.differences, conventional: migration.conventionalEdges, summary: summary,
            of: "the packages' graph", manifestPath: manifestPath,
            next: "'strata generate --force' replaces the hand-written Package.swift files with generated ones")
    }

    /// A CocoaPods workspace: the list for the team first, then `pods.yml` if there was none,
    /// then strata.yml once the graphs agree.
    private func migratePods(_ loaded: LoadedWorkspace, old: String, manifestPath: String) async throws {
        let migration = try await PodsMigration.migrate(loaded, manifestText: old)
        for item in migration.forTheTeam { Terminal.standardError("strata: note: \(item)") }
        let homesPath = PathResolution.parent(of: manifestPath) + "/" + PodHomes.fileName
        if let homes = migration.homesText {
            if dryRun {
                Terminal.standardError("strata: \(PodHomes.fileName) (not written, dry run):\n\(homes)")
            } else {
                try write(homes, to: homesPath, what: PodHomes.fileName)
                Terminal.standardError("strata: wrote \(PathDisplay()(homesPath)): give each external pod its package there")
            }
        }
        if !migration.withoutHome.isEmpty {
            Terminal.standardError(
                "strata: error: \(Self.count(migration.withoutHome.count, "external pod")) without a SwiftPM home in \(PodHomes.fileName): "
                    + migration.withoutHome.map { "'\($0)'" }.joined(separator: ", "))
        }
        let summary = "\(Self.count(migration.moduleCount, "module")) and \(Self.count(migration.appCount, "app")) from pods"
        var alongside: [(path: String, text: String)] = []
        var next = "'strata generate' writes the Package.swift; then 'swift build'"
        if let versions = migration.versionsText {
            let versionsPath = PathResolution.parent(of: manifestPath) + "/" + VersionRecord.fileName
            if FileManager.default.fileExists(atPath: versionsPath) {
                Terminal.standardError("strata: note: \(VersionRecord.fileName) exists and is kept; the pods' last releases are not written into it")
            } else {
                alongside.append((versionsPath, versions))
                next += "; commit, then 'strata migrate tags' tags each module's last pod release so 'strata release' continues from it"
            }
        }
        try finish(
            text: migration.manifestText, alongside: alongside, differences: migration.differences, conventional: migration.conventionalEdges,
            summary: summary, of: "the pods' graph", manifestPath: manifestPath, next: next)
    }

    /// Prints the proof, then writes strata.yml and the files `alongside` in one transaction (or
    /// prints them, for a dry run) when the graphs agree or `--force`.
    private func finish(
        text: String, alongside: [(path: String, text: String)] = [], differences: [String], conventional: Int, summary: String,
        of origin: String, manifestPath: String, next: String
    ) throws {
        for difference in differences { Terminal.standardError("strata: warning: \(difference)") }
        let agrees = differences.isEmpty
        Terminal.standardError(
            "strata: \(summary); "
                + (agrees
                    ? "the migrated graph is \(origin) (plus \(conventional) edges generate mode adds by convention)"
                    : "the migrated graph differs from \(origin) in \(Self.count(differences.count, "way"))"))
        if dryRun {
            Terminal.standardOutput(text)
            for file in alongside { Terminal.standardError("strata: \(PathDisplay()(file.path)) (not written, dry run):\n\(file.text)") }
            Terminal.standardError("strata: dry run; nothing written")
            if !agrees { throw ExitCode(2) }
            return
        }
        guard agrees || force else {
            Terminal.standardError("strata: error: nothing written; fix the differences above, or write it anyway with --force")
            throw ExitCode(2)
        }
        var transaction = FileTransaction(workspace: PathResolution.parent(of: manifestPath))
        transaction.stage(Data(text.utf8), at: manifestPath)
        for file in alongside { transaction.stage(Data(file.text.utf8), at: file.path) }
        do throws(FileTransaction.CommitError) { try transaction.commit() } catch {
            throw InputErrors(.inputError("write-failed", "cannot write strata.yml: \(error)", at: .file(manifestPath)))
        }
        let written = ([manifestPath] + alongside.map(\.path)).map { PathDisplay()($0) }.joined(separator: " and ")
        Terminal.standardError("strata: wrote \(written) in generate mode; next: \(next)")
    }

    private func write(_ text: String, to path: String, what: String) throws {
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: path)
        } catch {
            throw InputErrors(.inputError("write-failed", "cannot write \(what): \(error)", at: .file(path)))
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
