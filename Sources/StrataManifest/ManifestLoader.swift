public import Foundation
public import StrataDiagnostics
import StrataFileSystem
import Yams

/// Reads and validates a strata.yml.
///
/// Every problem in the file — malformed YAML, an unknown key, a wrong type, an invalid value —
/// becomes an input diagnostic with the file, line and column and a hint; the loader reports
/// all of them rather than stopping at the first.
public enum ManifestLoader {
    /// The file name Strata looks for in a workspace folder.
    public static let fileName = "strata.yml"

    /// Reads the manifest at `path` (absolute). With `knownRules`, the ids under `rules:` are
    /// checked against them with the rest of the file, so every problem is reported at once.
    public static func load(path: String, knownRules: [String]? = nil) throws(InputErrors) -> Manifest {
        try parse(ManifestBytes(path: path, bytes: read(path: path)), knownRules: knownRules)
    }

    /// The bytes of the manifest at `path`, or the input error that says it cannot be read.
    package static func read(path: String) throws(InputErrors) -> [UInt8] {
        try InputFile.bytes(path)
    }

    /// Parses manifest bytes; `path` is used for diagnostics.
    public static func parse(data: Data, path: String, knownRules: [String]? = nil) throws(InputErrors) -> Manifest {
        try parse(ManifestBytes(path: path, bytes: [UInt8](data)), knownRules: knownRules)
    }

    /// `parse(data:path:knownRules:)` of bytes already read and hashed.
    package static func parse(_ bytes: ManifestBytes, knownRules: [String]?) throws(InputErrors) -> Manifest {
        if let kept = ManifestCache.manifest(for: bytes, knownRules: knownRules) { return kept }
        let path = bytes.path
        let text = try decodeUTF8(bytes.bytes, path: path)
        let root = try YAMLDocument.compose(text, path: path)
        guard let root, !isEmptyDocument(root) else {
            throw InputErrors([
                .inputError(
                    "empty-manifest", "\(fileName) is empty", at: .file(path),
                    hint: "a manifest needs at least 'layers:' and either 'modules:' or 'adopt:'; see docs/MANIFEST.md"
                )
            ])
        }
        var parser = ManifestParser(path: path, knownRules: knownRules)
        let manifest = parser.parse(root)
        if let manifest, parser.reader.diagnostics.isEmpty {
            ManifestCache.store(manifest, for: bytes, knownRules: knownRules)
            return manifest
        }
        throw InputErrors(parser.reader.diagnostics)
    }

    private static func isEmptyDocument(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.isNull { return true }
        return false
    }

    /// Decodes UTF-8 (dropping a byte-order mark); reports the first invalid byte's position.
    package static func decodeUTF8(_ bytes: [UInt8], path: String) throws(InputErrors) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        }
        // Find the first byte that does not decode, to point at it.
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var line = 1
        var lineStart = 0
        var validBytes = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                offset += width
                if scalar == "\n" { line += 1; lineStart = offset }
                validBytes = offset
            case .emptyInput:
                break loop
            case .error:
                break loop
            }
        }
        let column = String(decoding: bytes[lineStart..<validBytes], as: UTF8.self).unicodeScalars.count + 1
        throw InputErrors([
            .inputError(
                "invalid-encoding", "\(URL(fileURLWithPath: path).lastPathComponent) is not valid UTF-8 (byte offset \(validBytes))",
                at: SourceLocation(path: path, line: line, column: column),
                hint: "save the file as UTF-8"
            )
        ])
    }
}

/// Turns Yams errors into diagnostics with a position and a hint.
enum YAMLErrorTranslator {
    static func diagnostic(for error: any Error, text: String, path: String) -> Diagnostic {
        guard let yamlError = error as? YamlError else {
            return .inputError("yaml-syntax", "cannot parse YAML: \(error)", at: .file(path))
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var notes: [DiagnosticNote] = []
            if let context {
                notes.append(DiagnosticNote(context.text, at: SourceLocation(path: path, line: context.mark.line, column: context.mark.column)))
            }
            return .inputError(
                "yaml-syntax", "malformed YAML: \(problem)",
                at: SourceLocation(path: path, line: mark.line, column: mark.column),
                hint: hint(for: problem, line: lineText(text, mark.line)),
                notes: notes
            )
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKey(duplicates.first ?? "?", firstMark: context.mark, text: text, path: path)
        case .reader(let problem, let offset, _, _):
            let location =
                offset.map { offset -> SourceLocation in
                    let prefix = text.unicodeScalars.prefix(offset)
                    let line = prefix.filter { $0 == "\n" }.count + 1
                    let column = prefix.count - (prefix.lastIndex(of: "\n").map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
                    return SourceLocation(path: path, line: line, column: column)
                } ?? .file(path)
            return .inputError("yaml-syntax", "cannot read YAML: \(problem)", at: location, hint: "remove control characters from the file")
        default:
            return .inputError("yaml-syntax", "cannot parse YAML: \(yamlError)", at: .file(path))
        }
    }

    private static func lineText(_ text: String, _ line: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return line >= 1 && line <= lines.count ? String(lines[line - 1]) : ""
    }

    private static func hint(for problem: String, line: String) -> String {
        if line.contains("\t") || problem.contains("tab") {
            return "YAML does not allow tabs for indentation; indent with spaces"
        }
        if problem.contains("mapping values are not allowed") {
            return "a value containing ': ' must be quoted, or a key is indented wrongly"
        }
        if problem.contains("did not find expected") {
            return "check the indentation and that every '[', '{' and quote is closed"
        }
        return "check the YAML syntax around this position"
    }

    /// Yams names only the first occurrence of a duplicated key; find the second and name the
    /// enclosing section or entry.
    private static func duplicateKey(_ key: String, firstMark: Mark, text: String, path: String) -> Diagnostic {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = SourceLocation(path: path, line: firstMark.line, column: firstMark.column)
        let notes = [DiagnosticNote("first declared here", at: first)]
        let line = firstMark.line >= 1 && firstMark.line <= lines.count ? lines[firstMark.line - 1] : ""
        if let flow = flowMappingOwner(line: line, column: firstMark.column) {
            return duplicateKeyInFlowMapping(key, owner: flow, first: first, lines: lines, notes: notes)
        }
        let indentation = firstMark.column - 1
        func startsWithKey(_ line: String) -> Bool {
            let body = line.dropFirst(indentation)
            guard line.prefix(indentation).allSatisfy({ $0 == " " || $0 == "-" }) else { return false }
            return body.hasPrefix(key + ":") || body.hasPrefix("\"\(key)\":") || body.hasPrefix("'\(key)':")
        }
        var second = first
        if firstMark.line < lines.count {
            for index in firstMark.line..<lines.count where startsWithKey(lines[index]) {
                second = SourceLocation(path: path, line: index + 1, column: firstMark.column)
                break
            }
        }
        let section = enclosingKey(above: firstMark.line, indentation: indentation, lines: lines)
        switch section {
        case "modules":
            return .inputError(
                "duplicate-module", "module '\(key)' is declared twice", at: second,
                hint: "rename one of the modules or merge the two declarations", notes: notes)
        case "apps":
            return .inputError(
                "duplicate-app", "app '\(key)' is declared twice", at: second,
                hint: "rename one of the apps or merge the two declarations", notes: notes)
        default:
            let place = section.map { " in '\($0)'" } ?? ""
            return .inputError(
                "duplicate-key", "key '\(key)' appears twice\(place)", at: second,
                hint: "remove one of them; YAML keys must be unique", notes: notes)
        }
    }

    /// The key that a `{ … }` flow mapping holding `column` of `line` belongs to (`A` for
    /// `  A: { layer: core, layer: shared }`), with its indentation; nil outside a flow mapping.
    private static func flowMappingOwner(line: String, column: Int) -> (key: String, indentation: Int)? {
        let before = Array(line.prefix(max(column - 1, 0)))
        var depth = 0
        var opening: Int?
        for (index, character) in before.enumerated().reversed() {
            if character == "}" { depth += 1 }
            if character == "{" {
                if depth == 0 {
                    opening = index
                    break
                }
                depth -= 1
            }
        }
        guard let opening else { return nil }
        let head = String(before[..<opening])
        let indentation = head.prefix { $0 == " " || $0 == "-" }.count
        var key = head.trimmingCharacters(in: .whitespaces)
        if key.hasPrefix("- ") { key = String(key.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
        if key.hasSuffix(":") { key = String(key.dropLast()).trimmingCharacters(in: .whitespaces) }
        key = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return (key, indentation)
    }

    /// `key` given twice inside the flow mapping of `owner`: the second is found after the first
    /// on the same line or the lines below, and the message names the module, app or key.
    private static func duplicateKeyInFlowMapping(
        _ key: String, owner: (key: String, indentation: Int), first: SourceLocation, lines: [String], notes: [DiagnosticNote]
    ) -> Diagnostic {
        var second = first
        let escaped = NSRegularExpression.escapedPattern(for: key)
        if let pattern = try? NSRegularExpression(pattern: "[{,]\\s*[\"']?\(escaped)[\"']?\\s*:") {
            search: for index in (first.line - 1)..<lines.count {
                let line = lines[index]
                let start = index == first.line - 1 ? first.column : 0
                let characters = Array(line)
                guard start < characters.count else { continue }
                let rest = String(characters[start...])
                if let match = pattern.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest)),
                    let range = Range(match.range, in: rest)
                {
                    let offset = rest.distance(from: rest.startIndex, to: range.lowerBound)
                    let keyOffset = rest[range].dropFirst().prefix { $0 == " " }.count + 1
                    second = SourceLocation(path: first.path, line: index + 1, column: start + offset + keyOffset + 1)
                    break search
                }
            }
        }
        let section = enclosingKey(above: first.line, indentation: owner.indentation, lines: lines)
        let whose =
            switch section {
            case "modules": "module '\(owner.key)'"
            case "apps": "app '\(owner.key)'"
            case "packages": "package '\(owner.key)'"
            default: "'\(owner.key)'"
            }
        return .inputError(
            "duplicate-key", "\(whose) gives '\(key)' twice", at: second,
            hint: "remove one of them; keys in '{ … }' must be unique", notes: notes)
    }

    /// The nearest key above `line` (1-based) indented less than `indentation`.
    private static func enclosingKey(above line: Int, indentation: Int, lines: [String]) -> String? {
        var index = line - 2
        while index >= 0 {
            let text = lines[index]
            let trimmed = text.drop { $0 == " " }
            let depth = text.count - trimmed.count
            if depth < indentation, !trimmed.isEmpty, !trimmed.hasPrefix("#") {
                return trimmed.split(separator: ":").first.map(String.init)
            }
            index -= 1
        }
        return nil
    }
}
