import StrataLexer
public import StrataSources

/// `#if` in a Package.swift. A manifest is compiled and run on the machine that builds — the
/// host — so `os(macOS)` and `canImport(Darwin)` there mean "built on a Mac", whatever the
/// build is for. An iOS build is made on a macOS host; a Linux build on a Linux host.
///
/// The static reader keeps the tokens of the branches that are active for the host, as the
/// compiler does, and is unsure of a condition it cannot decide. Flags are never defined when
/// SwiftPM compiles a manifest, so a bare name is false.
public enum ManifestConditions {
    /// A condition that depends on the host (`os`, `arch`, `canImport`, `targetEnvironment`),
    /// with where it is written.
    struct HostCondition: Sendable, Hashable {
        var text: String
        var offset: Int
    }

    /// The host a build for `platform` runs on: a Mac for every Apple platform; the platform
    /// itself for Linux, Windows and the BSDs; unknown for cross-compiled Android and WASI.
    public static func host(for platform: Platform) -> Platform? {
        switch platform {
        case .macos, .ios, .tvos, .watchos, .visionos, .maccatalyst: .macos
        case .linux, .windows, .freebsd, .openbsd: platform
        case .android, .wasi: nil
        }
    }

    /// The machine Strata runs on.
    public static var thisHost: Platform {
        #if os(macOS)
        return .macos
        #elseif os(Windows)
        return .windows
        #elseif os(FreeBSD)
        return .freebsd
        #elseif os(OpenBSD)
        return .openbsd
        #else
        return .linux
        #endif
    }

    /// Every host-dependent `#if`/`#elseif` condition of a manifest, without deciding any.
    static func hostConditions(in bytes: [UInt8]) -> [HostCondition] {
        let source = SourceText(bytes: bytes)
        let tokens = Lexer.tokenize(source).tokens
        var found: [HostCondition] = []
        for (index, token) in tokens.enumerated()
        where token.kind == .poundKeyword && (source.token(token, is: "#if") || source.token(token, is: "#elseif")) {
            var end = index + 1
            while end < tokens.count, !tokens[end].isAtStartOfLine { end += 1 }
            let text = tokens[(index + 1)..<end].map { source.text(of: $0) }.joined(separator: " ")
            if isHostDependent(text) { found.append(HostCondition(text: display(text), offset: token.range.lowerBound)) }
        }
        return found
    }

    /// `os ( macOS ) || ! canImport ( Darwin )` → `os(macOS) || !canImport(Darwin)`.
    private static func display(_ text: String) -> String {
        text.split(separator: " ").map { word in word == "&&" || word == "||" ? " \(word) " : String(word) }.joined()
    }

    private static func isHostDependent(_ text: String) -> Bool {
        ["os", "arch", "canImport", "targetEnvironment"].contains { text.contains($0 + " (") }
    }

    /// The tokens of the active branches for `host`, and the host-dependent conditions met.
    /// Throws if a condition cannot be decided (or `host` is nil and there is any `#if`).
    static func activeTokens(
        _ tokens: [Token], in source: SourceText, host: Platform?
    ) throws(UncertainManifest) -> (tokens: [Token], hostConditions: [HostCondition]) {
        guard tokens.contains(where: { $0.kind == .poundKeyword && source.token($0, is: "#if") }) else { return (tokens, []) }
        guard let host else {
            let pound = tokens.first { $0.kind == .poundKeyword && source.token($0, is: "#if") }!
            throw UncertainManifest(reason: "conditional compilation ('#if') for a host that is not known", offset: pound.range.lowerBound)
        }
        var kept: [Token] = []
        var conditions: [HostCondition] = []
        /// One open `#if`: whether its enclosing code is active, whether a clause was taken, whether the current clause is active.
        var stack: [(outerActive: Bool, taken: Bool, active: Bool)] = []
        var index = 0
        func isActive() -> Bool { stack.last?.active ?? true }
        /// The condition after a directive: the tokens up to the end of its line.
        func condition(after directive: Int) -> (String, Int) {
            var end = directive + 1
            while end < tokens.count, !tokens[end].isAtStartOfLine { end += 1 }
            let text = tokens[(directive + 1)..<end].map { source.text(of: $0) }.joined(separator: " ")
            return (text, end)
        }
        func evaluate(_ text: String, at offset: Int) throws(UncertainManifest) -> Bool {
            if isHostDependent(text) {
                conditions.append(HostCondition(text: display(text), offset: offset))
            }
            let flags = Set(Lexer.tokenize(SourceText(text)).tokens.filter { $0.kind == .identifier }.map { SourceText(text).text(of: $0) })
            let configuration = BuildConfiguration(platform: host, undefines: flags.subtracting(["true", "false"]))
            guard let value = configuration.evaluate(text) else {
                throw UncertainManifest(reason: "'#if \(display(text))', which Strata cannot decide for a \(host.rawValue) host", offset: offset)
            }
            return value
        }
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .poundKeyword else {
                if isActive() { kept.append(token) }
                index += 1
                continue
            }
            let offset = token.range.lowerBound
            if source.token(token, is: "#if") {
                let (text, end) = condition(after: index)
                let outer = isActive()
                let value = outer ? try evaluate(text, at: offset) : false
                stack.append((outer, value, outer && value))
                index = end
            } else if source.token(token, is: "#elseif") {
                let (text, end) = condition(after: index)
                guard let top = stack.popLast() else { throw UncertainManifest(reason: "'#elseif' without '#if'", offset: offset) }
                let value = top.outerActive && !top.taken ? try evaluate(text, at: offset) : false
                stack.append((top.outerActive, top.taken || value, top.outerActive && !top.taken && value))
                index = end
            } else if source.token(token, is: "#else") {
                guard let top = stack.popLast() else { throw UncertainManifest(reason: "'#else' without '#if'", offset: offset) }
                stack.append((top.outerActive, true, top.outerActive && !top.taken))
                index += 1
            } else if source.token(token, is: "#endif") {
                guard stack.popLast() != nil else { throw UncertainManifest(reason: "'#endif' without '#if'", offset: offset) }
                index += 1
            } else {
                if isActive() { kept.append(token) }  // `#file`, `#filePath` and other expressions
                index += 1
            }
        }
        if !stack.isEmpty { throw UncertainManifest(reason: "an '#if' without '#endif'", offset: nil) }
        return (kept, conditions)
    }
}
