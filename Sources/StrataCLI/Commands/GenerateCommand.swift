import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataGit
import StrataManifest
import StrataReport
import StrataWorkspace

/// `strata generate`: write the build files a generate-mode strata.yml describes.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write Package.swift files, the umbrella target, CODEOWNERS and XcodeGen specs from strata.yml.",
        discussion: """
            Every generated file carries a marker with a hash of its contents. A file that is already \
            up to date is not touched; a generated file edited by hand, or a file strata did not write, \
            is replaced only with --force. All files are written first and then moved into place, so a \
            failed run changes nothing. One run at a time changes a workspace: a second waits for the \
            first (or, with --no-wait, exits 2), and temporary files left by a killed run are removed.
            Exit status: 0 done (with --check: up to date), 1 with --check: files are out of date, \
            2 the input could not be read or a file needs --force.

            Examples:
              Write the build files from strata.yml:
                strata generate
              Fail (exit 1) in CI when a build file is out of date:
                strata generate --check
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Flag(help: "Write nothing; print a unified diff of every out-of-date file and exit 1 if there is one (for CI).")
    var check = false

    @Flag(help: "Replace generated files edited by hand and files strata did not write.")
    var force = false

    @Flag(
        help:
            "Move each module target's sources where the layout wants them (after switching to or from 'layout: packages'), in one transaction with the build files; staged with git when the workspace is in a repository."
    )
    var moveSources = false

    @Flag(help: "Also list the files that are up to date, and every warning (repeated ones are otherwise summed up).")
    var verbose = false

    @Flag(help: "Print errors only: no warnings, no list of the files written, no progress.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Get these registry modules, and the registry modules that use them, from their folders to work on them together: names or patterns, comma-separated or repeated (--local 'Network*,Logging'). The setting stays until --no-local.",
            valueName: "modules"))
    var local: [String] = []

    @Flag(name: .customLong("no-local"), help: "Get every registry module from the registry again.")
    var noLocal = false

    @OptionGroup var lockOptions: LockOptions

    /// Up to this many written files are named one by one.
    static let filesListedByName = 20

    func run() async throws {
        // Held to the end of the run: the files are read, compared and written by one run at a time.
        let lock = try lockOptions.lock(path, mode: check ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let request = GenerateRequest(path: path, local: local, noLocal: noLocal, moveSources: moveSources)
        let start = try await ProgressLine.showing(enabled: !quiet) { progress in
            try await GenerateStart.prepare(request) { progress?.update($0) }
        }
        switch start {
        case .upToDate(let outcome, let workspace):
            LeftForExit.keep(workspace)
            reportUpToDate(outcome, in: workspace)
        case .planned(let generation):
            LeftForExit.keep(generation.workspace)
            reportLocalDevelopment(generation.localModules)
            Terminal.standardError(generation.plan.warnings, verbose: verbose, quiet: quiet)
            if check {
                try reportCheck(generation)
            } else {
                try await write(generation, removingStaleFilesOf: lock)
            }
        }
    }

    /// `--check`: prints the diff of each file out of date and exits 1 if any is.
    private func reportCheck(_ generation: PlannedGeneration) throws {
        let plan = generation.plan
        for change in plan.changes { Terminal.standardOutput(change.diff) }
        let place = Self.place(of: generation.workspace)
        guard plan.changes.isEmpty else {
            let count = plan.changes.count
            Terminal.standardError(
                "strata: \(count) generated file\(count == 1 ? " is" : "s are") out of date\(place); run 'strata generate' and commit the result")
            throw ExitCode(1)
        }
        let total = plan.unchanged.count
        Terminal.standardError("strata: \(total) generated file\(total == 1 ? " is" : "s are") up to date\(place)")
        generation.rememberUpToDate()
    }

    /// Writes the plan and the moves, stages the moves in git, and says what changed.
    private func write(_ generation: PlannedGeneration, removingStaleFilesOf lock: WorkspaceLock?) async throws {
        let display = PathDisplay()
        let plan = generation.plan
        if let lock {
            let removed = plan.removeStaleTemporaryFiles(modifiedBefore: lock.acquired)
            if !quiet { Terminal.reportRemoved(staleFiles: removed) }
        }
        try generation.apply(force: force)
        generation.rememberUpToDate()
        if let failure = await generation.stageMoves() {
            Terminal.standardError("strata: warning: the moved files are in place, but git could not stage them: \(failure)")
        }
        if quiet { return }
        for move in generation.moves.moves {
            Terminal.standardError(
                "strata: moved \(display(move.from)) → \(display(move.to)) (\(move.files.entries.count) file\(move.files.entries.count == 1 ? "" : "s"))"
            )
        }
        reportWritten(plan, in: generation.workspace)
    }

    /// Each file when there are few (or with --verbose), a count of each kind when there are
    /// many, and the summary line.
    private func reportWritten(_ plan: GenerationPlan, in workspace: Workspace) {
        let display = PathDisplay()
        if verbose || plan.changes.count <= Self.filesListedByName {
            for change in plan.changes {
                Terminal.standardError(
                    "strata: \(change.change.described()) \(display(workspace.root + "/" + change.path))\(change.needsForce ? " (--force)" : "")")
            }
        } else {
            let counts = Dictionary(grouping: plan.changes, by: \.change).mapValues(\.count)
            let parts = [GenerationPlan.Change.create, .update, .remove].compactMap { change in
                counts[change].map { "\(change.described()) \($0)" }
            }
            Terminal.standardError("strata: \(parts.joined(separator: ", ")) files (--verbose lists them)")
        }
        if verbose {
            for path in plan.unchanged { Terminal.standardError("strata: up to date \(display(workspace.root + "/" + path))") }
        }
        let total = plan.changes.filter { $0.change != .remove }.count + plan.unchanged.count
        let written = plan.changes.count
        let place = Self.place(of: workspace)
        Terminal.standardError(
            written == 0
                ? "strata: \(total) generated file\(total == 1 ? " is" : "s are") up to date\(place); nothing was written"
                : "strata: \(written) file\(written == 1 ? "" : "s") changed, \(plan.unchanged.count) up to date\(place)")
    }

    /// " in <folder>" unless the workspace is the current folder.
    private static func place(of workspace: Workspace) -> String {
        workspace.root == FileManager.default.currentDirectoryPath ? "" : " in \(PathDisplay()(workspace.root))"
    }

    /// What a run that finds every file up to date says, from the last run's outcome
    /// (`GenerateCache`): nothing was read or rendered, so nothing is written.
    func reportUpToDate(_ outcome: GenerateCache.Outcome, in workspace: Workspace) {
        let display = PathDisplay()
        reportLocalDevelopment(outcome.localModules)
        Terminal.standardError(outcome.warnings, verbose: verbose, quiet: quiet)
        if verbose {
            Terminal.standardError("strata: nothing changed since the last run found every file up to date; no file was rendered again")
            for path in outcome.files { Terminal.standardError("strata: up to date \(display(workspace.root + "/" + path))") }
        }
        let total = outcome.files.count
        let place = Self.place(of: workspace)
        if check || !quiet {
            Terminal.standardError(
                "strata: \(total) generated file\(total == 1 ? " is" : "s are") up to date\(place)\(check ? "" : "; nothing was written")")
        }
    }

    /// Which registry modules come from their folders, while any do.
    func reportLocalDevelopment(_ names: [String]) {
        guard !names.isEmpty, !quiet else { return }
        Terminal.standardError(
            "strata: local development: \(names.joined(separator: ", ")) \(names.count == 1 ? "comes from its folder" : "come from their folders"), not the registry ('strata generate --no-local' switches back)"
        )
    }
}
