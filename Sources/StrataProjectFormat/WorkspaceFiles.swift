import Foundation
import StrataDiagnostics
public import StrataFileSystem

/// Where a workspace's manifests are read from: the working tree, or a revision of it that is
/// not checked out (a git commit, for `strata affected`). All paths are absolute, as if the
/// files were at the workspace's root.
///
/// The loader asks only these questions, so a graph can be built from any snapshot of the
/// files that decide it: strata.yml, the Package.swift files and which folders exist.
public protocol WorkspaceFiles: Sendable {
    /// The bytes of the regular file at `path`, or why there are none (missing, not a regular
    /// file, unreadable).
    func read(_ path: String) -> Result<[UInt8], FileContents.Failure>
    /// True if a file or a folder is at `path`.
    func exists(_ path: String) -> Bool
    /// Why the folder or file at `path` exists but cannot be read (or a folder on the way to it
    /// cannot be searched); nil when it can be, or is simply not there.
    func unreadable(_ path: String) -> String?
    /// The names of the entries in the folder at `path`; empty if there is no such folder.
    func children(of path: String) -> [String]
}

extension WorkspaceFiles {
    /// A revision's files are all readable (git has them); only the disk can refuse.
    public func unreadable(_ path: String) -> String? { nil }

    /// The bytes of the file at `path`, or nil if it cannot be read (see `read`).
    public func contents(of path: String) -> [UInt8]? {
        try? read(path).get()
    }
}

/// The files on disk.
public struct LocalFiles: WorkspaceFiles {
    public init() {}

    public func read(_ path: String) -> Result<[UInt8], FileContents.Failure> {
        FileContents.read(path)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public func unreadable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? nil : String(cString: strerror(errno)) }
        let needed = info.st_mode & S_IFMT == S_IFDIR ? R_OK | X_OK : R_OK
        return access(path, needed) == 0 ? nil : String(cString: strerror(errno))
    }

    public func children(of path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}
