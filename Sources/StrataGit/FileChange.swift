/// One file that differs between two revisions, with paths from the repository's top level.
public struct FileChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case added, modified, deleted, renamed, copied
        /// A file became a symbolic link or the other way round.
        case typeChanged = "type-changed"
        /// Present in the work tree only (`--include-uncommitted`).
        case untracked
    }

    public var kind: Kind
    /// The path at the head revision (for a deletion: the path it had).
    public var path: String
    /// For renames and copies: the path at the base revision.
    public var oldPath: String?

    public init(kind: Kind, path: String, oldPath: String? = nil) {
        self.kind = kind
        self.path = path
        self.oldPath = oldPath
    }

    /// The paths the change touches: both ends of a rename, the new end of a copy, else the one path.
    public var touchedPaths: [String] {
        kind == .renamed ? [oldPath, path].compactMap { $0 } : [path]
    }

    /// Parses `git diff --name-status -z`: `M\0path\0`, `R096\0old\0new\0`, ….
    static func parseNameStatus(_ fields: [String]) throws(GitError) -> [FileChange] {
        var changes: [FileChange] = []
        var index = 0
        while index < fields.count {
            let status = fields[index]
            index += 1
            func next() throws(GitError) -> String {
                guard index < fields.count else {
                    throw GitError("git-output", "unexpected output from git diff --name-status after '\(status)'")
                }
                defer { index += 1 }
                return fields[index]
            }
            switch status.first {
            case "A": changes.append(FileChange(kind: .added, path: try next()))
            case "M": changes.append(FileChange(kind: .modified, path: try next()))
            case "D": changes.append(FileChange(kind: .deleted, path: try next()))
            case "T": changes.append(FileChange(kind: .typeChanged, path: try next()))
            case "R":
                let old = try next()
                changes.append(FileChange(kind: .renamed, path: try next(), oldPath: old))
            case "C":
                let old = try next()
                changes.append(FileChange(kind: .copied, path: try next(), oldPath: old))
            case "U", "X", "B":
                // Unmerged (a conflict in the work tree) or unknown: count it as modified.
                changes.append(FileChange(kind: .modified, path: try next()))
            default:
                throw GitError("git-output", "unexpected status '\(status)' from git diff --name-status")
            }
        }
        return changes
    }
}
