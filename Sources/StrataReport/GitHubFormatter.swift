import Foundation
import StrataDiagnostics

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which
/// show as annotations on the pull request's diff.
public struct GitHubFormatter: DiagnosticFormatter {
    public init() {}

    /// Escaping for the message part, as the runner expects.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping for property values (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    public func format(_ report: FormattableReport) -> String {
        var lines: [String] = []
        for d in report.diagnostics {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties: [String] = []
            if let location = d.location {
                properties.append("file=\(Self.escapeProperty(report.displayPath(location.path)))")
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(Self.escapeProperty("strata [\(d.id)]"))")
            var message = d.message
            for note in d.notes {
                let place = note.location.map { "\(report.displayPath($0.path)):\($0.line): " } ?? ""
                message += "\nnote: \(place)\(note.message)"
            }
            if let hint = d.hint { message += "\nhint: \(hint)" }
            lines.append("::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))")
        }
        let s = report.summary
        lines.append(
            s.inputFailed
                ? "strata: \(s.errors) input error(s); nothing was checked"
                : "strata: \(s.workspace ?? "workspace"): \(s.errors) error(s), \(s.warnings) warning(s), \(s.suppressed) suppressed")
        return lines.joined(separator: "\n") + "\n"
    }
}
