import StrataLexer

/// What a change to a Package.swift can have changed: the declarations of some targets, or
/// something every target of the package builds with.
///
/// Both versions are read as Swift tokens, so comments, blank lines and formatting never count.
/// Each target declaration written as a call (`.target(name: "Feed", …)`, any target kind) is
/// compared with its namesake by its tokens; everything else in the manifest — the package's
/// name, platforms, products, settings constants, helper functions, the tools version — is the
/// package's part, compared without the target calls and without commas, so reordering targets,
/// adding or removing one, or a trailing comma changes nothing there. A change to the package's
/// part may reach any target (a constant its settings use, a product), so it is the whole
/// package; otherwise only the targets whose declarations differ (and what depends on them) are
/// affected. A manifest that builds its targets in code (a loop, a helper) keeps them in the
/// package's part, so a change there is the whole package, soundly.
public enum PackageManifestChange: Sendable, Equatable {
    /// Something every target of the package builds with changed.
    case wholePackage(reason: String)
    /// Only these targets' declarations changed (new and removed ones included).
    case targets(Set<String>)

    /// Compares two versions of one manifest (nil where the file does not exist).
    public static func between(_ old: [UInt8]?, _ new: [UInt8]?) -> PackageManifestChange {
        guard let old, let new else { return .wholePackage(reason: old == nil ? "it is new" : "it was removed") }
        let before = Declarations(old), after = Declarations(new)
        if before.toolsVersion != after.toolsVersion { return .wholePackage(reason: "its tools version changed") }
        if before.package != after.package { return .wholePackage(reason: "a declaration every target shares changed") }
        let names = Set(before.targets.keys).union(after.targets.keys)
        return .targets(names.filter { before.targets[$0] != after.targets[$0] })
    }

    /// A manifest's target declarations and the rest, as token texts.
    struct Declarations {
        /// The `// swift-tools-version:` line, which is a comment to the lexer.
        var toolsVersion: String
        /// Every token outside the target calls, commas left out.
        var package: [String] = []
        /// Each target's declaration tokens, by name (joined when `#if` branches declare one twice).
        var targets: [String: [String]] = [:]

        static let targetKinds: Set<String> = [
            "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
        ]

        init(_ bytes: [UInt8]) {
            let firstLine = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
            let line = String(decoding: firstLine, as: UTF8.self)
            toolsVersion = line.lowercased().contains("swift-tools-version") ? line.filter { !$0.isWhitespace } : ""
            let source = SourceText(bytes: bytes)
            let tokens = Lexer.tokenize(source).tokens
            var position = 0
            while position < tokens.count {
                if let (name, end) = Self.targetCall(at: position, in: tokens, source: source) {
                    targets[name, default: []] += Self.texts(tokens[position...end], source: source)
                    position = end + 1
                    continue
                }
                if tokens[position].kind != .comma { package.append(source.text(of: tokens[position])) }
                position += 1
            }
        }

        /// A target call starting at `position` (`.target(name: "A", …)`): its name and the
        /// index of its closing parenthesis.
        static func targetCall(at position: Int, in tokens: [Token], source: SourceText) -> (name: String, end: Int)? {
            guard position + 5 < tokens.count, tokens[position].kind == .period, tokens[position + 1].kind == .identifier,
                targetKinds.contains(source.text(of: tokens[position + 1])), tokens[position + 2].kind == .leftParen,
                source.token(tokens[position + 3], is: "name"), tokens[position + 4].kind == .colon,
                tokens[position + 5].kind == .string, !tokens[position + 5].hasInterpolation,
                let name = source.stringValue(of: tokens[position + 5])
            else { return nil }
            var depth = 0
            for index in (position + 2)..<tokens.count {
                switch tokens[index].kind {
                case .leftParen, .leftBracket, .leftBrace: depth += 1
                case .rightParen, .rightBracket, .rightBrace:
                    depth -= 1
                    if depth == 0 { return (name, index) }
                default: continue
                }
            }
            return nil
        }

        /// The tokens' texts, without a comma that only ends a list (`[a, b,]`).
        static func texts(_ tokens: ArraySlice<Token>, source: SourceText) -> [String] {
            var texts: [String] = []
            for index in tokens.indices {
                if tokens[index].kind == .comma, index + 1 < tokens.endIndex,
                    [.rightParen, .rightBracket].contains(tokens[index + 1].kind)
                {
                    continue
                }
                texts.append(source.text(of: tokens[index]))
            }
            return texts
        }
    }
}
