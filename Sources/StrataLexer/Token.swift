/// The kind of a lexical token of Swift source.
public enum TokenKind: UInt8, Sendable, Equatable {
    /// An identifier or keyword (`import`, `let`, `Package`), or a backtick-quoted identifier.
    case identifier
    /// An integer or floating-point literal.
    case number
    /// A string literal of any form: `"…"`, `"""…"""`, `#"…"#`, with or without interpolation.
    case string
    /// A regular-expression literal: `#/…/#` (and bare `/…/` where one can start).
    case regex
    /// An operator such as `+`, `..<`, `==`, `->`, `=`, `!`, `?`, `&`.
    case operatorSymbol
    /// `.` used for member access (`.target`, `package.targets`).
    case period
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon
    /// `@` starting an attribute.
    case at
    /// `#` followed by an identifier: `#if`, `#else`, `#sourceLocation`, `#file`.
    case poundKeyword
    /// A `\` outside a string (key paths).
    case backslash
    /// A byte sequence that is not valid Swift.
    case unknown
}

extension TokenKind {
    /// `(`, `)`, `[`, `]`, `{` or `}`.
    public var isBracket: Bool {
        switch self {
        case .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace: return true
        default: return false
        }
    }
}

/// One token: its kind and where it lies in the source, as UTF-8 byte offsets.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// Byte offsets of the token's text in the source.
    public var range: Range<Int>
    /// True if only whitespace and comments stand between the start of its line and the token
    /// (or the token is the file's first).
    public var isAtStartOfLine: Bool
    /// For strings: the literal contains an interpolation `\(…)`.
    public var hasInterpolation: Bool
    /// For strings, regex literals and block comments before the token: the construct has no end.
    public var isUnterminated: Bool

    public init(
        kind: TokenKind, range: Range<Int>, isAtStartOfLine: Bool,
        hasInterpolation: Bool = false, isUnterminated: Bool = false
    ) {
        self.kind = kind
        self.range = range
        self.isAtStartOfLine = isAtStartOfLine
        self.hasInterpolation = hasInterpolation
        self.isUnterminated = isUnterminated
    }
}
