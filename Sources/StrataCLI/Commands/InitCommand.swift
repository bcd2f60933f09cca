import ArgumentParser
import Foundation
import StrataCheck
import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataGraphExport
import StrataInit
import StrataReport
import StrataRules
import StrataWorkspace

/// `strata init`: propose a strata.yml for an existing workspace, from its own graph and names.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Propose a strata.yml (adopt mode) for an existing workspace: layers inferred from its graph, names and folders.",
        discussion: """
            Finds the workspace's Package.swift files, XcodeGen specs, podspecs and Podfile, infers the naming of \
            interface, mocks and tests targets and proposes layers, each explained in a comment. Prints what the \
            first 'strata check' would find, by rule. On a terminal it asks before writing (rename or merge layers \
            there, or with --rename and --merge).
            Exit status: 0 written (or, with --dry-run, proposed), 2 bad input or an existing strata.yml without --force.

            Examples:
              Show the proposal and what the first check would find:
                strata init --dry-run
              Write it without asking, rename a layer, accept today's findings:
                strata init --yes --rename level-1=services --baseline
            """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Flag(help: "Replace an existing strata.yml.")
    var force = false

    @Flag(help: "Print the proposed strata.yml and what the first check would find; write nothing.")
    var dryRun = false

    @Flag(help: "Also write strata-baseline.json accepting today's findings ('strata check --baseline strata-baseline.json').")
    var baseline = false

    @Option(help: ArgumentHelp("Rename a proposed layer (repeatable; after the merges).", valueName: "old=new"))
    var rename: [String] = []

    @Option(help: ArgumentHelp("Merge proposed layers into the first of them (repeatable).", valueName: "a,b"))
    var merge: [String] = []

    @Flag(name: .shortAndLong, help: "Do not ask; take the proposal (as when standard input is not a terminal).")
    var yes = false

    @Flag(help: "Ask even when standard input is not a terminal (for scripts that answer the prompts).")
    var interactive = false

    @Flag(help: "Write the proposed layering as the graph page, .build/strata/init-graph.html (also with --dry-run).")
    var open = false

    @Option(help: ArgumentHelp("Package folders or patterns to read instead of those found (repeatable).", valueName: "pattern"))
    var packages: [String] = []

    @Option(help: ArgumentHelp("XcodeGen spec patterns to read instead of those found (repeatable).", valueName: "pattern"))
    var xcodegen: [String] = []

    @Option(help: ArgumentHelp("Podspec patterns to read instead of those found (repeatable).", valueName: "pattern"))
    var podspecs: [String] = []

    @Flag(inversion: .prefixedNo, help: "Scan Swift sources for the first check's import findings.")
    var sources = true

    func validate() throws {
        if yes && interactive { throw ValidationError("--yes and --interactive exclude each other") }
        for pair in rename where pair.split(separator: "=", omittingEmptySubsequences: false).count != 2 {
            throw ValidationError("--rename takes old=new, got '\(pair)'")
        }
    }

    func run() async throws {
        let root = WorkspaceLoader.absolutePath(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            Terminal.standardError([
                .inputError(
                    "missing-workspace", "'\(path)' is not a folder", at: nil, hint: "run 'strata init' in the workspace's folder, or name it")
            ])
            throw ExitCode(2)
        }
        let manifestPath = (root as NSString).appendingPathComponent("strata.yml")
        if FileManager.default.fileExists(atPath: manifestPath) && !force {
            Terminal.standardError([
                .inputError(
                    "strata-yml-exists", "strata.yml exists already; 'strata init' does not replace it", at: .file(manifestPath),
                    hint: "run 'strata check', or 'strata init --force' to replace it with a new proposal")
            ])
            throw ExitCode(2)
        }

        var plan: InitPlan
        do throws(InputErrors) {
            let given =
                packages.isEmpty && xcodegen.isEmpty && podspecs.isEmpty
                ? nil : WorkspaceDiscovery(packages: packages, xcodegen: xcodegen, podspecs: podspecs)
            plan = try await InitPlanner.plan(root: root, discovery: given)
        } catch {
            Terminal.standardError(error.diagnostics.sorted(by: Diagnostic.presentationOrder))
            throw ExitCode(2)
        }
        do throws(LayerEditError) {
            for names in merge { try plan.proposal.merge(names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
            for pair in rename {
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
                try plan.proposal.rename(parts[0], to: parts[1])
            }
        } catch {
            Terminal.standardError("strata: error: \(error)")
            throw ExitCode(2)
        }

        if interactive || (!yes && isatty(STDIN_FILENO) != 0) {
            guard InitPrompt.ask(&plan.proposal) else {
                Terminal.standardError("strata: nothing written")
                return
            }
        } else {
            Terminal.standardError(InitPrompt.overview(plan.proposal))
        }

        let text = InitManifestWriter.manifest(plan)
        let report = await WorkspaceCheck.run(
            path: manifestPath, manifestBytes: Array(text.utf8), sources: SourceOptions(scan: sources, useCache: false))
        if report.inputFailed {
            Terminal.standardError(report.diagnostics)
            Terminal.standardError("strata: error: the proposed strata.yml did not load; nothing written")
            throw ExitCode(2)
        }
        Terminal.standardError(InitPrompt.firstCheck(report.findings, baseline: baseline))

        if open, let workspace = report.workspace {
            let page = (root as NSString).appendingPathComponent(".build/strata/init-graph.html")
            do {
                let view = try GraphView(workspace: workspace, findings: report.findings, selection: GraphSelection())
                try AtomicFileWriter.write(Data(HTMLRenderer.render(view).utf8), to: page, creatingFolder: true)
                Terminal.standardError("strata: the proposed layering is drawn in \(PathDisplay()(page)); open it in a browser")
            } catch {
                Terminal.standardError("strata: warning: the graph page was not written: \(error)")
            }
        }

        if dryRun {
            Terminal.standardOutput(text)
            Terminal.standardError("strata: dry run; nothing written")
            return
        }
        var transaction = FileTransaction(workspace: root)
        transaction.stage(Data(text.utf8), at: manifestPath)
        if baseline {
            let accepted = Baseline(accepting: report.findings)
            transaction.stage(Data(accepted.serialized().utf8), at: (root as NSString).appendingPathComponent("strata-baseline.json"))
        }
        do throws(FileTransaction.CommitError) {
            try transaction.commit()
        } catch {
            Terminal.standardError([
                .inputError(
                    "unwritable-output", "cannot write strata.yml: \(error)", at: .file(manifestPath), hint: "check that the folder is writable")
            ])
            throw ExitCode(2)
        }
        let display = PathDisplay()
        let baselinePath = (root as NSString).appendingPathComponent("strata-baseline.json")
        var next = ["strata", "check"] + (path == "." ? [] : [path])
        if baseline { next += ["--baseline", display(baselinePath)] }
        Terminal.standardError(
            "strata: wrote \(display(manifestPath))" + (baseline ? " and \(display(baselinePath))" : "") + "; next: "
                + next.joined(separator: " "))
    }
}
