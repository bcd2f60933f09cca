import Foundation
import Mustache
public import StrataDiagnostics

/// Renders templates with swift-mustache as plain text (no HTML escaping: the output is Swift).
public enum TemplateRenderer {
    /// Switches off HTML escaping; put before every template on a line of its own (a standalone
    /// tag leaves no trace; on the template's first line it would keep section tags there from
    /// being standalone), so error line numbers are one more than the file's.
    private static let textPragma = "{{% CONTENT_TYPE: TEXT}}\n"

    /// The rendered file: its path inside the target's folder and its contents. Blank lines at
    /// the start are dropped and runs of blank lines become one (section tags on lines of their
    /// own leave them behind), and the file ends with one newline.
    public static func render(_ file: TemplateFile, context: [String: Any]) throws(InputErrors) -> (path: String, contents: String) {
        let path = try render(file.path, origin: file.origin, context: context, isPath: true)
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw InputErrors(
                .inputError(
                    "invalid-template",
                    "the file name of template '\(file.origin)' renders as '\(path)', which is not a path inside the target's folder",
                    at: location(file.origin, line: nil, column: nil),
                    hint: "file names may use values such as {{module}}, and must not be empty, absolute or contain '..'"))
        }
        let text = try render(file.text, origin: file.origin, context: context, isPath: false)
        return (path, normalized(text))
    }

    private static func render(_ text: String, origin: String, context: [String: Any], isPath: Bool) throws(InputErrors) -> String {
        do {
            return try MustacheTemplate(string: textPragma + text).render(context)
        } catch let error as MustacheTemplate.ParserError {
            let line = max(1, error.context.lineNumber - 1)
            let column = error.context.columnNumber
            throw InputErrors(
                .inputError(
                    "invalid-template",
                    "\(isPath ? "the file name of " : "")template '\(displayName(origin))' is not valid Mustache: \(describe(error.error))",
                    at: isPath ? location(origin, line: nil, column: nil) : location(origin, line: line, column: column),
                    hint: "see docs/SCAFFOLDING.md for the values a template can use"))
        } catch {
            throw InputErrors(
                .inputError(
                    "invalid-template", "template '\(displayName(origin))' is not valid Mustache: \(error)",
                    at: location(origin, line: nil, column: nil)))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a tag is not closed with '}}'"
        case .expectedSectionEnd: return "a section is not closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: return "a pragma ({{% … }}) is not understood"
        default: return "\(error)"
        }
    }

    private static func displayName(_ origin: String) -> String {
        origin.hasPrefix(TemplateLibrary.builtInPrefix) ? "built-in " + origin.dropFirst(TemplateLibrary.builtInPrefix.count) : origin
    }

    private static func location(_ origin: String, line: Int?, column: Int?) -> SourceLocation? {
        guard !origin.hasPrefix(TemplateLibrary.builtInPrefix) else { return nil }
        guard let line, let column else { return .file(origin) }
        return SourceLocation(path: origin, line: line, column: column)
    }

    static func normalized(_ text: String) -> String {
        // A line of only spaces (an indented section tag's leftover) counts as blank.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.allSatisfy { $0 == " " } ? "" : $0 }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var result: [Substring] = []
        for line in lines where !(line.isEmpty && result.last?.isEmpty == true) { result.append(line) }
        return result.isEmpty ? "" : result.joined(separator: "\n") + "\n"
    }
}
