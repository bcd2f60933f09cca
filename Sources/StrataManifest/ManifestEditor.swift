import Foundation
public import StrataDiagnostics
import Yams

/// Adds an entry to the `modules:` or `apps:` section of strata.yml by inserting lines into its
/// text, so everything else in the file — comments, key order, alignment, blank lines, quoting —
/// stays byte for byte as the user wrote it. (Re-serializing the YAML would lose all of that.)
///
/// The new entry copies the style of the entry it follows: a one-line flow mapping
/// (`Logging: { layer: shared }`, padded to the same value column) after a one-line entry, a
/// block mapping with the same indentation otherwise.
public enum ManifestEditor {
    /// The sections an entry can be added to.
    public enum Section: String, Sendable {
        case modules, apps
    }

    /// One entry: its name and fields in the order they are written.
    public struct Entry: Sendable {
        /// A field's value: a scalar or a list of scalars.
        public enum Value: Sendable, Hashable {
            case flag(Bool)
            case scalar(String)
            case list([String])
            /// YAML written as given, such as a flow mapping: `{ packages: [X] }`.
            case raw(String)
        }

        public var name: String
        public var fields: [(key: String, value: Value)]

        public init(name: String, fields: [(key: String, value: Value)]) {
            self.name = name
            self.fields = fields
        }
    }

    /// `text` with `entry` added to `section`: after the entry named `sibling` (and whatever
    /// belongs to it) if given and present, else after the section's last entry. A missing or
    /// empty section is created or filled. Fails for a section written as a non-empty flow
    /// mapping (`modules: { A: …, B: … }`), which cannot grow by inserting lines.
    public static func inserting(
        _ entry: Entry, into section: Section, after sibling: String? = nil, in text: String, path: String
    ) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        let document = parsed.document
        let rootMapping = parsed.root
        let rootKeys = rootMapping.keys.compactMap(\.mark)
        let indentUnit = document.indentUnit(rootMapping)

        guard let (key, value) = rootMapping.first(where: { $0.key.string == section.rawValue }), let keyMark = key.mark else {
            // No such section: add it at the end.
            var lines = document.lines
            while let last = lines.last, last.trimmingBlanks().isEmpty { lines.removeLast() }
            lines.append("")
            lines.append("\(section.rawValue):")
            lines += render(entry, indent: indentUnit, step: indentUnit, flowColumn: nil)
            return document.joined(lines)
        }

        switch value {
        case .scalar(let scalar) where scalar.isNull:
            // `modules:` with nothing after it, or `modules: ~`.
            var lines = document.lines
            let keyLine = keyMark.line - 1
            if scalar.string == "~" || scalar.string.lowercased() == "null", let mark = value.mark {
                lines[keyLine] = document.removing(from: mark, count: scalar.string.count, in: lines[keyLine])
            }
            lines.insert(contentsOf: render(entry, indent: indentUnit, step: indentUnit, flowColumn: nil), at: keyLine + 1)
            return document.joined(lines)
        case .mapping(let mapping) where document.isFlow(value):
            guard mapping.isEmpty, let mark = value.mark else {
                throw InputErrors(
                    .inputError(
                        "cannot-edit-manifest", "'\(section.rawValue)' is written as a flow mapping ({ … }) that strata cannot add to",
                        at: SourceLocation(path: path, line: keyMark.line, column: keyMark.column),
                        hint: "write '\(section.rawValue):' as a block mapping, one entry per line, or add the entry by hand"))
            }
            // `modules: {}`: drop the braces and add the entry below.
            var lines = document.lines
            let line = mark.line - 1
            guard let width = document.emptyFlowWidth(at: mark, in: lines[line]) else {
                throw InputErrors(
                    .inputError(
                        "cannot-edit-manifest", "'\(section.rawValue)' is an empty mapping spread over several lines",
                        at: SourceLocation(path: path, line: keyMark.line, column: keyMark.column),
                        hint: "write '\(section.rawValue):' on a line of its own, or add the entry by hand"))
            }
            lines[line] = document.removing(from: mark, count: width, in: lines[line])
            lines.insert(contentsOf: render(entry, indent: indentUnit, step: indentUnit, flowColumn: nil), at: line + 1)
            return document.joined(lines)
        case .mapping(let mapping):
            let sectionEnd = rootKeys.map { $0.line - 1 }.filter { $0 > keyMark.line - 1 }.min() ?? document.lines.count
            return inserting(entry, into: Array(mapping), after: sibling, endingBefore: sectionEnd, in: document, indentUnit: indentUnit)
        default:
            throw InputErrors(
                .inputError(
                    "wrong-type", "'\(section.rawValue)' must be a mapping of names to their settings",
                    at: SourceLocation(path: path, line: keyMark.line, column: keyMark.column)))
        }
    }

    /// `document` with `entry` added to a block mapping's `entries`, after `sibling` (or the last
    /// entry) and whatever belongs to it, in the indentation and style of the entry before it.
    /// `sectionEnd` is the line (from 0) where the next root key starts, or the end of the file.
    private static func inserting(
        _ entry: Entry, into entries: [(key: Node, value: Node)], after sibling: String?, endingBefore sectionEnd: Int,
        in document: Document, indentUnit: Int
    ) -> String {
        guard let firstKey = entries.first?.key.mark else { preconditionFailure("a block mapping has at least one entry") }
        let indent = firstKey.column - 1
        let chosen = entries.lastIndex { $0.key.string == sibling } ?? entries.count - 1
        let start = entries[chosen].key.mark!.line - 1
        let next = chosen + 1 < entries.count ? entries[chosen + 1].key.mark!.line - 1 : sectionEnd
        let end = document.lastContentLine(from: start, before: next, indent: indent)
        let previous = entries[chosen]
        var step = indentUnit
        var flowColumn: Int?
        if case .mapping = previous.value, let fieldsMark = previous.value.mark {
            if document.isFlow(previous.value) {
                if fieldsMark.line == previous.key.mark!.line {
                    flowColumn = fieldsMark.column - 1
                }
            } else if fieldsMark.column - 1 > indent {
                step = fieldsMark.column - 1 - indent
            }
        }
        var lines = document.lines
        lines.insert(contentsOf: render(entry, indent: indent, step: step, flowColumn: flowColumn), at: end + 1)
        return document.joined(lines)
    }

    /// The lines of `entry`: one line in flow style with its value at `flowColumn` (as far as
    /// the name allows), like a one-line predecessor, or in block style.
    static func render(_ entry: Entry, indent: Int, step: Int, flowColumn: Int?) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let name = scalar(entry.name)
        if let flowColumn {
            let fields = entry.fields.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ")
            let head = pad + name + ":"
            let gap = max(1, flowColumn - head.count)
            return [head + String(repeating: " ", count: gap) + (fields.isEmpty ? "{}" : "{ \(fields) }")]
        }
        guard !entry.fields.isEmpty else { return [pad + name + ": {}"] }
        let inner = String(repeating: " ", count: indent + step)
        return [pad + name + ":"] + entry.fields.map { inner + "\($0.key): \(render($0.value))" }
    }

    static func render(_ value: Entry.Value) -> String {
        switch value {
        case .flag(let flag): return flag ? "true" : "false"
        case .scalar(let text): return scalar(text)
        case .list(let items): return "[" + items.map(scalar).joined(separator: ", ") + "]"
        case .raw(let text): return text
        }
    }

    /// `text` as a YAML scalar: plain when YAML reads it back as the same string, quoted otherwise.
    public static func scalar(_ text: String) -> String {
        let ambiguous: Set<String> = ["", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0))
        }
        if plain, !ambiguous.contains(text.lowercased()), text.first.map({ !$0.isNumber && $0 != "-" && $0 != "." }) ?? false {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// The text of strata.yml as lines, keeping its line ending and whether it ends with one.
struct Document {
    let lines: [String]
    let newline: String

    init(_ text: String) {
        newline = text.contains("\r\n") ? "\r\n" : "\n"
        let endsWithNewline = text.isEmpty || text.hasSuffix(newline)
        var lines = text.components(separatedBy: newline)
        if endsWithNewline, lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    func joined(_ lines: [String]) -> String {
        lines.joined(separator: newline) + newline
    }

    /// The indentation step the file uses for nested block mappings and lists (2 if none shows).
    func indentUnit(_ root: Node.Mapping) -> Int {
        for (key, value) in root {
            guard let keyMark = key.mark, let valueMark = value.mark, valueMark.line > keyMark.line else { continue }
            let step = valueMark.column - keyMark.column
            if step > 0 { return step }
        }
        return 2
    }

    /// The last line of an entry that starts at line `start` (0-based) and runs up to `next`:
    /// trailing blank lines and comments at or left of the entries' indentation belong to
    /// what follows (a `# domain` heading above the next group), deeper comments to the entry.
    func lastContentLine(from start: Int, before next: Int, indent: Int) -> Int {
        var end = min(next, lines.count) - 1
        while end > start {
            let line = lines[end]
            let content = line.trimmingBlanks()
            let depth = line.prefix { $0 == " " }.count
            guard content.isEmpty || (content.hasPrefix("#") && depth <= indent) else { break }
            end -= 1
        }
        return end
    }

    /// True if `node` is written in flow style (`{ … }`, `[ … ]`); Yams does not keep the style.
    func isFlow(_ node: Node) -> Bool {
        guard let mark = node.mark, mark.line - 1 < lines.count else { return false }
        let scalars = Array(lines[mark.line - 1].unicodeScalars)
        return mark.column - 1 < scalars.count && (scalars[mark.column - 1] == "{" || scalars[mark.column - 1] == "[")
    }

    /// The width of an empty flow mapping (`{}` or `{ }`) starting at `mark`, nil if it does
    /// not close on the same line.
    func emptyFlowWidth(at mark: Mark, in line: String) -> Int? {
        let scalars = Array(line.unicodeScalars)
        var index = mark.column - 1
        guard index < scalars.count, scalars[index] == "{" else { return nil }
        index += 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        return index + 1 - (mark.column - 1)
    }

    /// `line` without `count` scalars at `mark`'s column, and without the spaces left before it.
    func removing(from mark: Mark, count: Int, in line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        let start = mark.column - 1
        scalars.removeSubrange(start..<min(scalars.count, start + count))
        // `modules: {}` becomes `modules:`; `modules: {}  # note` becomes `modules:  # note`.
        let before = String(String.UnicodeScalarView(scalars[..<min(start, scalars.count)]))
        let after = String(String.UnicodeScalarView(scalars[min(start, scalars.count)...]))
        let result = before.trimmingTrailingBlanks() + after
        return result
    }
}

extension String {
    func trimmingBlanks() -> Substring {
        let trimmed = drop { $0 == " " || $0 == "\t" }
        return trimmed.prefix(trimmed.count - trimmed.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\r" }.count)
    }

    func trimmingTrailingBlanks() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
