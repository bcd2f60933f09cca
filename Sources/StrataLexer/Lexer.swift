/// A problem the lexer met: the source is not valid Swift there, but lexing went on.
public struct LexerProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case unterminatedString = "unterminated string literal"
        case unterminatedBlockComment = "unterminated block comment"
        case unterminatedRegex = "unterminated regex literal"
        case unterminatedBacktick = "unterminated backtick identifier"
    }
    public var kind: Kind
    /// Byte offset where the unterminated construct starts.
    public var offset: Int
}

/// Splits Swift source into tokens, skipping whitespace and comments.
///
/// It knows exactly where comments (`//`, nested `/* /* */ */`), string literals (`"…"`,
/// `"""…"""`, raw `#"…"#` with any number of `#`, interpolations containing strings) and
/// `#/…/#` regex literals begin and end, so that text inside them is never taken for code.
/// Bad input never stops it: unterminated constructs are recorded in `problems` and lexing
/// continues (a single-line string ends at its line's end, a comment at the end of the file).
public struct Lexer: Sendable {
    public let source: SourceText
    /// `source.bytes`, held directly so the hot loops read it in place.
    private let b: [UInt8]
    private var position: Int
    private var atStartOfLine = true
    /// The token returned last: a `/` is a regex literal or an operator depending on it. It is
    /// classified only when a `/` comes, which is rare, rather than for every token.
    private var previousToken: Token?
    /// A regex literal found inside an operator (`!/x/`), to be returned after the operator part.
    private var pendingRegex: (range: Range<Int>, unterminated: Bool)?
    /// Problems met so far.
    public private(set) var problems: [LexerProblem] = []

    public init(_ source: SourceText) {
        self.source = source
        self.b = source.bytes
        let b = source.bytes
        var start = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { start = 3 }
        // A shebang line (`#!/usr/bin/env swift`) is trivia.
        if start + 1 < b.count, b[start] == UInt8(ascii: "#"), b[start + 1] == UInt8(ascii: "!") {
            while start < b.count, b[start] != 0x0A, b[start] != 0x0D { start += 1 }
        }
        self.position = start
    }

    /// Every token of `source`, with the problems met.
    public static func tokenize(_ source: SourceText) -> (tokens: [Token], problems: [LexerProblem]) {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        while let token = lexer.next() { tokens.append(token) }
        return (tokens, lexer.problems)
    }

    /// The next token, or nil at the end of the source.
    public mutating func next() -> Token? {
        guard let token = lexToken() else { return nil }
        record(token)
        return token
    }

    /// The next `(`, `)`, `[`, `]`, `{` or `}`, or nil at the end of the source: for code
    /// inside bodies, where only nesting matters. The result, and everything after it, is
    /// exactly what `next()` would give; the tokens between are not built.
    ///
    /// Most bytes cannot change where a bracket is: letters, digits, spaces, and operators
    /// other than `/`. They are skipped with one table lookup each. Where the lexer needs the
    /// exact token before a `/` (to tell a regex literal from division), the tokens since the
    /// last exact one are lexed again with `next()`.
    public mutating func nextBracket() -> Token? {
        // The last state `next()` left, to lex again from.
        var exact = (position: position, atStartOfLine: atStartOfLine, previous: previousToken)
        while true {
            if pendingRegex != nil {
                guard let token = next() else { return nil }
                if token.kind.isBracket { return token }
                exact = (position, atStartOfLine, previousToken)
                continue
            }
            // Skip plain bytes, keeping track of whether only spaces stand between the last
            // line break and the current byte.
            var lineStart: UInt8 = atStartOfLine ? 1 : 0
            let stop = b.withUnsafeBufferPointer { p -> Int in
                ByteClass.table.withUnsafeBufferPointer { table -> Int in
                    var i = position
                    while i < p.count {
                        let byteClass = table[Int(p[i])]
                        if byteClass & ByteClass.special != 0 { break }
                        // Without branches: kept across spaces and tabs, set by a line break, cleared by anything else.
                        lineStart = (lineStart & (byteClass >> 1) & 1) | ((byteClass >> 2) & 1)
                        i += 1
                    }
                    return i
                }
            }
            guard stop < b.count else {
                position = b.count
                return nil
            }
            let c = b[stop]
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                // What `next()` gives for a bracket depends on nothing before it.
                let token = Token(kind: ByteClass.bracketKind(c), range: stop..<(stop + 1), isAtStartOfLine: lineStart != 0)
                position = stop + 1
                atStartOfLine = false
                previousToken = token
                return token
            case UInt8(ascii: "/") where stop + 1 < b.count && (b[stop + 1] == UInt8(ascii: "/") || b[stop + 1] == UInt8(ascii: "*")):
                // A comment: trivia, which leaves the token before it in place.
                position = stop
                atStartOfLine = lineStart != 0
                skipTrivia()
            case UInt8(ascii: "/"):
                // Division or a regex literal: lex exactly from the last exact state up to and past the slash.
                (position, atStartOfLine, previousToken) = exact
                while let token = next() {
                    if token.range.upperBound > stop {
                        if token.kind.isBracket { return token }
                        break
                    }
                }
                exact = (position, atStartOfLine, previousToken)
            default:
                // A string, raw string, `#` word or backtick identifier: it starts here, whatever came before.
                position = stop
                atStartOfLine = lineStart != 0
                guard let token = next() else { return nil }
                if token.kind.isBracket { return token }
                exact = (position, atStartOfLine, previousToken)
            }
        }
    }

    private mutating func lexToken() -> Token? {
        if let regex = pendingRegex {
            pendingRegex = nil
            position = regex.range.upperBound
            return Token(kind: .regex, range: regex.range, isAtStartOfLine: false, isUnterminated: regex.unterminated)
        }
        skipTrivia()
        let start = position
        guard start < b.count else { return nil }
        let lineStart = atStartOfLine
        atStartOfLine = false
        let (kind, end, interpolation, unterminated) = lexTokenBody(at: start)
        position = end
        return Token(kind: kind, range: start..<end, isAtStartOfLine: lineStart, hasInterpolation: interpolation, isUnterminated: unterminated)
    }

    /// The kind and end of the token that starts at `start` (past any trivia), and for literals
    /// whether they hold an interpolation or lack their end.
    private mutating func lexTokenBody(at start: Int) -> (TokenKind, Int, Bool, Bool) {
        let c = b[start]
        switch c {
        case UInt8(ascii: "("): return (.leftParen, start + 1, false, false)
        case UInt8(ascii: ")"): return (.rightParen, start + 1, false, false)
        case UInt8(ascii: "["): return (.leftBracket, start + 1, false, false)
        case UInt8(ascii: "]"): return (.rightBracket, start + 1, false, false)
        case UInt8(ascii: "{"): return (.leftBrace, start + 1, false, false)
        case UInt8(ascii: "}"): return (.rightBrace, start + 1, false, false)
        case UInt8(ascii: ","): return (.comma, start + 1, false, false)
        case UInt8(ascii: ":"): return (.colon, start + 1, false, false)
        case UInt8(ascii: ";"): return (.semicolon, start + 1, false, false)
        case UInt8(ascii: "@"): return (.at, start + 1, false, false)
        case UInt8(ascii: "\\"): return (.backslash, start + 1, false, false)
        case UInt8(ascii: "\""):
            let literal = scanString(from: start, hashes: 0)
            return (.string, literal.end, literal.interpolation, literal.unterminated)
        case UInt8(ascii: "#"):
            var hashes = 0
            var i = start
            while i < b.count, b[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
            if i < b.count, b[i] == UInt8(ascii: "\"") {
                let literal = scanString(from: i, hashes: hashes)
                return (.string, literal.end, literal.interpolation, literal.unterminated)
            }
            if i < b.count, b[i] == UInt8(ascii: "/"), let regex = scanRegex(slash: i, pounds: hashes, mustBeRegex: true) {
                return (.regex, regex.end, false, regex.unterminated)
            }
            if hashes == 1, i < b.count, Self.isIdentifierStart(b[i]) {
                return (.poundKeyword, Self.scanIdentifierTail(b, from: i + 1), false, false)
            }
            return (.unknown, start + 1, false, false)
        case UInt8(ascii: "`"):
            var i = start + 1
            while i < b.count, b[i] != UInt8(ascii: "`"), b[i] != 0x0A, b[i] != 0x0D { i += 1 }
            if i < b.count, b[i] == UInt8(ascii: "`") {
                return (.identifier, i + 1, false, false)
            }
            problems.append(LexerProblem(kind: .unterminatedBacktick, offset: start))
            return (.unknown, start + 1, false, false)
        case UInt8(ascii: "."):
            if start + 1 < b.count, b[start + 1] == UInt8(ascii: ".") {
                return (.operatorSymbol, Self.scanOperator(b, from: start, allowDots: true), false, false)
            }
            return (.period, start + 1, false, false)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // After a period a number is a tuple index (`x.0.1`): no fraction, as Swift lexes it.
            return (.number, Self.scanNumber(b, from: start, fractionAllowed: previousToken?.kind != .period), false, false)
        case UInt8(ascii: "$"):
            return (.identifier, Self.scanIdentifierTail(b, from: start + 1), false, false)
        default:
            if Self.isIdentifierStart(c) {
                return (.identifier, Self.scanIdentifierTail(b, from: start + 1), false, false)
            }
            if Self.isOperatorCharacter(c) {
                let end = Self.scanOperator(b, from: start, allowDots: false)
                if let slash = (start..<end).first(where: { b[$0] == UInt8(ascii: "/") }),
                    let regex = regexInOperator(operatorStart: start, operatorEnd: end, slash: slash)
                {
                    if slash == start {
                        return (.regex, regex.end, false, regex.unterminated)
                    }
                    pendingRegex = (slash..<regex.end, regex.unterminated)
                    return (.operatorSymbol, slash, false, false)
                }
                return (.operatorSymbol, end, false, false)
            }
            return (.unknown, start + 1, false, false)
        }
    }

    // MARK: - Trivia

    private mutating func skipTrivia() {
        while position < b.count {
            switch b[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0x00:
                position += 1
            case 0x0A, 0x0D:
                atStartOfLine = true
                position += 1
            case UInt8(ascii: "/") where position + 1 < b.count && b[position + 1] == UInt8(ascii: "/"):
                while position < b.count, b[position] != 0x0A, b[position] != 0x0D { position += 1 }
            case UInt8(ascii: "/") where position + 1 < b.count && b[position + 1] == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    /// Skips a block comment, honouring nesting. A comment that spans lines leaves the next
    /// token at the start of a line, as the compiler treats it.
    private mutating func skipBlockComment() {
        let start = position
        var depth = 0
        var i = position
        while i < b.count {
            if b[i] == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "*") {
                depth += 1
                i += 2
            } else if b[i] == UInt8(ascii: "*"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") {
                depth -= 1
                i += 2
                if depth == 0 {
                    position = i
                    return
                }
            } else {
                if b[i] == 0x0A || b[i] == 0x0D { atStartOfLine = true }
                i += 1
            }
        }
        problems.append(LexerProblem(kind: .unterminatedBlockComment, offset: start))
        position = b.count
    }

    // MARK: - Literals

    /// Whether the `"` at `quote`, preceded by `hashes` `#`s, opens a multi-line literal: it is
    /// followed by two more quotes, and (as swift-syntax decides it) a raw literal is single-line
    /// after all if the rest of the line holds a `"` followed by its closing `#`s — so `#"""#` is
    /// the one-character string `"`, and `#"""a"""#` is `""a""`.
    static func opensMultilineString(_ b: [UInt8], quote: Int, hashes: Int) -> Bool {
        guard quote + 2 < b.count, b[quote + 1] == UInt8(ascii: "\""), b[quote + 2] == UInt8(ascii: "\"") else { return false }
        guard hashes > 0 else { return true }
        func delimiterFollows(_ at: Int) -> Bool {
            at + hashes <= b.count && b[at..<(at + hashes)].allSatisfy { $0 == UInt8(ascii: "#") }
        }
        var i = quote + 3
        if delimiterFollows(i) { return false }
        while i < b.count, b[i] != 0x0A, b[i] != 0x0D {
            if b[i] == UInt8(ascii: "\""), delimiterFollows(i + 1) { return false }
            i += 1
        }
        return true
    }

    /// Scans a string literal whose opening quote is at `quote`, preceded by `hashes` `#`s.
    private mutating func scanString(from quote: Int, hashes: Int) -> (end: Int, interpolation: Bool, unterminated: Bool) {
        let multiline = Self.opensMultilineString(b, quote: quote, hashes: hashes)
        let tokenStart = quote - hashes
        var i = quote + (multiline ? 3 : 1)
        var interpolation = false

        func hashesFollow(_ at: Int) -> Bool {
            guard at + hashes <= b.count else { return false }
            var k = 0
            while k < hashes {
                if b[at + k] != UInt8(ascii: "#") { return false }
                k += 1
            }
            return true
        }

        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\\"), hashesFollow(i + 1) {
                let afterEscape = i + 1 + hashes
                if afterEscape < b.count, b[afterEscape] == UInt8(ascii: "(") {
                    interpolation = true
                    i = skipInterpolation(from: afterEscape)
                } else {
                    // An escaped character; an escaped line break in a multi-line string is also fine.
                    i = afterEscape + 1
                    if afterEscape < b.count, b[afterEscape] == 0x0D, afterEscape + 1 < b.count, b[afterEscape + 1] == 0x0A {
                        i += 1
                    }
                    if !multiline, afterEscape < b.count, b[afterEscape] == 0x0A || b[afterEscape] == 0x0D {
                        problems.append(LexerProblem(kind: .unterminatedString, offset: tokenStart))
                        return (afterEscape, interpolation, true)
                    }
                }
                continue
            }
            if c == UInt8(ascii: "\"") {
                if multiline {
                    if i + 2 < b.count, b[i + 1] == UInt8(ascii: "\""), b[i + 2] == UInt8(ascii: "\""), hashesFollow(i + 3) {
                        return (i + 3 + hashes, interpolation, false)
                    }
                } else if hashesFollow(i + 1) {
                    return (i + 1 + hashes, interpolation, false)
                }
                i += 1
                continue
            }
            if !multiline, c == 0x0A || c == 0x0D {
                problems.append(LexerProblem(kind: .unterminatedString, offset: tokenStart))
                return (i, interpolation, true)
            }
            i += 1
        }
        problems.append(LexerProblem(kind: .unterminatedString, offset: tokenStart))
        return (b.count, interpolation, true)
    }

    /// Skips the code of an interpolation whose `(` is at `open`; returns the offset after its `)`.
    /// Strings, comments and parentheses inside are honoured, so `"\(f(")"))"` ends where it should.
    private mutating func skipInterpolation(from open: Int) -> Int {
        let savedStartOfLine = atStartOfLine
        defer { atStartOfLine = savedStartOfLine }
        position = open + 1
        var depth = 1
        while let token = next() {
            switch token.kind {
            case .leftParen:
                depth += 1
            case .rightParen:
                depth -= 1
                if depth == 0 { return token.range.upperBound }
            default:
                break
            }
        }
        return b.count
    }

    // MARK: - Regex literals (swift-syntax's rules)

    /// Whether the operator at `operatorStart..<operatorEnd`, with its first `/` at `slash`,
    /// starts a bare regex literal there, as swift-syntax's `tryScanOperatorAsRegexLiteral` decides.
    private mutating func regexInOperator(operatorStart: Int, operatorEnd: Int, slash: Int) -> (end: Int, unterminated: Bool)? {
        let leftBound = isLeftBound(operatorStart)
        guard !leftBound else { return nil }
        let previous = classifyPrevious()
        guard !previous.isFuncOrOperator else { return nil }
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        var mustBeRegex = false
        if leftBound == rightBound {
            // Looks like a binary operator: a regex only where an expression may start.
            guard previous.regexAllowed else { return nil }
            mustBeRegex = !previous.isArgumentSeparator
        }
        return scanRegex(slash: slash, pounds: 0, mustBeRegex: mustBeRegex)
    }

    /// Scans a regex literal whose `/` is at `slash`, after `pounds` `#`s. Returns nil if it is
    /// not a regex literal (only possible unless `mustBeRegex`).
    // Long because it follows the Swift grammar's regex-literal rules in their order (SE-0354's
    // bare-slash heuristics, then the body); it is the scanner's hot path, measured as a whole.
    private mutating func scanRegex(slash: Int, pounds: Int, mustBeRegex: Bool) -> (end: Int, unterminated: Bool)? {
        var cursor = slash + 1
        if pounds == 0 {
            if cursor < b.count {
                switch b[cursor] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    if !mustBeRegex { return nil }
                case UInt8(ascii: "*"), UInt8(ascii: "/"):
                    return nil  // a comment
                default:
                    break
                }
            }
            if slash > 0, b[slash - 1] == UInt8(ascii: "*") { return nil }  // the end of a block comment
        }
        // With pounds, a line break right after the opening makes a multi-line literal.
        var firstNewline: Int?
        if pounds > 0 {
            var scan = cursor
            while scan < b.count, b[scan] == UInt8(ascii: " ") || b[scan] == UInt8(ascii: "\t") { scan += 1 }
            if scan < b.count, b[scan] == 0x0A || b[scan] == 0x0D {
                firstNewline = scan
                cursor = scan
            }
        }
        let multiline = firstNewline != nil
        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace: Int?

        func unterminated(_ end: Int) -> (end: Int, unterminated: Bool)? {
            guard mustBeRegex else { return nil }
            return (end, true)
        }

        while true {
            // The closing delimiter?
            if cursor < b.count, b[cursor] == UInt8(ascii: "/") {
                var end = cursor + 1
                var closePounds = 0
                if pounds > 0 {
                    while end < b.count, b[end] == UInt8(ascii: "#") {
                        end += 1
                        closePounds += 1
                    }
                }
                if closePounds >= pounds {
                    if pounds == 0 {
                        if end < b.count, b[end] == UInt8(ascii: "*") || b[end] == UInt8(ascii: "/") {
                            return unterminated(cursor)
                        }
                        if let space = lastUnescapedSpace, space + 1 == cursor, !mustBeRegex { return nil }
                    }
                    return (end, false)
                }
            }
            // A pattern character.
            var escaped = false
            while true {
                guard cursor < b.count else {
                    return unterminated(firstNewline ?? cursor)
                }
                let c = b[cursor]
                if c == 0x0A || c == 0x0D {
                    if !multiline { return unterminated(cursor) }
                    cursor += 1
                    break
                }
                cursor += Self.validUTF8Width(b, at: cursor)
                if c == UInt8(ascii: "\\") && !escaped {
                    escaped = true
                    continue
                }
                if !escaped {
                    switch c {
                    case UInt8(ascii: "(") where classDepth == 0:
                        groupDepth += 1
                    case UInt8(ascii: ")") where classDepth == 0:
                        if groupDepth == 0 {
                            if !mustBeRegex { return nil }
                        } else {
                            groupDepth -= 1
                        }
                    case UInt8(ascii: "["):
                        classDepth += 1
                    case UInt8(ascii: "]"):
                        if classDepth > 0 { classDepth -= 1 }
                    case UInt8(ascii: " "), UInt8(ascii: "\t"):
                        lastUnescapedSpace = cursor - 1
                    default:
                        break
                    }
                }
                break
            }
        }
    }

    /// The length of the UTF-8 character at `index`, or 1 for a byte that does not start a
    /// complete, valid one (so bad input never moves past the end).
    private static func validUTF8Width(_ bytes: [UInt8], at index: Int) -> Int {
        let width: Int
        switch bytes[index] {
        case 0xF0...0xF7: width = 4
        case 0xE0...0xEF: width = 3
        case 0xC2...0xDF: width = 2
        default: return 1
        }
        guard index + width <= bytes.count else { return 1 }
        for offset in 1..<width where bytes[index + offset] & 0xC0 != 0x80 { return 1 }
        return width
    }

    /// swift-syntax's `isLeftBound`: something other than whitespace, an opener or a separator
    /// touches the operator on its left.
    private func isLeftBound(_ start: Int) -> Bool {
        guard start > 0 else { return false }
        switch b[start - 1] {
        case UInt8(ascii: " "), 0x0D, 0x0A, UInt8(ascii: "\t"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return !(start >= 2 && b[start - 2] == UInt8(ascii: "*"))
        case 0xA0:
            return !(start >= 2 && b[start - 2] == 0xC2)
        default:
            return true
        }
    }

    /// swift-syntax's `isRightBound`.
    private func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < b.count else { return false }
        switch b[end] {
        case UInt8(ascii: " "), 0x0D, 0x0A, UInt8(ascii: "\t"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "."):
            return !leftBound
        case UInt8(ascii: "/"):
            return !(end + 1 < b.count && (b[end + 1] == UInt8(ascii: "/") || b[end + 1] == UInt8(ascii: "*")))
        case 0xC2:
            return !(end + 1 < b.count && b[end + 1] == 0xA0)
        default:
            return true
        }
    }

    /// Words swift-syntax's lexer classifies as keywords.
    static let keywords: Set<String> = [
        "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in",
        "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private", "protocol", "public",
        "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw",
        "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// Keywords that are expressions themselves, after which `/` is a binary operator.
    static let expressionKeywords: Set<String> = ["true", "false", "Any", "nil", "self", "Self", "super"]

    /// Remembers the token for a `/` that may follow it.
    @inline(__always)
    private mutating func record(_ token: Token) {
        previousToken = token
    }

    /// What the previous token means for a `/` after it: may a regex literal start there
    /// (swift-syntax's `isInRegexLiteralPosition`), was it `func` or `operator` (after which
    /// `/` is an operator), and was it `(`, `[`, `,` or `:` (where an unapplied operator is legal).
    private func classifyPrevious() -> (regexAllowed: Bool, isFuncOrOperator: Bool, isArgumentSeparator: Bool) {
        guard let token = previousToken else { return (true, false, false) }
        switch token.kind {
        case .identifier:
            switch Self.keyword(b, token.range) {
            case .none, .expression: return (false, false, false)
            case .funcOrOperator: return (true, true, false)
            case .other: return (true, false, false)
            }
        case .number, .string, .regex, .period, .at, .backslash, .rightParen, .rightBracket, .rightBrace:
            return (false, false, false)
        case .leftParen, .leftBracket, .comma, .colon:
            return (true, false, true)
        case .leftBrace, .semicolon, .unknown:
            return (true, false, false)
        case .poundKeyword:
            // `#if`, `#else`, `#elseif` and `#endif` sequence expressions; other pound words do not.
            let range = token.range
            let sequences =
                Self.matches(b, range, "#if") || Self.matches(b, range, "#else") || Self.matches(b, range, "#elseif")
                || Self.matches(b, range, "#endif")
            return (sequences, false, false)
        case .operatorSymbol:
            let range = token.range
            let left = isLeftBound(range.lowerBound)
            let right = isRightBound(range.upperBound, leftBound: left)
            if range.count == 1 && (b[range.lowerBound] == UInt8(ascii: "?") || b[range.lowerBound] == UInt8(ascii: "!")) {
                return (!left, false, false)  // postfix `?` / `!` expect an operator next
            }
            if range.count == 1 && b[range.lowerBound] == UInt8(ascii: "=") { return (true, false, false) }
            if Self.matches(b, range, "->") || Self.matches(b, range, "...") { return (false, false, false) }
            // Binary and prefix operators sequence expressions; postfix ones do not.
            return (!(left && !right), false, false)
        }
    }

    enum KeywordClass {
        case none
        /// `true`, `false`, `Any`, `nil`, `self`, `Self`, `super`: expressions themselves.
        case expression
        case funcOrOperator
        case other
    }

    /// The keyword class of the identifier at `range`, decided on bytes without allocating:
    /// words of up to 8 bytes are packed into an integer and found by binary search.
    static func keyword(_ b: [UInt8], _ range: Range<Int>) -> KeywordClass {
        let length = range.count
        guard length >= 2 else { return .none }
        if length <= 8 {
            var packed: UInt64 = 0
            for index in range { packed = packed << 8 | UInt64(b[index]) }
            let keys = packedKeywords
            var low = 0, high = keys.count - 1
            while low <= high {
                let mid = (low + high) / 2
                let key = keys[mid].packed
                if key == packed { return keys[mid].kind }
                if key < packed { low = mid + 1 } else { high = mid - 1 }
            }
            return .none
        }
        for candidate in longKeywords where candidate.count == length && candidate.elementsEqual(b[range]) { return .other }
        return .none
    }

    /// Keywords of up to 8 bytes, packed big-endian into an integer, sorted.
    static let packedKeywords: [(packed: UInt64, kind: KeywordClass)] = {
        keywords.filter { $0.utf8.count <= 8 }.map { word -> (packed: UInt64, kind: KeywordClass) in
            let packed = word.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let kind: KeywordClass =
                expressionKeywords.contains(word)
                ? .expression : (word == "func" || word == "operator") ? .funcOrOperator : .other
            return (packed, kind)
        }.sorted { $0.packed < $1.packed }
    }()

    /// Keywords longer than 8 bytes (none of them is an expression, `func` or `operator`).
    static let longKeywords: [[UInt8]] = keywords.filter { $0.utf8.count > 8 }.map { Array($0.utf8) }

    /// True if the bytes at `range` spell `word`.
    @inline(__always)
    static func matches(_ b: [UInt8], _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { $0.elementsEqual(b[range]) }
    }

    /// The end of a number literal. As Swift lexes it, a literal has at most one fractional part,
    /// before any exponent, and none right after a period: `5.9.1` (in `swift(>=5.9.1)`) is `5.9`,
    /// `.` and `1`. A hexadecimal literal has a fraction only as part of a float with an exponent
    /// (`0x1.8p3`; `0x1F.description` is member access).
    private static func scanNumber(_ b: [UInt8], from start: Int, fractionAllowed allowed: Bool) -> Int {
        var i = start + 1
        let hex = b[start] == UInt8(ascii: "0") && i < b.count && (b[i] == UInt8(ascii: "x") || b[i] == UInt8(ascii: "X"))
        var fractionAllowed = allowed
        while i < b.count {
            let c = b[i]
            if Self.isIdentifierContinue(c) {
                let exponent =
                    hex
                    ? (c == UInt8(ascii: "p") || c == UInt8(ascii: "P"))
                    : (c == UInt8(ascii: "e") || c == UInt8(ascii: "E"))
                i += 1
                if exponent {
                    fractionAllowed = false
                    if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                }
            } else if c == UInt8(ascii: "."), fractionAllowed, i + 1 < b.count, Self.isDigit(b[i + 1], hex: hex),
                !hex || hexFractionHasExponent(b, from: i + 1)
            {
                fractionAllowed = false
                i += 1
            } else {
                break
            }
        }
        return i
    }

    /// Whether the hexadecimal digits (and underscores) from `start` end in a `p` exponent.
    private static func hexFractionHasExponent(_ b: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < b.count, isDigit(b[i], hex: true) || b[i] == UInt8(ascii: "_") { i += 1 }
        return i < b.count && (b[i] == UInt8(ascii: "p") || b[i] == UInt8(ascii: "P"))
    }

    private static func isDigit(_ c: UInt8, hex: Bool) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
            || (hex && ((UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(c)))
    }

    private static func scanIdentifierTail(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count, isIdentifierContinue(b[i]) { i += 1 }
        return i
    }

    private static func scanOperator(_ b: [UInt8], from start: Int, allowDots: Bool) -> Int {
        var i = start
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") || b[i + 1] == UInt8(ascii: "*") {
                break
            }
            if Self.isOperatorCharacter(c) || (allowDots && c == UInt8(ascii: ".")) {
                i += 1
            } else {
                break
            }
        }
        return max(i, start + 1)
    }

    // MARK: - Character classes

    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_") || c >= 0x80
    }

    @inline(__always)
    static func isIdentifierContinue(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    @inline(__always)
    static func isOperatorCharacter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}

/// What each byte means to `Lexer.nextBracket()`.
enum ByteClass {
    /// Stops the skip: a bracket, or a byte that may start a comment, string, regex literal,
    /// `#` word or backtick identifier.
    static let special: UInt8 = 1
    /// Space or tab: a token after it is still at the start of its line if it was before.
    /// (The bit positions matter: `nextBracket()` shifts them into place.)
    static let keepsLineStart: UInt8 = 2
    /// `\n` or `\r`.
    static let lineBreak: UInt8 = 4

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in "()[]{}\"#`/".utf8 { table[Int(byte)] = special }
        for byte: UInt8 in [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0x00] { table[Int(byte)] = keepsLineStart }
        table[0x0A] = lineBreak
        table[0x0D] = lineBreak
        return table
    }()

    static func bracketKind(_ byte: UInt8) -> TokenKind {
        switch byte {
        case UInt8(ascii: "("): return .leftParen
        case UInt8(ascii: ")"): return .rightParen
        case UInt8(ascii: "["): return .leftBracket
        case UInt8(ascii: "]"): return .rightBracket
        case UInt8(ascii: "{"): return .leftBrace
        default: return .rightBrace
        }
    }
}
