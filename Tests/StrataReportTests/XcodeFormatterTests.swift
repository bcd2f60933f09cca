import Foundation
import StrataDiagnostics
import Testing

@testable import StrataReport

/// The lines Xcode's issue navigator takes from a run-script phase, exactly: one issue per line,
/// absolute paths, notes and hints as `note:` lines, and a summary Xcode does not count.
struct XcodeFormatterTests {
    @Test func oneLinePerIssueWithAbsolutePathsAndTheHintAsANote() {
        #expect(
            XcodeFormatter(currentDirectory: "/work/ws").format(ReportFixture.report()) == """
                /work/ws/Sources/Suit/Suit Check.swift:2:8: error: [implicit-import] 'Suit' imports 'Logging', which is not one of its declared dependencies
                /work/ws/strata.yml:5:3: note: 'Network' declares it
                /work/ws/Sources/Suit/Suit Check.swift:2:8: note: hint: add 'Logging' to the dependencies of 'Suit', in strata.yml
                warning: [stale-baseline] 100% fixed: a: b second line
                /elsewhere/x.swift:1:1: note: [layer-order] outside
                strata: ISS: 40 targets checked, 1 error(s), 1 warning(s), 2 suppressed by the baseline

                """)
    }

    /// Every line is one Xcode's parser takes as an issue (`path:line:col: severity: …` with an
    /// absolute path, or `severity: …`), or the summary, which it must not take as one.
    @Test func everyLineIsAnIssueXcodeParsesOrTheSummary() throws {
        let awkward = [
            Diagnostic(
                id: "unknown-import", severity: .warning, message: "first\n\tsecond\r\nthird \u{1B}[31m", location: SourceLocation(path: "Sources/A.swift", line: 9, column: 1),
                notes: [DiagnosticNote("a note without a place", at: nil)], hint: "two\nlines"),
            Diagnostic(id: "missing-workspace", severity: .error, message: "no strata.yml", location: nil),
        ]
        let output = XcodeFormatter(currentDirectory: "/work/ws/Apps").format(ReportFixture.report(awkward))
        let issue = try Regex(#"^(/[^:\n]+):(\d+):(\d+): (error|warning|note): (.+)$"#)
        let placeless = try Regex(#"^(error|warning|note): (.+)$"#)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        for line in lines.dropLast() {
            #expect(line.wholeMatch(of: issue) != nil || line.wholeMatch(of: placeless) != nil, "\(line)")
        }
        #expect(lines.last?.hasPrefix("strata: ") == true)
        #expect(lines[0] == #"/work/ws/Apps/Sources/A.swift:9:1: warning: [unknown-import] first second third \u{1b}[31m"#)
        #expect(lines[1] == "/work/ws/Apps/Sources/A.swift:9:1: note: a note without a place")
        #expect(lines[2] == "/work/ws/Apps/Sources/A.swift:9:1: note: hint: two lines")
        #expect(lines[3] == "error: [missing-workspace] no strata.yml")
    }

    @Test func inputThatCouldNotBeReadSaysNothingWasChecked() {
        var summary = ReportFixture.summary
        summary.inputFailed = true
        summary.workspace = nil
        summary.errors = 2
        let output = XcodeFormatter(currentDirectory: "/").format(ReportFixture.report([], summary: summary))
        #expect(output == "strata: workspace: 2 input error(s); nothing was checked\n")
    }
}
