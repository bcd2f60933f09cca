import Foundation
import StrataDiagnostics

/// Machine-readable output; the shape is versioned (`version`) and documented in docs/OUTPUT.md.
public struct JSONFormatter: DiagnosticFormatter {
    public init() {}

    private struct Document: Encodable {
        var version = 1
        /// Always present: null when the manifest could not be read far enough to name it.
        @NullWhenAbsent var workspace: String?
        var summary: Summary
        var diagnostics: [Entry]
    }
    private struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        var suppressed: Int
        var targets: Int
        var dependencies: Int
        var layers: Int
        var inputFailed: Bool
    }
    private struct Location: Encodable {
        var path: String
        var line: Int
        var column: Int
    }
    private struct Note: Encodable {
        var message: String
        var location: Location?
    }
    private struct Entry: Encodable {
        var id: String
        var severity: String
        var message: String
        var location: Location?
        var notes: [Note]
        var hint: String?
        var subject: DiagnosticSubject?
    }

    public func format(_ report: FormattableReport) -> String {
        func location(_ l: SourceLocation?) -> Location? {
            l.map { Location(path: report.displayPath($0.path), line: $0.line, column: $0.column) }
        }
        let s = report.summary
        let document = Document(
            workspace: s.workspace,
            summary: Summary(
                errors: s.errors, warnings: s.warnings, suppressed: s.suppressed, targets: s.targets,
                dependencies: s.edges, layers: s.layers, inputFailed: s.inputFailed),
            diagnostics: report.diagnostics.map { d in
                Entry(
                    id: d.id, severity: d.severity.rawValue, message: d.message, location: location(d.location),
                    notes: d.notes.map { Note(message: $0.message, location: location($0.location)) },
                    hint: d.hint, subject: d.subject)
            })
        return encodeJSON(document)
    }
}

/// Pretty, key-sorted JSON with a final newline, for stable output.
func encodeJSON<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
}
