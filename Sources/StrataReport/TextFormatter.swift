public import StrataDiagnostics

/// Compiler-style text: `path:line:col: severity: [rule-id] message`, notes and a hint below,
/// and a summary line. Colour only when asked (the command asks on a TTY without NO_COLOR).
public struct TextFormatter: DiagnosticFormatter {
    /// ANSI colours and bold.
    public let useColor: Bool

    /// - Parameter useColor: whether to style with ANSI escapes.
    public init(useColor: Bool) {
        self.useColor = useColor
    }

    private enum Style: String {
        case bold = "1"
        case red = "1;31"
        case yellow = "1;33"
        case cyan = "1;36"
        case green = "1;32"
        case dim = "2"
    }

    private func styled(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func place(_ location: SourceLocation?, _ display: (String) -> String) -> String {
        guard let location else { return "" }
        return styled("\(display(location.path)):\(location.line):\(location.column):", .bold) + " "
    }

    public func format(_ report: FormattableReport) -> String {
        let (listed, summaries) = report.summarizesRepeats ? WarningSummary.summarize(report.diagnostics) : (report.diagnostics, [])
        var lines = diagnosticLines(listed, displayPath: report.displayPath)
        lines += summaries.map(WarningSummary.line)
        lines.append(summaryLine(report.summary))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each diagnostic with its notes and hint, without a summary (for commands other than check).
    /// - Parameters:
    ///   - diagnostics: what to print, in the order given.
    ///   - displayPath: how a path is shown.
    public func diagnosticLines(_ diagnostics: [Diagnostic], displayPath: (String) -> String) -> [String] {
        var lines: [String] = []
        for diagnostic in diagnostics {
            let severity: String
            switch diagnostic.severity {
            case .error: severity = styled("error:", .red)
            case .warning: severity = styled("warning:", .yellow)
            case .note: severity = styled("note:", .cyan)
            }
            lines.append("\(place(diagnostic.location, displayPath))\(severity) [\(diagnostic.id)] \(diagnostic.message)")
            for note in diagnostic.notes {
                lines.append("\(place(note.location, displayPath))\(styled("note:", .cyan)) \(note.message)")
            }
            if let hint = diagnostic.hint {
                lines.append("    \(styled("hint:", .green)) \(hint)")
            }
        }
        return lines
    }

    private func summaryLine(_ summary: FormattableReport.Summary) -> String {
        func plural(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? word : plural ?? word + "s")"
        }
        if summary.inputFailed {
            return styled("\(plural(summary.errors, "error")) in the input; nothing was checked", .red)
        }
        var parts = [
            "\(summary.workspace ?? "workspace"): \(plural(summary.targets, "target")), \(plural(summary.edges, "dependency", "dependencies")), \(plural(summary.layers, "layer"))"
        ]
        if summary.errors == 0 && summary.warnings == 0 {
            parts.append(styled("no violations", .green))
        } else {
            parts.append(
                styled(plural(summary.errors, "error"), summary.errors > 0 ? .red : .bold)
                    + ", " + styled(plural(summary.warnings, "warning"), summary.warnings > 0 ? .yellow : .bold))
        }
        if let baseline = summary.baselinePath {
            parts.append("\(summary.suppressed) suppressed by baseline \(baseline)")
        }
        return parts.joined(separator: " — ")
    }
}
