import StrataLexer
import StrataSources

/// A Swift expression, as far as a declarative Package.swift needs: literals, names, member
/// access, calls, arrays, binary operators, `condition ? a : b` and an environment variable read
/// by name. Anything else is `opaque`.
indirect enum SwiftExpression {
    struct Argument {
        var label: String?
        var value: SwiftExpression
    }
    /// A string literal; `value` is nil when it has interpolation.
    case string(value: String?, at: Int)
    case number(at: Int)
    case identifier(String, at: Int)
    /// `base.name`, or `.name` when `base` is nil.
    case member(base: SwiftExpression?, name: String, at: Int)
    case call(callee: SwiftExpression, arguments: [Argument], at: Int)
    case array([SwiftExpression], at: Int)
    /// `[key: value, …]`, `[:]`.
    case dictionary([(key: SwiftExpression, value: SwiftExpression)], at: Int)
    case binary(op: String, SwiftExpression, SwiftExpression, at: Int)
    /// `condition ? then : otherwise`.
    case conditional(SwiftExpression, then: SwiftExpression, otherwise: SwiftExpression, at: Int)
    /// `Context.environment["NAME"]` (or `ProcessInfo.processInfo.environment["NAME"]`): the
    /// variable's value as SwiftPM, started by Strata, would see it.
    case environmentVariable(String, at: Int)
    /// Something the reader does not model (a closure, any other subscript).
    case opaque(String, at: Int)

    /// Byte offset where the expression starts.
    var offset: Int {
        switch self {
        case .string(_, let at), .number(let at), .identifier(_, let at), .member(_, _, let at),
            .call(_, _, let at), .array(_, let at), .dictionary(_, let at), .binary(_, _, _, let at), .conditional(_, _, _, let at),
            .environmentVariable(_, let at), .opaque(_, let at):
            return at
        }
    }
}

/// A top-level statement of a Package.swift the static reader accepts.
enum TopLevelStatement {
    case importDeclaration
    /// `let name = value`, or a `var` that nothing can change (see `SwiftExpressionParser.parseFile`).
    case constant(name: String, value: SwiftExpression, at: Int)
    /// `extension Target.Dependency { static let name = value }`, or `static var name: T { value }`.
    case staticMember(type: String, name: String, value: SwiftExpression, at: Int)
}

/// Why the static reader cannot be sure of a manifest; it then falls back to dump-package.
struct UncertainManifest: Error {
    var reason: String
    var offset: Int?
}

/// A recursive-descent parser for the expressions and top-level statements of a declarative
/// Package.swift. It never crashes on bad input: anything outside the subset it knows
/// throws `UncertainManifest`, and every loop consumes at least one token.
struct SwiftExpressionParser {
    let source: SourceText
    let tokens: [Token]
    private var position = 0
    /// The `var`s declared, with where: read as constants only if nothing can change them.
    private var variables: [(name: String, at: Int)] = []
    /// Nesting depth, bounded so hostile input cannot exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 200

    /// The host-dependent `#if` conditions the manifest holds (decided for `host`).
    let hostConditions: [ManifestConditions.HostCondition]

    /// Parses the branches of `#if` that are active on `host` (nil: any `#if` makes it unsure).
    init(source: SourceText, host: Platform?) throws(UncertainManifest) {
        self.source = source
        let (tokens, problems) = Lexer.tokenize(source)
        if let problem = problems.first {
            throw UncertainManifest(reason: problem.kind.rawValue, offset: problem.offset)
        }
        (self.tokens, self.hostConditions) = try ManifestConditions.activeTokens(tokens, in: source, host: host)
    }

    // MARK: - Statements

    mutating func parseFile() throws(UncertainManifest) -> [TopLevelStatement] {
        var statements: [TopLevelStatement] = []
        while let token = peek() {
            if token.kind == .semicolon {
                position += 1
            } else if isWord(token, "import") {
                position += 1
                // `import Foo` or `import struct Foo.Bar`: names and dots on the same line.
                while let next = peek(), !next.isAtStartOfLine, next.kind == .identifier || next.kind == .period {
                    position += 1
                }
                statements.append(.importDeclaration)
            } else if Self.accessModifiers.contains(source.text(of: token)), let next = peek(at: 1),
                isWord(next, "let") || isWord(next, "var") || isWord(next, "extension")
            {
                position += 1  // `private let`, `fileprivate extension`: the access level changes nothing here
            } else if isWord(token, "var"), let body = try computedPropertyBody(token) {
                // `var name: T { expression }`: no setter, so nothing can change it.
                statements.append(.constant(name: body.0, value: body.1, at: token.range.lowerBound))
            } else if isWord(token, "let") || isWord(token, "var") {
                let (name, value) = try parseBinding(token)
                if isWord(token, "var") { variables.append((name, token.range.lowerBound)) }
                statements.append(.constant(name: name, value: value, at: token.range.lowerBound))
            } else if isWord(token, "extension") {
                statements += try parseExtension(token)
            } else {
                throw UncertainManifest(
                    reason: "a statement starting with '\(source.text(of: token))' at the top level", offset: token.range.lowerBound)
            }
        }
        try checkVariablesAreNeverChanged(statements)
        return statements
    }

    private static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "package"]

    /// `let name [: Type] = value` (or `var`), from its keyword.
    private mutating func parseBinding(_ keyword: Token) throws(UncertainManifest) -> (String, SwiftExpression) {
        let word = source.text(of: keyword)
        position += 1
        guard let name = peek(), name.kind == .identifier else {
            throw UncertainManifest(reason: "a '\(word)' that does not bind a plain name", offset: keyword.range.lowerBound)
        }
        position += 1
        try skipTypeAnnotation()
        guard let equals = peek(), equals.kind == .operatorSymbol, source.token(equals, is: "=") else {
            throw UncertainManifest(reason: "a '\(word)' without a value", offset: keyword.range.lowerBound)
        }
        position += 1
        return (source.text(of: name), try parseExpression())
    }

    /// `extension Target.Dependency { static let x = … ; static var y: Self { … } }`: the helpers
    /// manifests define to name their dependencies once. Anything else in the body (a function,
    /// an initialiser, a stored instance property) makes the reader unsure.
    private mutating func parseExtension(_ keyword: Token) throws(UncertainManifest) -> [TopLevelStatement] {
        position += 1
        var typeName = ""
        while let token = peek(), token.kind == .identifier || token.kind == .period {
            typeName += source.text(of: token)
            position += 1
        }
        guard !typeName.isEmpty, let open = peek(), open.kind == .leftBrace else {
            throw UncertainManifest(reason: "an extension that is not 'extension Type { … }'", offset: keyword.range.lowerBound)
        }
        position += 1
        var members: [TopLevelStatement] = []
        while let token = peek(), token.kind != .rightBrace {
            if token.kind == .semicolon || Self.accessModifiers.contains(source.text(of: token)) {
                position += 1
                continue
            }
            guard isWord(token, "static"), let binding = peek(at: 1), isWord(binding, "let") || isWord(binding, "var") else {
                throw UncertainManifest(
                    reason: "a member of 'extension \(typeName)' other than a static constant", offset: token.range.lowerBound)
            }
            position += 1
            if isWord(binding, "var"), let body = try computedPropertyBody(binding) {
                members.append(.staticMember(type: typeName, name: body.0, value: body.1, at: binding.range.lowerBound))
                continue
            }
            if isWord(binding, "var") {
                throw UncertainManifest(reason: "a stored 'static var' (which code may change)", offset: binding.range.lowerBound)
            }
            let (name, value) = try parseBinding(binding)
            members.append(.staticMember(type: typeName, name: name, value: value, at: binding.range.lowerBound))
        }
        guard peek() != nil else { throw UncertainManifest(reason: "an unclosed extension", offset: open.range.lowerBound) }
        position += 1
        return members
    }

    /// `var name: Type { [return] expression }`: a computed property of one expression, from `var`;
    /// nil (and nothing consumed) if it is not written that way.
    private mutating func computedPropertyBody(_ keyword: Token) throws(UncertainManifest) -> (String, SwiftExpression)? {
        let start = position
        position += 1
        guard let name = peek(), name.kind == .identifier, let colon = peek(at: 1), colon.kind == .colon else {
            position = start
            return nil
        }
        position += 2
        while let token = peek(), token.kind != .leftBrace, !(token.kind == .operatorSymbol && source.token(token, is: "=")) {
            position += 1
        }
        guard let open = peek(), open.kind == .leftBrace else {
            position = start
            return nil
        }
        position += 1
        if let word = peek(), isWord(word, "return") { position += 1 }
        let value = try parseExpression()
        guard let close = peek(), close.kind == .rightBrace else {
            throw UncertainManifest(reason: "a computed property of more than one expression", offset: open.range.lowerBound)
        }
        position += 1
        return (source.text(of: name), value)
    }

    /// A `var` is read as a constant only if nothing can change it: every mention of its name
    /// is one the reader parsed (its declaration and references in parsed values). A mention
    /// anywhere else — inside a closure, a skipped argument — could be an assignment.
    private func checkVariablesAreNeverChanged(_ statements: [TopLevelStatement]) throws(UncertainManifest) {
        guard !variables.isEmpty else { return }
        var parsed: [String: Int] = [:]
        func count(_ expression: SwiftExpression) {
            switch expression {
            case .identifier(let name, _): parsed[name, default: 0] += 1
            case .member(let base, _, _): base.map(count)
            case .call(let callee, let arguments, _):
                count(callee)
                arguments.forEach { count($0.value) }
            case .array(let elements, _): elements.forEach(count)
            case .dictionary(let pairs, _):
                for pair in pairs {
                    count(pair.key)
                    count(pair.value)
                }
            case .binary(_, let lhs, let rhs, _):
                count(lhs)
                count(rhs)
            case .conditional(let condition, let then, let otherwise, _):
                count(condition)
                count(then)
                count(otherwise)
            case .string, .number, .environmentVariable, .opaque: break
            }
        }
        for statement in statements {
            switch statement {
            case .constant(_, let value, _), .staticMember(_, _, let value, _): count(value)
            case .importDeclaration: break
            }
        }
        for (name, at) in variables {
            // Mentions of the name that are neither a member (`.name`) nor an argument label
            // (`name:`): every use, plus the declaration unless a type annotation follows it.
            let mentions = tokens.indices.filter { index in
                tokens[index].kind == .identifier && source.text(of: tokens[index]) == name
                    && (index == 0 || tokens[index - 1].kind != .period)
                    && (index + 1 == tokens.count || tokens[index + 1].kind != .colon)
            }.count
            let declaration = tokens.firstIndex { $0.range.lowerBound >= at && $0.kind == .identifier && source.text(of: $0) == name }
            let annotated = declaration.map { $0 + 1 < tokens.count && tokens[$0 + 1].kind == .colon } ?? false
            let expected = (annotated ? 0 : 1) + parsed[name, default: 0]
            if mentions != expected {
                throw UncertainManifest(reason: "a 'var' that code the reader does not evaluate may change", offset: at)
            }
        }
    }

    /// Skips `: Type` up to the `=` (generic brackets and parentheses balanced).
    private mutating func skipTypeAnnotation() throws(UncertainManifest) {
        guard let colon = peek(), colon.kind == .colon else { return }
        position += 1
        var nesting = 0
        while let token = peek() {
            if nesting == 0, token.isAtStartOfLine {
                // The statement ended without `=`: a constant assigned later (in an `if`, say).
                throw UncertainManifest(reason: "a 'let' without a value", offset: colon.range.lowerBound)
            }
            switch token.kind {
            case .leftParen, .leftBracket: nesting += 1
            case .rightParen, .rightBracket: nesting -= 1
            case .operatorSymbol:
                let text = source.text(of: token)
                if text == "=" && nesting == 0 { return }
                nesting += text.filter { $0 == "<" }.count - text.filter { $0 == ">" }.count
            default: break
            }
            position += 1
        }
        throw UncertainManifest(reason: "a type annotation without a value", offset: colon.range.lowerBound)
    }

    // MARK: - Expressions

    mutating func parseExpression() throws(UncertainManifest) -> SwiftExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else {
            throw UncertainManifest(reason: "expressions nested too deeply", offset: peek()?.range.lowerBound)
        }
        var lhs = try parsePostfix()
        while let token = peek(), token.kind == .operatorSymbol {
            let op = source.text(of: token)
            if op == "=" { break }
            position += 1
            if op == "?" {
                // The ternary operator binds loosest: what came before is its condition.
                let then = try parseExpression()
                guard let colon = peek(), colon.kind == .colon else {
                    throw UncertainManifest(reason: "a '?' without its ':'", offset: token.range.lowerBound)
                }
                position += 1
                let otherwise = try parseExpression()
                return .conditional(lhs, then: then, otherwise: otherwise, at: lhs.offset)
            }
            let rhs = try parsePostfix()
            lhs = .binary(op: op, lhs, rhs, at: lhs.offset)
        }
        return lhs
    }

    private mutating func parsePostfix() throws(UncertainManifest) -> SwiftExpression {
        var expression = try parsePrimary()
        while let token = peek() {
            switch token.kind {
            case .period:
                position += 1
                guard let name = peek(), name.kind == .identifier || name.kind == .number else {
                    throw UncertainManifest(reason: "a '.' not followed by a name", offset: token.range.lowerBound)
                }
                position += 1
                expression = .member(base: expression, name: source.text(of: name), at: expression.offset)
            case .leftParen where !token.isAtStartOfLine:
                let arguments = try parseArguments()
                expression = .call(callee: expression, arguments: arguments, at: expression.offset)
            case .leftBrace where !token.isAtStartOfLine:
                try skipBalanced()
                expression = .opaque("a trailing closure", at: token.range.lowerBound)
            case .leftBracket where !token.isAtStartOfLine:
                expression = try parseSubscript(of: expression, at: token)
            case .operatorSymbol
            where !token.isAtStartOfLine && ["!", "?"].contains(source.text(of: token))
                && token.range.lowerBound > 0 && !Self.isSpace(source.bytes[token.range.lowerBound - 1]):
                position += 1
                expression = .opaque("an optional unwrap", at: token.range.lowerBound)
            default:
                return expression
            }
        }
        return expression
    }

    private mutating func parsePrimary() throws(UncertainManifest) -> SwiftExpression {
        guard let token = peek() else {
            throw UncertainManifest(reason: "the file ends inside an expression", offset: source.bytes.count)
        }
        let offset = token.range.lowerBound
        switch token.kind {
        case .string:
            position += 1
            return .string(value: source.stringValue(of: token), at: offset)
        case .number:
            position += 1
            return .number(at: offset)
        case .identifier:
            position += 1
            return .identifier(source.text(of: token), at: offset)
        case .period:
            position += 1
            guard let name = peek(), name.kind == .identifier else {
                throw UncertainManifest(reason: "a '.' not followed by a name", offset: offset)
            }
            position += 1
            return .member(base: nil, name: source.text(of: name), at: offset)
        case .leftBracket:
            return try parseArrayLiteral()
        case .leftParen:
            let arguments = try parseArguments()
            if arguments.count == 1, arguments[0].label == nil { return arguments[0].value }
            return .opaque("a tuple", at: offset)
        case .leftBrace:
            try skipBalanced()
            return .opaque("a closure", at: offset)
        case .operatorSymbol:
            // A prefix operator such as `-1` or `!flag`.
            position += 1
            let operand = try parsePostfix()
            return .opaque("a prefix operator applied to an expression", at: operand.offset)
        default:
            throw UncertainManifest(reason: "unexpected '\(source.text(of: token))'", offset: offset)
        }
    }

    private mutating func parseArrayLiteral() throws(UncertainManifest) -> SwiftExpression {
        let open = tokens[position]
        position += 1
        var elements: [SwiftExpression] = []
        var pairs: [(key: SwiftExpression, value: SwiftExpression)] = []
        // `[:]`, the empty dictionary.
        if peek()?.kind == .colon, position + 1 < tokens.count, tokens[position + 1].kind == .rightBracket {
            position += 2
            return .dictionary([], at: open.range.lowerBound)
        }
        while true {
            guard let token = peek() else {
                throw UncertainManifest(reason: "an unclosed '['", offset: open.range.lowerBound)
            }
            if token.kind == .rightBracket {
                position += 1
                return pairs.isEmpty ? .array(elements, at: open.range.lowerBound) : .dictionary(pairs, at: open.range.lowerBound)
            }
            let element = try parseExpression()
            if let colon = peek(), colon.kind == .colon {
                // A dictionary literal (`moduleAliases: ["Utils": "FooUtils"]`): every entry a pair.
                guard elements.isEmpty else {
                    throw UncertainManifest(reason: "an array literal that mixes values and key-value pairs", offset: colon.range.lowerBound)
                }
                position += 1
                pairs.append((element, try parseExpression()))
            } else if !pairs.isEmpty {
                throw UncertainManifest(reason: "a dictionary literal entry without a value", offset: element.offset)
            } else {
                elements.append(element)
            }
            guard let separator = peek() else { continue }
            if separator.kind == .comma {
                position += 1
            } else if separator.kind != .rightBracket {
                throw UncertainManifest(reason: "unexpected '\(source.text(of: separator))' in an array", offset: separator.range.lowerBound)
            }
        }
    }

    private mutating func parseArguments() throws(UncertainManifest) -> [SwiftExpression.Argument] {
        let open = tokens[position]
        position += 1
        var arguments: [SwiftExpression.Argument] = []
        while true {
            guard let token = peek() else {
                throw UncertainManifest(reason: "an unclosed '('", offset: open.range.lowerBound)
            }
            if token.kind == .rightParen {
                position += 1
                return arguments
            }
            var label: String?
            if token.kind == .identifier, position + 1 < tokens.count, tokens[position + 1].kind == .colon {
                label = source.text(of: token)
                position += 2
            }
            let value = try parseExpression()
            arguments.append(.init(label: label, value: value))
            guard let separator = peek() else { continue }
            if separator.kind == .comma {
                position += 1
            } else if separator.kind != .rightParen {
                throw UncertainManifest(reason: "unexpected '\(source.text(of: separator))' in an argument list", offset: separator.range.lowerBound)
            }
        }
    }

    /// Skips a balanced `(…)`, `[…]` or `{…}` starting at the current token.
    /// `base[…]`, from its `[`: an environment variable when `base` is the environment and the
    /// index a plain string literal, else opaque.
    private mutating func parseSubscript(of base: SwiftExpression, at open: Token) throws(UncertainManifest) -> SwiftExpression {
        if Self.isEnvironment(base), let literal = peek(at: 1), let close = peek(at: 2), close.kind == .rightBracket,
            let name = source.stringValue(of: literal)
        {
            position += 3
            return .environmentVariable(name, at: base.offset)
        }
        try skipBalanced()
        return .opaque("a subscript", at: open.range.lowerBound)
    }

    /// `Context.environment` or `ProcessInfo.processInfo.environment` (`Foundation.` or
    /// `PackageDescription.` before either).
    private static func isEnvironment(_ expression: SwiftExpression) -> Bool {
        guard case .member(let base?, "environment", _) = expression else { return false }
        switch base {
        case .identifier("Context", _), .member(.identifier("PackageDescription", _)?, "Context", _): return true
        case .member(.identifier("ProcessInfo", _)?, "processInfo", _),
            .member(.member(.identifier("Foundation", _)?, "ProcessInfo", _)?, "processInfo", _):
            return true
        default: return false
        }
    }

    private mutating func skipBalanced() throws(UncertainManifest) {
        position = try indexAfterBalanced(from: position)
    }

    /// The index just past the bracket that closes the one at `openIndex`.
    private func indexAfterBalanced(from openIndex: Int) throws(UncertainManifest) -> Int {
        let open = tokens[openIndex]
        var index = openIndex
        var nesting = 0
        while index < tokens.count {
            switch tokens[index].kind {
            case .leftParen, .leftBracket, .leftBrace: nesting += 1
            case .rightParen, .rightBracket, .rightBrace: nesting -= 1
            default: break
            }
            index += 1
            if nesting == 0 { return index }
        }
        throw UncertainManifest(reason: "an unclosed '\(source.text(of: open))'", offset: open.range.lowerBound)
    }

    // MARK: - Helpers

    private func peek() -> Token? {
        position < tokens.count ? tokens[position] : nil
    }

    private func peek(at offset: Int) -> Token? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }

    private func isWord(_ token: Token, _ word: StaticString) -> Bool {
        token.kind == .identifier && source.token(token, is: word)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0A || byte == 0x0D
    }
}
