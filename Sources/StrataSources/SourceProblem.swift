/// Something wrong with a source file or folder. Each is reported once as a warning and the rest
/// of the workspace is still checked, except `unreadable`: a folder or file that cannot be read
/// hides imports, so `strata check` stops on it (exit 2) unless told to skip it.
public struct SourceProblem: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case unreadable = "unreadable-source"
        case empty = "empty-source"
        case tooLarge = "large-source"
        case binary = "binary-source"
        case invalidUTF8 = "invalid-utf8-source"
        case brokenLink = "broken-symlink"
        case symlinkLoop = "symlink-loop"
        case outsideWorkspace = "symlink-outside-workspace"
        case unterminated = "unterminated-construct"
    }

    public var kind: Kind
    public var message: String
    /// Where in the file, when the problem has a place.
    public var line: Int?
    public var column: Int?

    public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }
}

/// What scanning one file found: its imports and its problems, and whether `strata secrets
/// export` wrote it.
public struct FileScan: Sendable, Hashable, Codable {
    public var imports: [ImportDeclaration]
    public var problems: [SourceProblem]
    /// True for a file `strata secrets export` wrote (``ExportedSecretsFile``).
    public var isExportedSecrets: Bool

    public init(imports: [ImportDeclaration], problems: [SourceProblem], isExportedSecrets: Bool = false) {
        self.imports = imports
        self.problems = problems
        self.isExportedSecrets = isExportedSecrets
    }
}
