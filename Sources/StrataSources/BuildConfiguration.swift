import StrataLexer

/// What `#if` conditions are evaluated against: a platform, defined flags, the Swift version
/// and the modules that can be imported. Evaluation is three-valued — true, false, or unknown
/// — and a branch is dropped only when its condition is known to be false, so whatever cannot
/// be decided is kept.
public struct BuildConfiguration: Sendable {
    /// nil: every branch counts (no evaluation at all).
    public var platform: Platform?
    /// Flags set with `--define`: true.
    public var defines: Set<String>
    /// Flags set with `--undefine`: false. Any other flag is unknown, so both of its branches count.
    public var undefines: Set<String>
    /// The Swift language and compiler version `swift(…)` and `compiler(…)` compare with.
    public var swiftVersion: [Int]
    /// Modules of the workspace and its packages, for `canImport(…)`.
    public var workspaceModules: Set<String>

    public init(
        platform: Platform?, defines: Set<String> = [], undefines: Set<String> = [],
        swiftVersion: [Int] = BuildConfiguration.toolchainSwiftVersion, workspaceModules: Set<String> = []
    ) {
        self.platform = platform
        self.defines = defines
        self.undefines = undefines
        self.swiftVersion = swiftVersion
        self.workspaceModules = workspaceModules
    }

    /// No evaluation: every branch of every `#if` counts.
    public static let allBranches = BuildConfiguration(platform: nil)

    /// This configuration with `flags` set as well, as a target's build sets them (an Xcode
    /// target's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`); a flag `--undefine` names stays unset.
    public func setting(_ flags: [String]) -> BuildConfiguration {
        var configuration = self
        configuration.defines.formUnion(flags.filter { !undefines.contains($0) })
        return configuration
    }

    /// The version of the compiler that built Strata.
    public static var toolchainSwiftVersion: [Int] {
        #if compiler(>=6.4)
        return [6, 4]
        #elseif compiler(>=6.3)
        return [6, 3]
        #elseif compiler(>=6.2)
        return [6, 2]
        #else
        return [6, 1]
        #endif
    }

    /// Whether code under these clauses may be compiled: false only if some clause is known false.
    public func isActive(_ clauses: [IfConfigClause]) -> Bool {
        guard platform != nil || !defines.isEmpty || !undefines.isEmpty else { return true }
        for clause in clauses {
            var value: Bool? = true
            for earlier in clause.negated { value = and(value, not(evaluate(earlier))) }
            if let condition = clause.condition { value = and(value, evaluate(condition)) }
            if value == false { return false }
        }
        return true
    }

    /// A condition's value, or nil if it cannot be decided.
    public func evaluate(_ condition: String) -> Bool? {
        let source = SourceText(condition)
        var parser = ConditionParser(source: source, tokens: Lexer.tokenize(source).tokens, configuration: self)
        let value = parser.disjunction()
        return parser.isAtEnd ? value : nil
    }

    func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

    func and(_ a: Bool?, _ b: Bool?) -> Bool? {
        if a == false || b == false { return false }
        if a == true && b == true { return true }
        return nil
    }

    func or(_ a: Bool?, _ b: Bool?) -> Bool? {
        if a == true || b == true { return true }
        if a == false && b == false { return false }
        return nil
    }

    /// `os(X)`, `canImport(X)`, `targetEnvironment(X)`, `swift(>=X)` and friends.
    func call(_ name: String, _ arguments: [String]) -> Bool? {
        let argument = arguments.first ?? ""
        switch name {
        case "os":
            guard let platform, Platform.allOSNames.contains(argument) else { return nil }
            return platform.osNames.contains(argument)
        case "canImport":
            if workspaceModules.contains(argument) { return true }
            guard let platform else { return nil }
            return SDKModules.isAvailable(argument, on: platform)
        case "targetEnvironment":
            guard let platform else { return nil }
            switch argument {
            case "macCatalyst": return platform == .maccatalyst
            case "simulator": return platform.isApple && platform != .macos && platform != .maccatalyst ? nil : false
            default: return nil
            }
        case "swift", "compiler":
            return compareVersion(argument)
        default:
            return nil  // arch(), hasFeature(), _endian() and the like are not decided
        }
    }

    /// `>=5.9` or `<6.0` against `swiftVersion`.
    func compareVersion(_ text: String) -> Bool? {
        let op = text.hasPrefix(">=") ? ">=" : text.hasPrefix("<") ? "<" : nil
        guard let op else { return nil }
        let parts = text.dropFirst(op.count).split(separator: ".").compactMap { Int($0) }
        guard !parts.isEmpty else { return nil }
        let width = max(parts.count, swiftVersion.count)
        let wanted = parts + Array(repeating: 0, count: width - parts.count)
        let have = swiftVersion + Array(repeating: 0, count: width - swiftVersion.count)
        let atLeast = !have.lexicographicallyPrecedes(wanted)
        return op == ">=" ? atLeast : !atLeast
    }
}

/// `a || b && !c(d)` over condition tokens.
private struct ConditionParser {
    let source: SourceText
    let tokens: [Token]
    let configuration: BuildConfiguration
    var index = 0

    var isAtEnd: Bool { index == tokens.count }

    private func text(_ offset: Int = 0) -> String? {
        index + offset < tokens.count ? source.text(of: tokens[index + offset]) : nil
    }

    mutating func disjunction() -> Bool? {
        var value = conjunction()
        while text() == "||" {
            index += 1
            value = configuration.or(value, conjunction())
        }
        return value
    }

    mutating func conjunction() -> Bool? {
        var value = unary()
        while text() == "&&" {
            index += 1
            value = configuration.and(value, unary())
        }
        return value
    }

    mutating func unary() -> Bool? {
        if text() == "!" {
            index += 1
            return configuration.not(unary())
        }
        return primary()
    }

    mutating func primary() -> Bool? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        switch token.kind {
        case .leftParen:
            index += 1
            let value = disjunction()
            if text() == ")" { index += 1 } else { index = tokens.count + 1 }
            return value
        case .identifier:
            let name = source.text(of: token)
            index += 1
            if index < tokens.count, tokens[index].kind == .leftParen {
                // A call: collect its arguments' text, split at top-level commas.
                index += 1
                var arguments: [String] = []
                var current = ""
                var nesting = 0
                while index < tokens.count {
                    let inner = tokens[index]
                    index += 1
                    if inner.kind == .rightParen && nesting == 0 { break }
                    if inner.kind == .leftParen { nesting += 1 }
                    if inner.kind == .rightParen { nesting -= 1 }
                    if inner.kind == .comma && nesting == 0 {
                        arguments.append(current)
                        current = ""
                    } else {
                        current += source.text(of: inner)
                    }
                }
                arguments.append(current)
                return configuration.call(name, arguments)
            }
            switch name {
            case "true": return true
            case "false": return false
            default: return configuration.defines.contains(name) ? true : configuration.undefines.contains(name) ? false : nil
            }
        default:
            index += 1
            return nil
        }
    }
}
