/// A 1-based position in a file Strata read: a manifest, a Package.swift or a Swift source.
///
/// `path` is absolute; formatters decide how to display it (usually relative to the
/// working directory, so terminals and editors can open it).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    /// Absolute path of the file.
    public var path: String
    /// Line number, starting at 1.
    public var line: Int
    /// Column number in Unicode scalars, starting at 1.
    public var column: Int

    /// Creates a location; line and column are 1-based.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// A location that names only a file (line 1, column 1).
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
