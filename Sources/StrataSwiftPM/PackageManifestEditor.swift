public import StrataDiagnostics
import StrataLexer
import StrataSources

/// Edits one target's `dependencies:` in a Package.swift as text, token by token, so that the
/// rest of the file stays byte for byte: adopt mode's `strata add dependency`, `strata rm
/// dependency` and `strata check --fix`. The target must be declared as `.target(name: "X", …)`
/// (or `.executableTarget`, `.testTarget`, `.macro`) with literal arguments; anything built by
/// helper code is an error that says so.
public enum PackageManifestEditor {
    /// A dependency as a Package.swift writes it.
    public enum Reference: Sendable, Hashable {
        /// A target of the same package: `"Name"`.
        case target(String)
        /// A product of another package: `.product(name: "Name", package: "package")`.
        case product(name: String, package: String)

        var name: String {
            switch self {
            case .target(let name), .product(let name, _): name
            }
        }

        var written: String {
            switch self {
            case .target(let name): "\"\(name)\""
            case .product(let name, let package): ".product(name: \"\(name)\", package: \"\(package)\")"
            }
        }
    }

    /// `text` with `reference` added to target `target`'s dependencies.
    public static func adding(_ reference: Reference, toTarget target: String, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path, target: target)
        var bytes = Array(text.utf8)
        if let list = parsed.dependencies {
            if parsed.elements.contains(where: { $0.name == reference.name }) {
                throw InputErrors(
                    .inputError(
                        "already-a-dependency", "'\(target)' already depends on '\(reference.name)'", at: parsed.location(parsed.nameToken)))
            }
            let close = parsed.tokens[list.upperBound]
            let last = parsed.tokens[list.upperBound - 1]
            let insertion: (Int, String) =
                list.upperBound - 1 == list.lowerBound
                ? (close.range.lowerBound, reference.written)  // `[]`
                : last.kind == .comma ? (last.range.upperBound, " \(reference.written),") : (last.range.upperBound, ", \(reference.written)")
            bytes.insert(contentsOf: Array(insertion.1.utf8), at: insertion.0)
        } else {
            let name = parsed.tokens[parsed.nameToken]
            bytes.insert(contentsOf: Array(", dependencies: [\(reference.written)]".utf8), at: name.range.upperBound)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without the dependency named `name` (`"X"`, `.target(name: "X")`, `.byName(name:
    /// "X")`, `.product(name: "X", …)`) of target `target`.
    public static func removing(_ name: String, fromTarget target: String, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path, target: target)
        guard let list = parsed.dependencies, let index = parsed.elements.firstIndex(where: { $0.name == name }) else {
            throw InputErrors(
                .inputError(
                    "unknown-dependency", "'\(target)' does not list '\(name)' in its dependencies", at: parsed.location(parsed.nameToken),
                    hint: "only a dependency written in the target's 'dependencies:' can be removed"))
        }
        let tokens = parsed.tokens, element = parsed.elements[index]
        var bytes = Array(text.utf8)
        let range: Range<Int>
        let hasComma = element.last + 1 < list.upperBound && tokens[element.last + 1].kind == .comma
        if hasComma, index + 1 < parsed.elements.count {
            // `A, ` up to the next element.
            range = tokens[element.first].range.lowerBound..<tokens[parsed.elements[index + 1].first].range.lowerBound
        } else if hasComma, index > 0 {
            // The last element, with a trailing comma: from the comma before it, the way `add` put it there.
            range = tokens[parsed.elements[index - 1].last + 1].range.upperBound..<tokens[element.last + 1].range.upperBound
        } else if hasComma {
            range = tokens[element.first].range.lowerBound..<tokens[element.last + 1].range.upperBound
        } else if index > 0 {
            // The last element: from the end of the one before, its comma included.
            range = tokens[parsed.elements[index - 1].last].range.upperBound..<tokens[element.last].range.upperBound
        } else {
            range = tokens[element.first].range.lowerBound..<tokens[element.last].range.upperBound
        }
        bytes.removeSubrange(range)
        // A line the removal left blank goes too.
        var lineStart = range.lowerBound
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = range.lowerBound
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        if lineEnd < bytes.count, lineStart < lineEnd || lineStart > 0,
            bytes[lineStart..<lineEnd].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        {
            bytes.removeSubrange(lineStart...lineEnd)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A target's declaration, located in the tokens.
    struct Parsed {
        var source: SourceText
        var tokens: [Token]
        var path: String
        /// The token of the target's name string.
        var nameToken: Int
        /// The `[` and `]` of its `dependencies:`, if it has them.
        var dependencies: ClosedRange<Int>?
        /// Each element of the list: its first and last token and the name it depends on.
        var elements: [(first: Int, last: Int, name: String?)] = []

        init(_ text: String, path: String, target: String) throws(InputErrors) {
            source = SourceText(text)
            tokens = Lexer.tokenize(source).tokens
            self.path = path
            let kinds: Set<String> = ["target", "executableTarget", "testTarget", "macro"]
            var found: Int?
            for i in tokens.indices where i + 5 < tokens.count {
                if tokens[i].kind == .period, tokens[i + 1].kind == .identifier, kinds.contains(source.text(of: tokens[i + 1])),
                    tokens[i + 2].kind == .leftParen, source.token(tokens[i + 3], is: "name"), tokens[i + 4].kind == .colon,
                    source.stringValue(of: tokens[i + 5]) == target
                {
                    found = i
                    break
                }
            }
            guard let start = found else {
                throw InputErrors(
                    .inputError(
                        "cannot-edit-package", "'\(target)' is not declared as '.target(name: \"\(target)\", …)' in this Package.swift",
                        at: .file(path),
                        hint: "a target made by helper code cannot be edited as text; change its dependencies by hand"))
            }
            nameToken = start + 5
            // The call's arguments at its own depth: find `dependencies: [ … ]`.
            var depth = 0
            var index = start + 2
            while index < tokens.count {
                let token = tokens[index]
                if [.leftParen, .leftBracket, .leftBrace].contains(token.kind) { depth += 1 }
                if [.rightParen, .rightBracket, .rightBrace].contains(token.kind) {
                    depth -= 1
                    if depth == 0 { break }
                }
                if depth == 1, token.kind == .identifier, source.text(of: token) == "dependencies", index + 2 < tokens.count,
                    tokens[index + 1].kind == .colon, tokens[index + 2].kind == .leftBracket
                {
                    dependencies = try Self.list(from: index + 2, in: tokens, path: path, source: source)
                    break
                }
                index += 1
            }
            if let list = dependencies { elements = Self.elements(of: list, in: tokens, source: source) }
        }

        func location(_ token: Int) -> SourceLocation {
            let (line, column) = LineIndex(source).position(of: tokens[token].range.lowerBound)
            return SourceLocation(path: path, line: line, column: column)
        }

        /// `[` at `open` to its `]`.
        static func list(from open: Int, in tokens: [Token], path: String, source: SourceText) throws(InputErrors) -> ClosedRange<Int> {
            var depth = 0
            for index in open..<tokens.count {
                if [.leftParen, .leftBracket, .leftBrace].contains(tokens[index].kind) { depth += 1 }
                if [.rightParen, .rightBracket, .rightBrace].contains(tokens[index].kind) {
                    depth -= 1
                    if depth == 0 { return open...index }
                }
            }
            throw InputErrors(.inputError("cannot-edit-package", "a 'dependencies:' list that does not close", at: .file(path)))
        }

        /// The elements between the brackets of `list`, split at the commas of its own depth.
        static func elements(of list: ClosedRange<Int>, in tokens: [Token], source: SourceText) -> [(first: Int, last: Int, name: String?)] {
            var result: [(first: Int, last: Int, name: String?)] = []
            var depth = 0
            var start = list.lowerBound + 1
            func close(_ end: Int) {
                guard start <= end else { return }
                result.append((start, end, name(start...end)))
            }
            func name(_ range: ClosedRange<Int>) -> String? {
                if range.count == 1, tokens[range.lowerBound].kind == .string { return source.stringValue(of: tokens[range.lowerBound]) }
                // `.target(name: "X")`, `.byName(name: "X")`, `.product(name: "X", package: …)`
                for index in range where index + 2 <= range.upperBound {
                    if source.token(tokens[index], is: "name"), tokens[index + 1].kind == .colon, tokens[index + 2].kind == .string {
                        return source.stringValue(of: tokens[index + 2])
                    }
                }
                return nil
            }
            for index in (list.lowerBound + 1)..<list.upperBound {
                let kind = tokens[index].kind
                if [.leftParen, .leftBracket, .leftBrace].contains(kind) { depth += 1 }
                if [.rightParen, .rightBracket, .rightBrace].contains(kind) { depth -= 1 }
                if depth == 0, kind == .comma {
                    close(index - 1)
                    start = index + 1
                }
            }
            close(list.upperBound - 1)
            return result
        }
    }
}
