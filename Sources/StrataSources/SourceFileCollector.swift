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
            var names: [String] = []
            while let item = readdir(directory) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name.hasPrefix(".") { continue }
                names.append(name)
            }
            for name in names.sorted() {
                let child = path.hasSuffix("/") ? path + name : path + "/" + name
                visit(child)
            }
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
