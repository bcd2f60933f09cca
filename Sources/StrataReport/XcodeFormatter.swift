public import Foundation
public import StrataDiagnostics

/// What Xcode reads from a run-script phase's output and shows in the issue navigator, each at
/// its line: `/absolute/path:line:col: error: message`, one line per issue.
///
/// Xcode takes one line for one issue, so a message's line breaks become spaces; the notes
/// follow as `note:` lines at their own places, and the hint as a `note:` at the finding's, which
/// the navigator shows under it. Paths are absolute, as Xcode needs to open the file (the
/// phase's working directory is the project's folder, not the workspace's). A finding without a
/// place is `error: …` alone, which Xcode shows in the build log's summary. The last line counts
/// the findings and starts with `strata:`, never with a severity.
public struct XcodeFormatter: DiagnosticFormatter {
    /// The folder relative paths are taken from.
    public let currentDirectory: String

    public init(currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.currentDirectory = currentDirectory
    }

    public func format(_ report: FormattableReport) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            lines.append(line(diagnostic.severity, "[\(diagnostic.id)] \(diagnostic.message)", at: diagnostic.location))
            for note in diagnostic.notes {
                lines.append(line(.note, note.message, at: note.location ?? diagnostic.location))
            }
            if let hint = diagnostic.hint {
                lines.append(line(.note, "hint: \(hint)", at: diagnostic.location))
            }
        }
        lines.append(summaryLine(report.summary))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One issue as Xcode parses it.
    private func line(_ severity: Severity, _ message: String, at location: SourceLocation?) -> String {
        let text = Self.oneLine(message)
        guard let location else { return "\(severity.rawValue): \(text)" }
        return "\(Self.oneLine(absolute(location.path))):\(location.line):\(location.column): \(severity.rawValue): \(text)"
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/")
            ? path : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)).standardizedFileURL.path
    }

    /// `text` on one line: line breaks and tabs become spaces, other control characters are
    /// written as `\u{1b}` (TextFormatter's rule).
    static func oneLine(_ text: String) -> String {
        let flat = text.split(omittingEmptySubsequences: true, whereSeparator: { $0.isNewline || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return TextFormatter.printable(flat)
    }

    private func summaryLine(_ summary: FormattableReport.Summary) -> String {
        let workspace = summary.workspace ?? "workspace"
        if summary.inputFailed { return "strata: \(workspace): \(summary.errors) input error(s); nothing was checked" }
        var line = "strata: \(workspace): \(summary.targets) targets checked, \(summary.errors) error(s), \(summary.warnings) warning(s)"
        if summary.suppressed > 0 { line += ", \(summary.suppressed) suppressed by the baseline" }
        return line
    }
}
