import ArgumentParser
import Foundation
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
        let display = PathDisplay()
        func fail(_ diagnostics: [Diagnostic]) -> ExitCode {
            Terminal.standardError(diagnostics)
            return ExitCode(2)
        }
        // Held to the end of the run: the files are read, compared and written by one run at a time.
        let lock = try lockOptions.lock(path, mode: check ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let progress = ProgressLine.start(enabled: !quiet)
        defer { progress?.finish() }
        let plan: GenerationPlan
        var moves = SourceMoves.none
        let workspace: Workspace
        let cache: GenerateCache?
        var localModules: [String] = []
        do throws(InputErrors) {
            progress?.update("loading the workspace")
            let loaded = try await WorkspaceLoader().load(path: path)
            workspace = loaded.workspace
            LeftForExit.keep(workspace)
            // --local and --no-local change what is generated, and --move-sources what is in the
            // tree: the last run's proof is not for them.
            cache = local.isEmpty && !noLocal && !moveSources ? GenerateCache(loaded) : nil
            if let outcome = cache?.lookup() {
                progress?.finish()
                reportUpToDate(outcome, in: workspace)
                return
            }
            progress?.update("generating the build files of \(workspace.modules.count) modules")
            let options = try options(for: workspace)
            localModules = workspace.modules.map(\.name).filter(options.local.contains)
            progress?.finish()
            reportLocalDevelopment(localModules)
            moves = moveSources ? try SourceMoves.plan(for: workspace) : .none
            plan = try WorkspaceGenerator.plan(for: workspace, creating: Set(moves.moves.map(\.to)), options: options)
        } catch {
            progress?.finish()
            throw fail(error.diagnostics.sorted(by: Diagnostic.presentationOrder))
        }
        progress?.finish()
        Terminal.standardError(plan.warnings, verbose: verbose, quiet: quiet)
        let total = plan.changes.filter { $0.change != .remove }.count + plan.unchanged.count
        let root = display(workspace.root)
        let place = workspace.root == FileManager.default.currentDirectoryPath ? "" : " in \(root)"

        if check {
            for change in plan.changes { Terminal.standardOutput(change.diff) }
            guard plan.changes.isEmpty else {
                let count = plan.changes.count
                Terminal.standardError(
                    "strata: \(count) generated file\(count == 1 ? " is" : "s are") out of date\(place); run 'strata generate' and commit the result")
                throw ExitCode(1)
            }
            Terminal.standardError("strata: \(total) generated file\(total == 1 ? " is" : "s are") up to date\(place)")
            cache?.store(plan, localModules: localModules)
            return
        }

        if let lock {
            let removed = plan.removeStaleTemporaryFiles(modifiedBefore: lock.acquired)
            if !quiet { Terminal.reportRemoved(staleFiles: removed) }
        }
        do throws(InputErrors) {
            try plan.apply(force: force, copies: moves.copies, removing: moves.removals)
        } catch {
            throw fail(error.diagnostics)
        }
        cache?.store(plan, localModules: localModules)
        await stageMoves(moves, in: workspace.root)
        if !quiet {
            for move in moves.moves {
                Terminal.standardError(
                    "strata: moved \(display(move.from)) → \(display(move.to)) (\(move.files.entries.count) file\(move.files.entries.count == 1 ? "" : "s"))"
                )
            }
        }
        if quiet { return }
        // Each file when there are few (or with --verbose); a count of each kind when there are many.
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
        let written = plan.changes.count
        Terminal.standardError(
            written == 0
                ? "strata: \(total) generated file\(total == 1 ? " is" : "s are") up to date\(place); nothing was written"
                : "strata: \(written) file\(written == 1 ? "" : "s") changed, \(plan.unchanged.count) up to date\(place)")
    }

    /// In a git repository, the moves are staged as `git mv` stages them (both folders added,
    /// so git sees the renames); outside one, or if git fails, the files are moved all the same.
    func stageMoves(_ moves: SourceMoves, in root: String) async {
        guard !moves.moves.isEmpty, let repository = try? await GitRepository.open(at: root) else { return }
        do throws(GitError) {
            var paths: [String] = []
            for move in moves.moves {
                guard let from = PathResolution.path(move.from, inside: root), let to = PathResolution.path(move.to, inside: root) else { continue }
                // A folder git never tracked is gone without a trace to stage.
                if try await repository.isTracked(from) { paths.append(from) }
                paths.append(to)
            }
            try await repository.stage(paths)
        } catch {
            Terminal.standardError("strata: warning: the moved files are in place, but git could not stage them: \(error.message)")
        }
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
        let place = workspace.root == FileManager.default.currentDirectoryPath ? "" : " in \(display(workspace.root))"
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

    /// The workspace's generation options as they are, with `--local` and `--no-local` applied.
    func options(for workspace: Workspace) throws(InputErrors) -> GenerationOptions {
        var options = try GenerationOptions.current(for: workspace)
        if noLocal { options.local = [] }
        guard !local.isEmpty else { return options }
        let registryModules = workspace.manifest.registryModules
        var problems: [Diagnostic] = []
        for pattern in local.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) where !pattern.isEmpty {
            let glob = Glob(pattern)
            let matched = workspace.modules.map(\.name).filter { glob.matches($0) }
            let distributed = matched.filter(registryModules.contains)
            if distributed.isEmpty {
                let names = workspace.modules.map(\.name)
                problems.append(
                    .inputError(
                        matched.isEmpty ? "unknown-module" : "invalid-value",
                        matched.isEmpty
                            ? "--local \(pattern): no module of the workspace is called that"
                            : "--local \(pattern): \(matched.joined(separator: ", ")) \(matched.count == 1 ? "comes" : "come") from \(matched.count == 1 ? "its folder" : "their folders") already (distribution: path)",
                        at: nil,
                        hint: matched.isEmpty
                            ? Suggestions.didYouMean(pattern, in: names) ?? "name a module distributed through the registry"
                            : "--local is for modules with 'distribution: registry'"))
            }
            options.addLocal(Set(distributed), in: workspace)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return options
    }
}
