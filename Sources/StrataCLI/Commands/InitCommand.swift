import ArgumentParser
import Foundation
import StrataCheck
import StrataCommandLine
import StrataInit
import StrataReport

/// `strata init`: propose a strata.yml for an existing workspace, from its own graph and names.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Propose a strata.yml (adopt mode) for an existing workspace: layers inferred from its graph, names and folders.",
        discussion: """
            Finds the workspace's Package.swift files, Xcode projects, XcodeGen specs, podspecs and Podfile, infers the naming of \
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

    @Option(help: ArgumentHelp("Xcode project (.xcodeproj) patterns to read instead of those found (repeatable).", valueName: "pattern"))
    var xcode: [String] = []

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
        let given =
            packages.isEmpty && xcode.isEmpty && xcodegen.isEmpty && podspecs.isEmpty
            ? nil : WorkspaceDiscovery(packages: packages, xcode: xcode, xcodegen: xcodegen, podspecs: podspecs)
        var session = try await InitSession.start(folder: path, replacing: force, discovery: given)
        try session.edit(
            merging: merge.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } },
            renaming: rename.map { pair in
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
                return (parts[0], parts[1])
            })
        if interactive || (!yes && isatty(STDIN_FILENO) != 0) {
            guard InitPrompt.ask(&session.plan.proposal) else {
                Terminal.standardError("strata: nothing written")
                return
            }
        } else {
            Terminal.standardError(InitPrompt.overview(session.plan.proposal))
        }

        let check = try await session.firstCheck(scanningSources: sources)
        Terminal.standardError(InitPrompt.firstCheck(check.report.findings, baseline: baseline))
        if open {
            do {
                if let page = try session.drawGraph(check) {
                    Terminal.standardError("strata: the proposed layering is drawn in \(PathDisplay()(page)); open it in a browser")
                }
            } catch {
                Terminal.standardError("strata: warning: the graph page was not written: \(error)")
            }
        }
        if dryRun {
            Terminal.standardOutput(check.manifestText)
            Terminal.standardError("strata: dry run; nothing written")
            return
        }
        try session.write(check, baseline: baseline)
        let display = PathDisplay()
        var next = ["strata", "check"] + (path == "." ? [] : [path])
        if baseline { next += ["--baseline", display(session.baselinePath)] }
        Terminal.standardError(
            "strata: wrote \(display(session.manifestPath))" + (baseline ? " and \(display(session.baselinePath))" : "") + "; next: "
                + next.joined(separator: " "))
    }
}
