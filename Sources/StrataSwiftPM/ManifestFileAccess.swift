import StrataLexer

/// Whether a Package.swift may read files when SwiftPM evaluates it, so that its answer can
/// depend on more than its own text (and the evaluated-manifest cache must key it by its
/// folder's contents too).
///
/// The manifest is read as Swift tokens, so comments and string literals never count, and a
/// word counts only where it is a call that reads the file system:
/// - the types and C functions that open, list or inspect files (`FileManager`, `FileHandle`,
///   `fopen`, `opendir`, …);
/// - `Context.packageDirectory`, which names the folder to read;
/// - a type's initialiser with a `contentsOf…` label (`String(contentsOfFile:)`,
///   `Data(contentsOf:)`, `NSDictionary(contentsOf:)`, `.init(contentsOf:)`), but not a method
///   with that label (`targets.append(contentsOf:)`, `insert(contentsOf:at:)`), which reads
///   nothing.
///
/// `#filePath` and `#file` alone read nothing: they only name the manifest, whose path is
/// part of the cache's key already.
public enum ManifestFileAccess {
    /// Identifiers that, wherever they are used, reach the file system.
    static let fileSystemNames: Set<String> = [
        "FileManager", "NSFileManager", "FileHandle", "NSFileHandle", "DirectoryEnumerator", "InputStream", "FileWrapper",
        "fopen", "freopen", "opendir", "readdir", "scandir", "lstat", "readlink", "realpath", "popen",
    ]

    /// True if evaluating the manifest may read files besides the manifest itself.
    public static func mayReadFiles(_ manifest: [UInt8]) -> Bool {
        let source = SourceText(bytes: manifest)
        let tokens = Lexer.tokenize(source).tokens
        // The token before each open parenthesis: the callee of that argument list.
        var callees: [Token?] = []
        for (position, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen:
                callees.append(position > 0 ? tokens[position - 1] : nil)
            case .rightParen:
                _ = callees.popLast()
            case .identifier:
                let word = source.text(of: token)
                if fileSystemNames.contains(word) { return true }
                if word == "packageDirectory", position >= 2, tokens[position - 1].kind == .period,
                    source.text(of: tokens[position - 2]) == "Context"
                {
                    return true
                }
                if word.hasPrefix("contentsOf"), position + 1 < tokens.count, tokens[position + 1].kind == .colon,
                    let callee = callees.last ?? nil, isInitialiser(callee, in: source)
                {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }

    /// True for a callee that makes a value of a type (`String(…)`, `Data(…)`, `.init(…)`,
    /// `Foundation.NSData(…)`), as opposed to a method of a value (`append(…)`).
    private static func isInitialiser(_ callee: Token, in source: SourceText) -> Bool {
        guard callee.kind == .identifier else { return false }
        let name = source.text(of: callee)
        return name == "init" || name.first?.isUppercase == true
    }
}
