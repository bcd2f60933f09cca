import StrataDiagnostics

/// A token of the Ruby that podspecs and Podfiles are written in, as far as Strata reads them
/// statically: names, literals, punctuation and line ends, each with where it starts.
struct RubyToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `name`, `s`, `dependency`, `do`, `end`, `true` (keywords are identifiers here).
        case identifier(String)
        /// `Pod`, `Spec` (a name starting with a capital).
        case constant(String)
        /// `:ios`, or a hash label's name (`path:` is `.label("path")`).
        case symbol(String)
        case label(String)
        /// A string without interpolation (quoted, `%q`, a heredoc's text).
        case string(String)
        /// A double-quoted string with `#{…}` in it: its text is not known statically.
        case interpolated(String)
        /// `%w[a b]` / `%i[a b]`: the words.
        case words([String])
        case number(String)
        /// Punctuation and operators: `.`, `,`, `=`, `=>`, `(`, `)`, `[`, `]`, `{`, `}`, `|`, `::`, `+`, …
        case punctuation(String)
        /// A line end that ends a statement (or `;`).
        case newline
    }
    var kind: Kind
    var line: Int
    var column: Int
}

extension [RubyToken] {
    /// Where the statement that goes on at `start` ends: its line end (or the enclosing block's
    /// `end`), past any `do … end` blocks inside it.
    func endOfStatement(from start: Int) -> Int {
        var position = start
        var blocks = 0
        while position < count {
            let kind = self[position].kind
            if kind == .newline && blocks == 0 { return position }
            if kind == .identifier("do") { blocks += 1 }
            if kind == .identifier("end") {
                if blocks == 0 { return position }
                blocks -= 1
            }
            position += 1
        }
        return position
    }
}

/// Splits Ruby source into ``RubyToken``s. Comments (`#`, `=begin`…`=end`) are dropped; a line
/// end inside brackets, or after an operator or a comma, continues the statement.
struct RubyLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [RubyToken] = []
    /// Heredocs whose bodies start at the next line: their terminators and whether they may be indented.
    private var pendingHeredocs: [(terminator: String, squiggly: Bool, token: Int)] = []
    let path: String

    init(_ text: String, path: String) {
        bytes = Array(text.utf8)
        self.path = path
    }

    /// The tokens of the source, or the located error of the first thing that is not Ruby it reads.
    static func tokenize(_ text: String, path: String) throws(InputErrors) -> [RubyToken] {
        var lexer = RubyLexer(text, path: path)
        return try lexer.run()
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> InputErrors {
        InputErrors([
            .inputError(
                "unreadable-podspec", message, at: SourceLocation(path: path, line: line ?? self.line, column: column ?? self.column),
                hint:
                    "Strata reads podspecs and Podfiles written in CocoaPods' plain DSL; for a podspec that needs Ruby, list the JSON CocoaPods makes of it ('pod ipc spec X.podspec > X.podspec.json') instead"
            )
        ])
    }

    // Long because it is the lexer's one loop: a switch on the next byte whose cases are a few
    // lines each; split, the cases would need the loop's state passed around.
    private mutating func run() throws(InputErrors) -> [RubyToken] {
        while index < bytes.count {
            let byte = bytes[index]
            let (startLine, startColumn) = (line, column)
            func add(_ kind: RubyToken.Kind) { tokens.append(RubyToken(kind: kind, line: startLine, column: startColumn)) }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\\") where peek(1) == UInt8(ascii: "\n"):
                index += 1
                newLine()
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                if byte == UInt8(ascii: "\n") {
                    newLine()
                    try readHeredocBodies()
                } else {
                    index += 1
                }
                if let last = tokens.last, !continues(after: last), depth == 0 { add(.newline) }
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "="):
                if column == 1, startsWith("=begin") {
                    while index < bytes.count, !(column == 1 && startsWith("=end")) {
                        if bytes[index] == UInt8(ascii: "\n") { newLine() } else { index += 1 }
                    }
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if peek(1) == UInt8(ascii: ">") {
                    index += 2
                    add(.punctuation("=>"))
                } else if peek(1) == UInt8(ascii: "=") {
                    index += 2
                    add(.punctuation("=="))
                } else {
                    index += 1
                    add(.punctuation("="))
                }
            case UInt8(ascii: "'"):
                add(.string(try quoted(UInt8(ascii: "'"))))
            case UInt8(ascii: "\""):
                let (text, interpolates) = try doubleQuoted()
                add(interpolates ? .interpolated(text) : .string(text))
            case UInt8(ascii: "%") where peek(1).map(isPercentLiteral) == true:
                add(try percentLiteral())
            case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "<") && heredocStart():
                add(.string(""))
                try heredoc(token: tokens.count - 1)
            case UInt8(ascii: ":") where peek(1) == UInt8(ascii: ":"):
                index += 2
                add(.punctuation("::"))
            case UInt8(ascii: ":") where peek(1).map(isNameStart) == true:
                index += 1
                add(.symbol(name()))
            case UInt8(ascii: ":") where peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'"):
                index += 1
                let quote = bytes[index]
                add(.symbol(quote == UInt8(ascii: "'") ? try quoted(quote) : try doubleQuoted().0))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                add(.number(String(decoding: bytes[start..<index], as: UTF8.self)))
            case _ where isNameStart(byte):
                let word = name()
                // `path: 'x'` (a hash label), but not `a ? b : c` nor `Pod::Spec`.
                if index < bytes.count, bytes[index] == UInt8(ascii: ":"), peek(1) != UInt8(ascii: ":") {
                    index += 1
                    add(.label(word))
                } else if let first = word.unicodeScalars.first, ("A"..."Z").contains(first) {
                    add(.constant(word))
                } else {
                    add(.identifier(word))
                }
            default:
                let punctuation = ["**", "&&", "||", "!=", "<=", ">=", "+=", "-=", "<<", "||="]
                if let match = punctuation.first(where: { startsWith($0) }) {
                    index += match.utf8.count
                    add(.punctuation(match))
                } else if "().,[]{}|+-*/!?<>&".utf8.contains(byte) {
                    index += 1
                    add(.punctuation(String(decoding: [byte], as: UTF8.self)))
                    if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                        // `{ |s|` opens a block, whose lines are statements; other brackets continue one.
                        let isBlock = byte == UInt8(ascii: "{") && nextNonBlank() == UInt8(ascii: "|")
                        brackets.append(isBlock)
                        if !isBlock { depth += 1 }
                    }
                    if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                        if brackets.popLast() == false { depth = max(0, depth - 1) }
                    }
                } else {
                    throw error("unexpected character '\(String(decoding: [byte], as: UTF8.self))'")
                }
            }
        }
        if !pendingHeredocs.isEmpty { throw error("a heredoc is not closed before the end of the file") }
        if let last = tokens.last, last.kind != .newline { tokens.append(RubyToken(kind: .newline, line: line, column: column)) }
        return tokens
    }

    /// Open brackets: a line end inside them does not end the statement.
    private var depth = 0
    /// Every open bracket, innermost last: true for a block's `{`.
    private var brackets: [Bool] = []

    private func nextNonBlank() -> UInt8? {
        var i = index
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i < bytes.count ? bytes[i] : nil
    }

    private func continues(after token: RubyToken) -> Bool {
        if case .punctuation(let p) = token.kind { return [",", ".", "=", "=>", "+", "-", "*", "/", "&&", "||", "::"].contains(p) }
        return token.kind == .newline
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func startsWith(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && Array(bytes[index..<index + utf8.count]) == utf8
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    private func isPercentLiteral(_ byte: UInt8) -> Bool {
        [UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "q"), UInt8(ascii: "Q")].contains(byte)
    }

    /// A name, with a trailing `?` or `!` (`static_framework?`).
    private mutating func name() -> String {
        let start = index
        while index < bytes.count, isNameStart(bytes[index]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!"), peek(1) != UInt8(ascii: "=") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A single-quoted string (`\\` and `\'` are the only escapes).
    private mutating func quoted(_ quote: UInt8) throws(InputErrors) -> String {
        let (startLine, startColumn) = (line, column)
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "\\"), let next = peek(1), next == quote || next == UInt8(ascii: "\\") {
                text.append(next)
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\n") {
                text.append(bytes[index])
                newLine()
                continue
            }
            text.append(bytes[index])
            index += 1
        }
        guard index < bytes.count else { throw error("this string is not closed", line: startLine, column: startColumn) }
        index += 1
        return String(decoding: text, as: UTF8.self)
    }

    /// A double-quoted string, and whether it interpolates (`#{…}`).
    private mutating func doubleQuoted() throws(InputErrors) -> (String, Bool) {
        let (startLine, startColumn) = (line, column)
        index += 1
        var text: [UInt8] = []
        var interpolates = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), let next = peek(1) {
                switch next {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                default: text.append(next)
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "{") {
                interpolates = true
                var nesting = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "{") { nesting += 1 }
                    text.append(bytes[index])
                    if bytes[index] == UInt8(ascii: "}") {
                        nesting -= 1
                        if nesting == 0 { break }
                    }
                    index += 1
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\n") {
                text.append(byte)
                newLine()
                continue
            }
            text.append(byte)
            index += 1
        }
        guard index < bytes.count else { throw error("this string is not closed", line: startLine, column: startColumn) }
        index += 1
        return (String(decoding: text, as: UTF8.self), interpolates)
    }

    /// `%w[a b]`, `%i(a b)`, `%q{text}`.
    private mutating func percentLiteral() throws(InputErrors) -> RubyToken.Kind {
        let (startLine, startColumn) = (line, column)
        let kind = bytes[index + 1]
        index += 2
        guard index < bytes.count else { throw error("a % literal is not closed", line: startLine, column: startColumn) }
        let open = bytes[index]
        let close: UInt8
        switch open {
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        case UInt8(ascii: "{"): close = UInt8(ascii: "}")
        case UInt8(ascii: "<"): close = UInt8(ascii: ">")
        default: close = open
        }
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != close {
            if bytes[index] == UInt8(ascii: "\n") {
                text.append(0x20)
                newLine()
                continue
            }
            text.append(bytes[index])
            index += 1
        }
        guard index < bytes.count else { throw error("a % literal is not closed", line: startLine, column: startColumn) }
        index += 1
        let content = String(decoding: text, as: UTF8.self)
        if kind == UInt8(ascii: "q") || kind == UInt8(ascii: "Q") { return .string(content) }
        return .words(content.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// Whether `<<` here starts a heredoc (`<<-EOS`, `<<~EOS`, `<<EOS`, quoted or not).
    private func heredocStart() -> Bool {
        guard let third = peek(2) else { return false }
        if third == UInt8(ascii: "-") || third == UInt8(ascii: "~") {
            return peek(3).map { isNameStart($0) || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") } == true
        }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(third) || third == UInt8(ascii: "'") || third == UInt8(ascii: "\"")
    }

    /// Reads a heredoc's opener; its body is read when the line ends.
    private mutating func heredoc(token: Int) throws(InputErrors) {
        index += 2
        var squiggly = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "~") {
            squiggly = true
            index += 1
        }
        let terminator: String
        if bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") {
            terminator = try quoted(bytes[index])
        } else {
            terminator = name()
        }
        pendingHeredocs.append((terminator, squiggly, token))
    }

    /// After a line end: the bodies of the heredocs opened on that line, up to their terminators.
    private mutating func readHeredocBodies() throws(InputErrors) {
        let pending = pendingHeredocs
        pendingHeredocs = []
        for heredoc in pending {
            var body: [String] = []
            while true {
                guard index < bytes.count else {
                    throw error(
                        "the heredoc '\(heredoc.terminator)' is not closed", line: tokens[heredoc.token].line, column: tokens[heredoc.token].column)
                }
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if index < bytes.count { newLine() }
                let trimmed = heredoc.squiggly ? text.drop(while: { $0 == " " || $0 == "\t" }) : Substring(text)
                if trimmed == heredoc.terminator || trimmed == heredoc.terminator + "\r" { break }
                body.append(text)
            }
            tokens[heredoc.token].kind = .string(body.joined(separator: "\n"))
        }
    }
}
