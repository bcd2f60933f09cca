public import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataModel
import StrataRules

extension OutputFormat: ExpressibleByArgument {}
extension WorkspaceLoader.PackageReading: ExpressibleByArgument {}

/// `strata check`: load a workspace, run every rule, print the findings.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a workspace's architecture rules.",
        discussion: """
            Reads strata.yml (and, in adopt mode, the Package.swift files it points at), runs every rule \
            and prints each finding as path:line:col: severity: [rule-id] message.
            Exit status: 0 no errors, 1 rule violations at error severity, 2 the input could not be read.
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

    @Flag(help: "Say how each Package.swift was read and how long each step took.")
    var verbose = false

    func run() async throws {
        let start = ContinuousClock.now
        let report = await WorkspaceCheck.run(path: path, baselinePath: baseline, packageReading: manifestReader)
        let elapsed = ContinuousClock.now - start
        let display = PathDisplay()

        if verbose {
            for packageReport in report.packageReports {
                let how =
                    packageReport.method == .static
                    ? "read statically"
                    : "read with swift package dump-package (\(packageReport.reason ?? "requested"))"
                Terminal.standardError("strata: \(display(packageReport.path)): \(how)")
            }
            Terminal.standardError("strata: checked in \(elapsed.formatted(.units(allowed: [.milliseconds], width: .narrow)))")
        }

        if let writeBaseline, !report.inputFailed {
            let accepted = Baseline(accepting: report.findings)
            let target = WorkspaceLoader.absolutePath(writeBaseline)
            do {
                try AtomicFileWriter.write(accepted.serialized(), to: target)
            } catch {
                Terminal.standardError("strata: error: \(error)")
                throw ExitCode(2)
            }
            Terminal.standardError(
                "strata: wrote \(accepted.entries.count) baseline entries for \(report.findings.count) findings to \(display(target))")
            return
        }

        let workspace = report.workspace
        let summary = FormattableReport.Summary(
            workspace: workspace?.name,
            errors: report.count(.error), warnings: report.count(.warning), suppressed: report.suppressedCount,
            baselinePath: baseline, targets: workspace?.targets.count ?? 0,
            edges: workspace?.dependencyCount ?? 0, layers: workspace?.layers.count ?? 0,
            inputFailed: report.inputFailed)
        let output = format.formatter(useColor: format == .text && Terminal.standardOutputSupportsColor)
            .format(FormattableReport(diagnostics: report.diagnostics, summary: summary, displayPath: display.callAsFunction))
        Terminal.standardOutput(output)

        if report.inputFailed { throw ExitCode(2) }
        if summary.errors > 0 { throw ExitCode(1) }
    }
}
