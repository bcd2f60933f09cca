import StrataDiagnostics
import StrataReport

/// One report every format is tested on: an error with notes, a hint and a subject, a warning
/// without a place, a path outside the working directory and characters each format escapes.
enum ReportFixture {
    static let display = PathDisplay(currentDirectory: "/work/ws")

    static let diagnostics = [
        Diagnostic(
            id: "implicit-import", severity: .error, message: "'Suit' imports 'Logging', which is not one of its declared dependencies",
            location: SourceLocation(path: "/work/ws/Sources/Suit/Suit Check.swift", line: 2, column: 8),
            notes: [DiagnosticNote("'Network' declares it", at: SourceLocation(path: "/work/ws/strata.yml", line: 5, column: 3))],
            hint: "add 'Logging' to the dependencies of 'Suit', in strata.yml", subject: DiagnosticSubject(source: "Suit", target: "Logging")),
        Diagnostic(id: "stale-baseline", severity: .warning, message: "100% fixed: a: b\nsecond line", location: nil),
        Diagnostic(id: "layer-order", severity: .note, message: "outside", location: SourceLocation(path: "/elsewhere/x.swift", line: 1, column: 1)),
    ]

    static let summary = FormattableReport.Summary(
        workspace: "ISS", errors: 1, warnings: 1, suppressed: 2, baselinePath: "baseline.yml", targets: 40, edges: 1, layers: 4,
        inputFailed: false)

    static func report(_ diagnostics: [Diagnostic] = diagnostics, summary: FormattableReport.Summary = summary) -> FormattableReport {
        FormattableReport(diagnostics: diagnostics, summary: summary, displayPath: display.callAsFunction, fallbackLocation: "/work/ws/strata.yml")
    }

    static let tool = ReportingTool(
        version: "9.9.9",
        rules: [
            .init(id: "implicit-import", summary: "Imports are declared.", defaultSeverity: .error),
            .init(id: "unknown-import", summary: "Imports name known modules.", defaultSeverity: nil),
        ])
}
