public import StrataLexer

/// Finds every import declaration of a Swift file, exactly where swift-syntax's parser would.
///
/// An import declaration is the keyword `import` at the top level of the file (outside every
/// brace, parenthesis and bracket, which nest as swift-syntax recovers them, directly or inside top-level `#if` clauses) not preceded by
/// `.` (which would make it a member name), with the attributes and access modifier written
/// before it, an optional declaration kind and a dotted path. Comments, strings of every form
/// and regex literals never count: the lexer knows where they end. `#if` clauses at the top
/// level are tracked, and a `#if` that only holds attributes belongs to the declaration after
/// it, as in swift-syntax.
public struct ImportScanner: Sendable {
    /// Bumped whenever what the scanner finds can change; cached results of other versions are dropped.
    public static let version = 3  // 2: `#"""#` is a single-line raw string; 3: `import ``` is no import

    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    static let declarationStarts: Set<String> = [
        "import", "func", "let", "var", "struct", "class", "enum", "protocol", "extension", "typealias", "actor",
        "init", "deinit", "subscript", "operator", "precedencegroup", "macro", "associatedtype",
    ]

    public init() {}

    /// The imports of `source`, and where it is not valid Swift (unterminated comments, strings
    /// or regex literals) as `unterminated-construct` problems.
    public func scan(_ source: SourceText) -> FileScan {
        var state = ScanState(source: source)
        state.run()
        var lines = LineCounter(source)
        let problems = state.lexerProblems.map { problem -> SourceProblem in
            let (line, column) = lines.position(of: problem.offset)
            return SourceProblem(.unterminated, problem.kind.rawValue, line: line, column: column)
        }
        return FileScan(imports: state.imports, problems: problems)
    }
}

/// The scanner's walk over one file's tokens.
private struct ScanState {
    let source: SourceText
    private var lexer: Lexer
    /// Tokens read ahead, from `lookaheadStart` on.
    private var lookahead: [Token] = []
    private var lookaheadStart = 0
    private var previous: Token?
    /// Turns import positions into lines and columns, in one forward pass.
    private var lines: LineCounter

    private(set) var imports: [ImportDeclaration] = []
    /// Open `{`, `(` and `[` around the current token; imports count only when it is empty.
    private var openers: [TokenKind] = []
    /// Open `#if` blocks at the top level: each clause's earlier conditions and own condition.
    private var clauses: [IfConfigClause] = []
    private var pendingAttributes: [ImportAttribute] = []
    private var pendingAccess: String?

    init(source: SourceText) {
        self.source = source
        self.lexer = Lexer(source)
        self.lines = LineCounter(source)
    }

    var lexerProblems: [LexerProblem] { lexer.problems }

    // MARK: - Token stream with lookahead

    private mutating func peek(_ n: Int = 0) -> Token? {
        while lookahead.count - lookaheadStart <= n {
            guard let token = lexer.next() else { return nil }
            lookahead.append(token)
        }
        return lookahead[lookaheadStart + n]
    }

    private mutating func advance() -> Token? {
        guard let token = peek() else { return nil }
        lookaheadStart += 1
        if lookaheadStart == lookahead.count {
            lookahead.removeAll(keepingCapacity: true)
            lookaheadStart = 0
        }
        previous = token
        return token
    }

    private func isAccessLevel(_ token: Token) -> Bool {
        token.kind == .identifier
            && (source.token(token, is: "public") || source.token(token, is: "package") || source.token(token, is: "internal")
                || source.token(token, is: "fileprivate") || source.token(token, is: "private"))
    }

    private func text(_ token: Token) -> String { source.text(of: token) }

    private func isWord(_ token: Token?, _ word: StaticString) -> Bool {
        guard let token, token.kind == .identifier else { return false }
        return source.token(token, is: word)
    }

    private func isPound(_ token: Token?, _ word: StaticString) -> Bool {
        guard let token, token.kind == .poundKeyword else { return false }
        return source.token(token, is: word)
    }

    // MARK: - The walk

    mutating func run() {
        while true {
            // Inside braces, parentheses or brackets only nesting matters: take brackets straight
            // from the lexer unless some tokens were already read ahead.
            if !openers.isEmpty && lookaheadStart == lookahead.count {
                guard let token = lexer.nextBracket() else { return }
                previous = token
                nest(token.kind)
                continue
            }
            guard let token = peek() else { return }
            if !openers.isEmpty {
                _ = advance()
                nest(token.kind)
                continue
            }
            switch token.kind {
            case .poundKeyword:
                directive(token)
            case .at:
                attribute()
            case .identifier where isWord(token, "import") && previous?.kind != .period:
                importDeclaration()
            case .identifier where isAccessLevel(token):
                _ = advance()
                pendingAccess = text(token)
            default:
                _ = advance()
                clearPending()
                nest(token.kind)
            }
        }
    }

    /// Tracks nesting like swift-syntax's recovery: a closer that matches the innermost opener
    /// closes it; `}` closes back to its `{` (braces end closures and bodies whatever is left
    /// open inside them); any other stray closer is ignored.
    private mutating func nest(_ kind: TokenKind) {
        switch kind {
        case .leftBrace, .leftParen, .leftBracket:
            openers.append(kind)
        case .rightParen:
            if openers.last == .leftParen { openers.removeLast() }
        case .rightBracket:
            if openers.last == .leftBracket { openers.removeLast() }
        case .rightBrace:
            if let brace = openers.lastIndex(of: .leftBrace) { openers.removeLast(openers.count - brace) }
        default:
            break
        }
    }

    private mutating func clearPending() {
        pendingAttributes.removeAll()
        pendingAccess = nil
    }

    // MARK: - Directives

    private mutating func directive(_ token: Token) {
        if isPound(token, "#if") {
            if ifConfigHoldsOnlyAttributes() {
                attributeIfConfig()
                return
            }
            _ = advance()
            clearPending()
            clauses.append(IfConfigClause(negated: [], condition: condition()))
        } else if isPound(token, "#elseif") || isPound(token, "#else") {
            _ = advance()
            clearPending()
            let isElse = isPound(token, "#else")
            guard var clause = clauses.popLast() else {
                if !isElse { _ = condition() }
                return
            }
            if let previousCondition = clause.condition { clause.negated.append(previousCondition) }
            clause.condition = isElse ? nil : condition()
            clauses.append(clause)
        } else if isPound(token, "#endif") {
            _ = advance()
            clearPending()
            _ = clauses.popLast()
        } else {
            // `#warning("…")`, `#sourceLocation(…)`, a freestanding macro: not an import.
            _ = advance()
            clearPending()
        }
    }

    /// The tokens of a `#if` / `#elseif` condition, joined without spaces. Like swift-syntax, the
    /// condition is a sequence expression that ends at a token starting a new line, or at the
    /// first token that cannot continue it.
    private mutating func condition() -> String? {
        var tokens: [Token] = []
        guard let first = peek(), !first.isAtStartOfLine else { return nil }
        func element(_ state: inout ScanState) {
            // Prefix operators, then a primary, then postfix suffixes on the same line.
            while let token = state.peek(), token.kind == .operatorSymbol, !token.isAtStartOfLine, state.isPrefixOperator(token) {
                tokens.append(state.advance()!)
            }
            guard let token = state.peek(), !token.isAtStartOfLine else { return }
            switch token.kind {
            case .identifier, .number, .string, .poundKeyword:
                tokens.append(state.advance()!)
            case .leftParen, .leftBracket:
                tokens += state.balancedGroup()
            default:
                return
            }
            while let next = state.peek(), !next.isAtStartOfLine {
                if next.kind == .period {
                    tokens.append(state.advance()!)
                    if let member = state.peek(), member.kind == .identifier || member.kind == .number { tokens.append(state.advance()!) }
                } else if next.kind == .leftParen || next.kind == .leftBracket {
                    tokens += state.balancedGroup()
                } else if next.kind == .operatorSymbol, state.isPostfixOperator(next) {
                    tokens.append(state.advance()!)
                } else {
                    break
                }
            }
        }
        element(&self)
        while let token = peek(), !token.isAtStartOfLine, token.kind == .operatorSymbol, !isPrefixOperator(token) {
            tokens.append(advance()!)
            element(&self)
        }
        return tokens.isEmpty ? nil : tokens.map { text($0) }.joined(separator: " ")
    }

    /// A `(…)` or `[…]` group with everything inside it.
    private mutating func balancedGroup() -> [Token] {
        var tokens: [Token] = []
        var nesting = 0
        while let token = advance() {
            tokens.append(token)
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: nesting += 1
            case .rightParen, .rightBracket, .rightBrace: nesting -= 1
            default: break
            }
            if nesting <= 0 { break }
        }
        return tokens
    }

    /// Whitespace decides an operator's role, as in Swift: `!x` is prefix, `a && b` binary.
    private func isPrefixOperator(_ token: Token) -> Bool {
        let before = token.range.lowerBound == 0 || isSpaceOrOpener(source.bytes[token.range.lowerBound - 1])
        let after = token.range.upperBound < source.bytes.count && !isSpaceOrCloser(source.bytes[token.range.upperBound])
        return before && after
    }

    private func isPostfixOperator(_ token: Token) -> Bool {
        let before = token.range.lowerBound > 0 && !isSpaceOrOpener(source.bytes[token.range.lowerBound - 1])
        let after = token.range.upperBound >= source.bytes.count || isSpaceOrCloser(source.bytes[token.range.upperBound])
        return before && after
    }

    private func isSpaceOrOpener(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    private func isSpaceOrCloser(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    // MARK: - Attributes

    /// `@name`, `@name(arguments)`; arguments count when their `(` is on the same line and either
    /// touches the name or is followed by another attribute or a declaration (swift-syntax's rule).
    private mutating func attribute() {
        _ = advance()  // @
        guard let name = peek(), name.kind == .identifier else { return }
        _ = advance()
        var arguments: String?
        if let open = peek(), open.kind == .leftParen, !open.isAtStartOfLine {
            let adjacent = open.range.lowerBound == name.range.upperBound
            if adjacent || attributeArgumentsFollowedByDeclaration() {
                let group = balancedGroup()
                arguments = group.dropFirst().dropLast().map { text($0) }.joined()
            }
        }
        pendingAttributes.append(ImportAttribute(name: text(name), arguments: arguments))
    }

    /// For `@attr (…)` with a space: the parentheses are arguments only if an attribute or a
    /// declaration follows them.
    private mutating func attributeArgumentsFollowedByDeclaration() -> Bool {
        var index = 0
        var nesting = 0
        while let token = peek(index) {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: nesting += 1
            case .rightParen, .rightBracket, .rightBrace: nesting -= 1
            default: break
            }
            index += 1
            if nesting <= 0 { break }
        }
        guard let next = peek(index) else { return false }
        if next.kind == .at { return true }
        guard next.kind == .identifier else { return false }
        let word = text(next)
        return ImportScanner.declarationStarts.contains(word) || ImportScanner.accessLevels.contains(word)
    }

    /// swift-syntax's `consumeIfConfigOfAttributes`: a `#if` whose every clause holds nothing
    /// but attributes (or such `#if`s), with at least one attribute, closed by `#endif` at the
    /// start of a line, is part of the next declaration's attribute list.
    private mutating func ifConfigHoldsOnlyAttributes() -> Bool {
        var index = 0
        return lookaheadIfConfigOfAttributes(&index)
    }

    private mutating func lookaheadIfConfigOfAttributes(_ index: inout Int) -> Bool {
        var sawAttribute = false
        repeat {
            index += 1  // #if, #elseif or #else
            // The condition: skipped to the end of its line.
            while let token = peek(index), !token.isAtStartOfLine { index += 1 }
            attributes: while let token = peek(index) {
                if token.kind == .at {
                    sawAttribute = true
                    index += 1
                    if let name = peek(index), name.kind == .identifier {
                        index += 1
                        if let open = peek(index), open.kind == .leftParen, !open.isAtStartOfLine {
                            var nesting = 0
                            while let inner = peek(index) {
                                if inner.kind == .leftParen || inner.kind == .leftBracket || inner.kind == .leftBrace { nesting += 1 }
                                if inner.kind == .rightParen || inner.kind == .rightBracket || inner.kind == .rightBrace { nesting -= 1 }
                                index += 1
                                if nesting <= 0 { break }
                            }
                        }
                    }
                } else if isPound(token, "#if") {
                    if lookaheadIfConfigOfAttributes(&index) { sawAttribute = true }
                } else {
                    break attributes
                }
            }
        } while isPound(peek(index), "#elseif") || isPound(peek(index), "#else")
        guard sawAttribute, let end = peek(index), isPound(end, "#endif"), end.isAtStartOfLine else { return false }
        index += 1
        return true
    }

    /// Consumes a `#if` of attributes, adding the attributes of every clause to the pending ones.
    private mutating func attributeIfConfig() {
        _ = advance()  // #if
        skipRestOfLine()
        while let token = peek() {
            if isPound(token, "#endif") {
                _ = advance()
                return
            }
            if token.kind == .at {
                attribute()
            } else if isPound(token, "#if") {
                attributeIfConfig()
            } else if isPound(token, "#elseif") || isPound(token, "#else") {
                _ = advance()
                skipRestOfLine()
            } else {
                _ = advance()
            }
        }
    }

    private mutating func skipRestOfLine() {
        while let token = peek(), !token.isAtStartOfLine { _ = advance() }
    }

    // MARK: - Import declarations

    private mutating func importDeclaration() {
        let keyword = advance()!
        var kind: ImportDeclaration.Kind?
        if let next = peek(), next.kind == .identifier, let candidate = ImportDeclaration.Kind(rawValue: text(next)) {
            kind = candidate
            _ = advance()
        }
        var path: [String] = []
        var moduleToken: Token?
        if let first = peek(), first.kind == .identifier {
            moduleToken = advance()
            path.append(unescaped(first))
            // Path components are identifiers; swift-syntax does not take an operator
            // (`import func A.+`) as one.
            while let dot = peek(), dot.kind == .period, let component = peek(1), component.kind == .identifier {
                _ = advance()
                _ = advance()
                path.append(unescaped(component))
            }
        }
        defer { clearPending() }
        // An empty backtick name (``) names no module: not an import of anything.
        guard let moduleToken, !path.isEmpty, path.allSatisfy({ !$0.isEmpty }) else { return }
        let (line, column) = lines.position(of: keyword.range.lowerBound)
        let (moduleLine, moduleColumn) = lines.position(of: moduleToken.range.lowerBound)
        imports.append(
            ImportDeclaration(
                path: path, kind: kind, attributes: pendingAttributes, accessLevel: pendingAccess, line: line, column: column,
                moduleLine: moduleLine, moduleColumn: moduleColumn, conditions: clauses))
    }

    private func unescaped(_ token: Token) -> String {
        let text = text(token)
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
