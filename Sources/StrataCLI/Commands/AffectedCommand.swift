public import ArgumentParser
import Foundation
import StrataAffected
import StrataCommandLine
import StrataDiagnostics
import StrataWorkspace

extension AffectedFormat: ExpressibleByArgument {}

/// The options `strata affected` and `strata test --affected` share: which change to look at.
struct ChangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The revision the change is compared against (a branch, tag or commit).", valueName: "rev"))
    var base: String?

    @Flag(help: "Compare against the common ancestor of --base and the head, as a pull request does.")
    var mergeBase = false
}

/// `strata affected`: the targets and test targets a git change affects.
struct AffectedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the targets and test targets a git change affects.",
        discussion: """
            Changed files come from git between --base and --head (renames with both paths). Each file \
            belongs to the target whose folder holds it (excluded files and resources included), in the \
            base and in the head graph; every target that depends on an owner, transitively, is affected \
            too. A change to strata.yml or a Package.swift compares the two graphs, evaluating at each \
            revision a manifest only SwiftPM can read; a toolchain pin (Package.resolved, .swift-version) or \
            a manifest that cannot be read affects everything. strata.yml's 'affected: { ignore, always }' \
            patterns name files that affect nothing or everything. Uncommitted changes are left out unless \
            --include-uncommitted is given. See docs/AFFECTED.md.
            Exit status: 0 done (whether or not anything is affected), 2 nothing could be computed \
            (not a git repository, unknown revision, shallow clone without the base, a head manifest with errors).

            Examples:
              The targets a pull request affects, as its CI sees them:
                strata affected --base origin/main --merge-base
              Only the test targets, as JSON for a CI matrix:
                strata affected --base origin/main --tests-only --format json
              Why each target is affected, uncommitted edits included:
                strata affected --base HEAD --include-uncommitted --explain
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @OptionGroup var change: ChangeOptions

    @Option(help: ArgumentHelp("The revision with the change (default: HEAD).", valueName: "rev"))
    var head: String?

    @Flag(help: "Compare the work tree, uncommitted and untracked files included, instead of HEAD.")
    var includeUncommitted = false

    @Flag(help: "Count and list the products of packages outside the workspace too (they are never built or tested here).")
    var includeExternal = false

    @Option(help: "Output format: \(AffectedFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: AffectedFormat = .list

    @Flag(help: "List only test targets (list and json formats).")
    var testsOnly = false

    @Flag(help: "With the list format: say why each target is affected (changed file → owner → … → target).")
    var explain = false

    @OptionGroup var xcodeConfiguration: XcodeConfigurationOption

    func run() async throws {
        guard let base = change.base else {
            throw ValidationError("missing --base: say which revision the change is compared against, e.g. --base origin/main")
        }
        let report: AffectedReport = try await AffectedQuery(
            path: path, base: base, head: head, includeUncommitted: includeUncommitted, mergeBase: change.mergeBase,
            includeExternal: includeExternal, xcodeConfiguration: xcodeConfiguration.name
        ).run()
        Terminal.standardOutput(report.rendered(as: format, testsOnly: testsOnly, explain: explain))
        Terminal.standardError(report.summary)
    }
}

extension AffectedReport {
    /// What was compared and how much is affected, for standard error.
    var summary: String {
        let files = analysis.changedFiles.count
        let tests = analysis.tests.count
        var lines = [
            "strata: \(analysis.affected.count) of \(countedTargets) targets affected (\(tests) test target\(tests == 1 ? "" : "s")) by \(files) changed file\(files == 1 ? "" : "s") between \(baseCommit.prefix(12)) and \(headCommit.map { String($0.prefix(12)) } ?? "the work tree")"
        ]
        for reason in analysis.everythingReasons { lines.append("strata: everything is affected: \(reason)") }
        if !uncommittedLeftOut.isEmpty {
            let count = uncommittedLeftOut.count
            lines.append(
                "strata: note: \(count) uncommitted change\(count == 1 ? " is" : "s are") not included (HEAD was compared); pass --include-uncommitted to include \(count == 1 ? "it" : "them")"
            )
        }
        if let untrackedCacheNote { lines.append("strata: note: " + untrackedCacheNote) }
        return lines.joined(separator: "\n")
    }
}
