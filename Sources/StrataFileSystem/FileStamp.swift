import Foundation

#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// What identifies a file's (or folder's) contents without reading it: its path, size,
/// modification time and inode. Any edit, replacement or `touch` changes one of them.
public struct FileStamp: Sendable, Hashable {
    /// As given (Strata passes absolute paths).
    public var path: String
    /// -1 if the path does not exist.
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64
    public var inode: UInt64

    /// A stamp from known values.
    public init(path: String, size: Int64, modified: Int64, inode: UInt64) {
        self.path = path
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// The stamp from a `stat` result.
    public init(path: String, _ info: stat) {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        self.init(path: path, size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// The stamp of `path` now, following symbolic links; a missing path has size -1.
    public static func of(_ path: String) -> FileStamp {
        var info = stat()
        guard stat(path, &info) == 0 else { return FileStamp(path: path, size: -1, modified: 0, inode: 0) }
        return FileStamp(path: path, info)
    }

    /// Size, modification time and inode of the running executable, which caches keep their
    /// entries by: another build of Strata may compute other results.
    public static let currentExecutable: String = {
        let stamp = Bundle.main.executablePath.map(FileStamp.of) ?? FileStamp(path: "?", size: -1, modified: 0, inode: 0)
        return "\(stamp.size):\(stamp.modified):\(stamp.inode)"
    }()
}
