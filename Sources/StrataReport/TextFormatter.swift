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
        return styled("\(Self.printable(display(location.path))):\(location.line):\(location.column):", .bold) + " "
    }

    /// `text` with its control characters (an escape sequence in an argument or a file name,
    /// a carriage return, a bell; not line feeds and tabs) written as `\u{1b}`: what a terminal
    /// shows is what was said, never something the text makes it do.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A control character other than a line feed or a tab, which lay text out and do no more.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
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
            lines.append("\(place(diagnostic.location, displayPath))\(severity) [\(diagnostic.id)] \(Self.printable(diagnostic.message))")
            for note in diagnostic.notes {
                lines.append("\(place(note.location, displayPath))\(styled("note:", .cyan)) \(Self.printable(note.message))")
            }
            if let hint = diagnostic.hint {
                lines.append("    \(styled("hint:", .green)) \(Self.printable(hint))")
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
