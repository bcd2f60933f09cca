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

    /// How long before it was stamped a file or folder must have last changed for its stamp to
    /// prove it unchanged later. File systems keep coarse times (a clock tick, up to seconds on
    /// some): a file changed within the tick it was stamped in could change again unseen.
    public static let racyMargin: Int64 = 2_000_000_000

    /// The time now, in nanoseconds since 1970, as file times are kept.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Size, modification time and inode of the running executable, which caches keep their
    /// entries by: another build of Strata may compute other results.
    public static let currentExecutable: String = {
        let stamp = Bundle.main.executablePath.map(FileStamp.of) ?? FileStamp(path: "?", size: -1, modified: 0, inode: 0)
        return "\(stamp.size):\(stamp.modified):\(stamp.inode)"
    }()
}

extension ByteWriter {
    /// Stamps in order, each path written as the length it shares with the one before and
    /// the rest: the thousands of paths of a snapshot share long prefixes.
    public mutating func stampList(_ stamps: [FileStamp]) {
        varint(UInt64(stamps.count))
        var previous: [UInt8] = []
        for stamp in stamps {
            let path = Array(stamp.path.utf8)
            var shared = 0
            while shared < min(path.count, previous.count), path[shared] == previous[shared] { shared += 1 }
            varint(UInt64(shared))
            varint(UInt64(path.count - shared))
            bytes(path[shared...])
            zigzag(stamp.size)
            zigzag(stamp.modified)
            varint(stamp.inode)
            previous = path
        }
    }
}

extension ByteReader {
    /// Stamps written by `ByteWriter.stampList(_:)`.
    public mutating func stampList() throws(CorruptData) -> [FileStamp] {
        let count = try varint()  // each stamp takes bytes: a wrong count runs out of them
        var stamps: [FileStamp] = []
        stamps.reserveCapacity(Int(min(count, 1 << 16)))
        var path: [UInt8] = []
        for _ in 0..<count {
            let shared = try varint()
            guard shared <= UInt64(path.count) else { throw CorruptData() }
            let rest = try varint()
            guard rest <= UInt64(Int32.max) else { throw CorruptData() }
            path.removeSubrange(Int(shared)...)
            path += try slice(Int(rest))
            let size = try zigzag()
            let modified = try zigzag()
            stamps.append(FileStamp(path: String(decoding: path, as: UTF8.self), size: size, modified: modified, inode: try varint()))
        }
        return stamps
    }
}
