public import ArgumentParser
import Foundation
import StrataCheck
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataProjectFormat
import StrataReport
import StrataRules
import StrataScaffold
import StrataSources
import StrataWorkspace

extension OutputFormat: ExpressibleByArgument {}
extension WorkspaceLoader.PackageReading: ExpressibleByArgument {}
extension Platform: ExpressibleByArgument {}

/// `strata check`: load a workspace, run every rule, print the findings.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a workspace's architecture rules.",
        discussion: """
            Reads strata.yml (and, in adopt mode, the Package.swift files it points at), runs every rule \
            and prints each finding as path:line:col: severity: [rule-id] message.
            Exit status: 0 no errors, 1 rule violations at error severity, 2 the input could not be read.

            Examples:
              Check the workspace in this folder:
                strata check
              Add missing dependencies, drop unused ones, show the diff first:
                strata check --fix --dry-run
              SARIF for code scanning, accepting today's findings:
                strata check --format sarif --baseline strata-baseline.json
              Only the errors, evaluating #if for iOS:
                strata check Examples/ISS --platform ios --quiet
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Accept the findings listed in this baseline file; report only new ones.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write every current finding to this baseline file and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Option(
        help: ArgumentHelp(
            "How to read Package.swift files in adopt mode: automatic (static, dump-package where unsure) or dump-package.", valueName: "mode"))
    var manifestReader: WorkspaceLoader.PackageReading = .automatic

    @Option(
        help: ArgumentHelp(
            "Evaluate '#if' conditions for this platform (\(Platform.allCases.map(\.rawValue).joined(separator: ", "))); by default every branch counts.",
            valueName: "platform"))
    var platform: Platform?

    @OptionGroup var xcodeConfiguration: XcodeConfigurationOption

    @Option(name: .customLong("define"), help: ArgumentHelp("A compilation flag that is set, for '#if NAME' (repeatable).", valueName: "NAME"))
    var defines: [String] = []

    @Option(
        name: .customLong("undefine"),
        help: ArgumentHelp(
            "A compilation flag that is not set, so '#if NAME' is false (repeatable); unnamed flags count both ways.", valueName: "NAME"))
    var undefines: [String] = []

    @Flag(
        help:
            "Turn rule unknown-import on as an error (unless strata.yml sets its severity): imports of modules neither in the workspace, its packages nor a known SDK."
    )
    var strictImports = false

    @Flag(
        help:
            "Make every warning about the input an error (exit 2): a path dependency without a Package.swift, modules that cannot be known, a manifest read as another host reads it, an unreadable source file."
    )
    var strict = false

    @Flag(
        help:
            "Check without the source folders and files that cannot be read (each a warning) instead of stopping on them (exit 2)."
    )
    var skipUnreadable = false

    @Flag(
        help:
            "Run 'swift package resolve' in the packages whose dependencies are not resolved yet (within STRATA_TIMEOUT_RESOLVE), so that imports of them are checked too."
    )
    var resolve = false

    @Flag(inversion: .prefixedNo, help: "Scan Swift sources for the import rules.")
    var sources = true

    @Flag(name: .customLong("no-cache"), help: "Check afresh: scan every source file and run every rule, ignoring and not writing .build/strata.")
    var noCache = false

    @Option(
        name: .customLong("target"),
        help: ArgumentHelp(
            "Report only the findings about this target, the one that depends, imports or links (repeatable): what a build step of one target shows. Input errors are always reported.",
            valueName: "NAME"))
    var focusTargets: [String] = []

    @Option(
        help: ArgumentHelp(
            "After a check without errors, write this file (a Swift comment saying so): the output a build system's step declares, as the SwiftPM build-tool plugin does.",
            valueName: "FILE"))
    var stamp: String?

    @Flag(help: "Say how each Package.swift was read, how many files were scanned, and how long it took.")
    var verbose = false

    @Flag(help: "Text format: print the errors and the summary line only, no warnings and no progress.")
    var quiet = false

    @Flag(
        help:
            "Fix implicit-import and unused-dependency findings: declare what sources import, drop what they do not, in strata.yml (then regenerated) or in the Package.swift files (adopt mode); print the diff, then check again."
    )
    var fix = false

    @Flag(help: "With --fix: print the fixes as a diff of strata.yml and write nothing.")
    var dryRun = false

    func validate() throws {
        if dryRun && !fix { throw ValidationError("--dry-run goes with --fix") }
        if fix && (baseline != nil || writeBaseline != nil) {
            throw ValidationError("--fix fixes every finding it can; leave out --baseline and --write-baseline")
        }
        if !focusTargets.isEmpty && (fix || writeBaseline != nil) {
            throw ValidationError("--target narrows what is reported; --fix and --write-baseline work on the whole workspace")
        }
        if fix && !sources { throw ValidationError("--fix needs the sources scanned (the import rules find what to fix); leave out --no-sources") }
        if let both = Set(defines).intersection(undefines).sorted().first {
            throw ValidationError("'\(both)' is given with both --define and --undefine")
        }
    }

    func run() async throws {
        let start = ContinuousClock.now
        var options = SourceOptions(
            scan: sources, useCache: !noCache, platform: platform, defines: Set(defines), undefines: Set(undefines),
            strictImports: strictImports, skipUnreadable: skipUnreadable)
        options.xcodeConfiguration = xcodeConfiguration.name
        var report = await ProgressLine.showing(enabled: format == .text && !quiet) { progress in
            await WorkspaceCheck.run(
                path: path, baselinePath: baseline, packageReading: manifestReader, sources: options, strict: strict, resolve: resolve
            ) { progress?.update($0) }
        }
        if fix, !report.inputFailed, try await applyFixes(report) {
            report = await WorkspaceCheck.run(path: path, packageReading: manifestReader, sources: options, strict: strict)
        }
        if verbose { describe(report, took: ContinuousClock.now - start) }
        if let writeBaseline, !report.inputFailed {
            let target = WorkspaceLoader.absolutePath(writeBaseline)
            let accepted = try report.writeBaseline(to: target)
            Terminal.standardError(
                "strata: wrote \(accepted.entries.count) baseline entries for \(report.findings.count) findings to \(PathDisplay()(target))")
            return
        }
        try printReport(report.focused(on: focusTargets))
    }

    /// `--verbose`: how each manifest was read, what the scan did, and each phase's time.
    private func describe(_ report: CheckReport, took elapsed: Duration) {
        let display = PathDisplay()
        for packageReport in report.packageReports {
            let how =
                packageReport.method == .static
                ? "read statically"
                : "read with swift package dump-package (\(packageReport.reason ?? "requested"))"
            let whose = packageReport.isExternal ? " (a package outside the workspace, for the modules of its products)" : ""
            let outcome = packageReport.failed ? ", which failed (the errors below say why)" : ""
            Terminal.standardError("strata: \(display(packageReport.path)): \(how)\(whose)\(outcome)")
        }
        if report.fromCheckCache {
            Terminal.standardError("strata: nothing changed since the last check; its findings were reused (--no-cache to check afresh)")
        } else if let statistics = report.sourceStatistics {
            Terminal.standardError(
                "strata: \(statistics.files) source files: \(statistics.cachedFiles) from the cache, \(statistics.scannedFiles) scanned (\(statistics.scannedBytes / 1024) KB)"
            )
            if let failure = statistics.cacheWriteFailure { Terminal.standardError("strata: the scan cache was not written: \(failure)") }
        }
        for phase in report.phases {
            Terminal.standardError("strata:   \(phase.name): \(phase.duration.formatted(.units(allowed: [.milliseconds], width: .narrow)))")
        }
        Terminal.standardError("strata: checked in \(elapsed.formatted(.units(allowed: [.milliseconds], width: .narrow)))")
    }

    /// Prints the diagnostics and the summary in the chosen format; exits 2 for bad input, 1 for errors.
    private func printReport(_ report: CheckReport) throws {
        let workspace = report.summary
        let summary = FormattableReport.Summary(
            workspace: workspace?.name,
            errors: report.count(.error), warnings: report.count(.warning), suppressed: report.suppressedCount,
            baselinePath: baseline, targets: workspace?.targets ?? 0,
            edges: workspace?.dependencies ?? 0, layers: workspace?.layers ?? 0,
            inputFailed: report.inputFailed)
        var formattable = FormattableReport(
            diagnostics: quiet && format == .text ? report.diagnostics.filter { $0.severity == .error } : report.diagnostics,
            summary: summary, displayPath: PathDisplay().callAsFunction,
            fallbackLocation: (try? WorkspaceLoader.locateManifest(path)) ?? WorkspaceLoader.absolutePath(path))
        formattable.summarizesRepeats = !verbose
        let output = format.formatter(useColor: format == .text && Terminal.standardOutputSupportsColor, tool: .strata).format(formattable)
        Terminal.standardOutput(output)

        if report.inputFailed { throw ExitCode(2) }
        if summary.errors > 0 { throw ExitCode(1) }
        if let stamp { try writeStamp(stamp, summary) }
    }

    /// `--stamp`: a Swift file holding only a comment, which a build system may compile into
    /// the target whose step declared it as its output.
    private func writeStamp(_ path: String, _ summary: FormattableReport.Summary) throws {
        let scope = focusTargets.isEmpty ? "the workspace" : focusTargets.joined(separator: ", ")
        let text = "// strata check: \(scope) of \(summary.workspace ?? "the workspace") has no errors (\(summary.warnings) warning(s)).\n"
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: WorkspaceLoader.absolutePath(path), creatingFolder: true)
        } catch {
            Terminal.standardError("strata: error: could not write --stamp \(path): \(error)")
            throw ExitCode(2)
        }
    }

    /// `--fix`: makes the fixes the findings call for, printing the diff (to standard output in
    /// text format, else to standard error). True if files were changed.
    private func applyFixes(_ report: CheckReport) async throws -> Bool {
        let plan = try await DependencyFixPlan.plan(
            for: report, path: path, packageReading: manifestReader, platform: platform, xcodeConfiguration: xcodeConfiguration.name)
        for (finding, reason) in plan.unfixable { Terminal.standardError("strata: not fixed: \(finding.message): \(reason)") }
        guard !plan.isEmpty else {
            Terminal.standardError("strata: nothing to fix")
            return false
        }
        var changed = false
        if !dryRun {
            // A writer like every other: it waits for the workspace lock, and stops (exit 2) when it cannot take it.
            let lock = try LockOptions.parse([]).lock(path)
            defer { withExtendedLifetime(lock) {} }
            changed = try plan.apply()
        }
        let diff = plan.diff(display: PathDisplay().callAsFunction)
        if format == .text { Terminal.standardOutput(diff) } else { Terminal.standardError(diff) }
        Terminal.standardError(plan.findings)
        Terminal.standardError(dryRun ? "strata: dry run; nothing was written (\(plan.summary))" : "strata: \(plan.summary); checking again")
        return changed
    }
}
