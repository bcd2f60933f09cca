import StrataLexer
public import StrataProjectFormat

/// The environment variables a Package.swift reads when SwiftPM evaluates it, so that the
/// evaluated-manifest cache can key it by their values too (a manifest that leaves targets out
/// when a variable is set must not be answered from an evaluation without it).
///
/// The manifest is read as Swift tokens, so comments and string literals never count. A read the
/// text names is a subscript with a string literal, `Context.environment["NAME"]` or
/// `ProcessInfo.processInfo.environment["NAME"]`, or `getenv("NAME")`. Any other use of
/// `environment` or `getenv` (the whole dictionary, a key made at run time) reads variables the
/// text does not name.
public enum ManifestEnvironment {
    /// What a manifest reads of the environment.
    public enum Reads: Equatable, Sendable {
        /// These variables, sorted, each once (none for most manifests).
        case variables([String])
        /// Variables whose names only evaluating it would tell.
        case unnamed
    }

    /// The variables evaluating `manifest` reads.
    public static func reads(_ manifest: [UInt8]) -> Reads {
        // Most manifests name neither: a byte search spares them the lexer.
        guard contains(manifest, "environment") || contains(manifest, "getenv") else { return .variables([]) }
        let source = SourceText(bytes: manifest)
        let tokens = Lexer.tokenize(source).tokens
        var names: Set<String> = []
        for (position, token) in tokens.enumerated() where token.kind == .identifier {
            let (opening, closing): (TokenKind, TokenKind)
            switch source.text(of: token) {
            case "environment" where position > 0 && tokens[position - 1].kind == .period: (opening, closing) = (.leftBracket, .rightBracket)
            case "getenv": (opening, closing) = (.leftParen, .rightParen)
            default: continue
            }
            guard position + 3 < tokens.count, tokens[position + 1].kind == opening, tokens[position + 3].kind == closing,
                let name = source.stringValue(of: tokens[position + 2])
            else { return .unnamed }
            names.insert(name)
        }
        return .variables(names.sorted())
    }

    private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let word = Array(word.utf8)
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { start in bytes[start] == word[0] && bytes[start..<(start + word.count)].elementsEqual(word)
        }
    }

    /// The variables evaluating `manifest` would read, with their values now; nil when it reads
    /// variables its text does not name.
    public static func current(_ manifest: [UInt8]) -> [EnvironmentVariable]? {
        guard case .variables(let names) = reads(manifest) else { return nil }
        return names.map(EnvironmentVariable.current)
    }
}
