#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift source file found on disk, with what identifies its contents for the cache.
public struct SourceFileEntry: Sendable, Hashable {
    /// Absolute path.
    public var path: String
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64
    public var inode: UInt64

    public init(path: String, size: Int64, modified: Int64, inode: UInt64) {
        self.path = path
        self.size = size
        self.modified = modified
        self.inode = inode
    }
}

/// Finds a target's Swift files the way SwiftPM does: every `.swift` file under its folder
/// (or under the paths `sources:` lists), less `exclude:`, skipping hidden files. Symbolic
/// links are followed; a link back into its own ancestry is reported once as a loop.
public enum SourceFileCollector {
    public struct Result: Sendable {
        public var files: [SourceFileEntry]
        /// Problems found while walking, by path.
        public var problems: [(path: String, problem: SourceProblem)]
    }

    /// A stamp of what `collect` would find for these targets — every file's path, size,
    /// modification time and inode, and every problem's path — without reading any file.
    public static func fingerprint(_ targets: [TargetSources]) async -> (files: Int, hash: UInt64) {
        let results = await SourceScanner.parallelMap(targets) { collect($0) }
        var hash = FNV1a()
        var files = 0
        for result in results {
            for file in result.files {
                hash.add(file.path)
                hash.add(UInt64(bitPattern: file.size))
                hash.add(UInt64(bitPattern: file.modified))
                hash.add(file.inode)
                files += 1
            }
            for problem in result.problems { hash.add(problem.path + "|" + problem.problem.kind.rawValue) }
            hash.add(UInt64(0xFEED))
        }
        return (files, hash.value)
    }

    public static func collect(_ sources: TargetSources) -> Result {
        var walker = Walker(excluded: Set(sources.excluded))
        let roots = sources.only ?? [sources.directory]
        for root in roots { walker.visit(root) }
        walker.files.sort { $0.path < $1.path }
        return Result(files: walker.files, problems: walker.problems)
    }

    private struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Walker {
        let excluded: Set<String>
        var files: [SourceFileEntry] = []
        var problems: [(path: String, problem: SourceProblem)] = []
        /// The directories on the way down to the current one, to recognise a loop.
        var ancestors: Set<DirectoryID> = []
        /// Directories already walked (reached twice through links, they are walked once).
        var seen: Set<DirectoryID> = []

        mutating func visit(_ path: String) {
            if excluded.contains(path) { return }
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = errno
                if reason == ELOOP {
                    problems.append((path, SourceProblem(.symlinkLoop, "symbolic link loop at '\(path)'; it was skipped")))
                } else if path.hasSuffix(".swift"), lstat(path, &info) == 0 {
                    // The name exists but cannot be followed: a broken link to a source file.
                    problems.append((path, SourceProblem(.unreadable, "cannot read '\(path)': \(String(cString: strerror(reason)))")))
                }
                return  // a missing target folder holds no sources
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walkDirectory(path, info)
            case S_IFREG where path.hasSuffix(".swift"):
                files.append(entry(path, info))
            default:
                return
            }
        }

        private mutating func walkDirectory(_ path: String, _ info: stat) {
            let id = DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            if ancestors.contains(id) {
                problems.append(
                    (path, SourceProblem(.symlinkLoop, "symbolic link loop at '\(path)' (it leads back to a folder above it); it was skipped")))
                return
            }
            guard seen.insert(id).inserted else { return }
            guard let directory = opendir(path) else {
                problems.append((path, SourceProblem(.unreadable, "cannot read folder '\(path)': \(String(cString: strerror(errno)))")))
                return
            }
            ancestors.insert(id)
            defer {
                closedir(directory)
                ancestors.remove(id)
            }
            let descriptor = dirfd(directory)
            let prefix = path.hasSuffix("/") ? path : path + "/"
            var later: [String] = []  // folders, links and unknown entries: followed by path
            while let item = readdir(directory) {
                let type = item.pointee.d_type
                withUnsafeBytes(of: item.pointee.d_name) { raw in
                    let name = raw.bindMemory(to: CChar.self).baseAddress!
                    guard name[0] != CChar(UInt8(ascii: ".")) else { return }  // hidden, `.` and `..`
                    if type == UInt8(DT_REG) {
                        // The common case, without building a string unless it is a Swift file.
                        guard Self.hasSwiftSuffix(name) else { return }
                        let child = prefix + String(cString: name)
                        if excluded.contains(child) { return }
                        var fileInfo = stat()
                        guard fstatat(descriptor, name, &fileInfo, 0) == 0 else { return }
                        files.append(entry(child, fileInfo))
                    } else {
                        later.append(prefix + String(cString: name))
                    }
                }
            }
            for child in later { visit(child) }
        }

        /// True if the C string ends in `.swift`.
        private static func hasSwiftSuffix(_ name: UnsafePointer<CChar>) -> Bool {
            let length = strlen(name)
            guard length > 6 else { return false }
            return memcmp(name + length - 6, ".swift", 6) == 0
        }

        private func entry(_ path: String, _ info: stat) -> SourceFileEntry {
            #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
            return SourceFileEntry(path: path, size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
        }
    }
}

/// The 64-bit FNV-1a hash: a fast, stable fingerprint (not for security).
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    public mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    public mutating func add(_ string: String) {
        for byte in string.utf8 { add(byte: byte) }
        add(byte: 0xFF)  // a separator no UTF-8 text contains
    }
}
