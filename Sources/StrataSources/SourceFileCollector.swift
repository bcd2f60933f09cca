public import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a target's Swift files the way SwiftPM does: every `.swift` file under its folder
/// (or under the paths `sources:` lists), less `exclude:`, skipping hidden files. Symbolic
/// links are followed, but not out of the workspace (`TargetSources.boundary`); a link back
/// into its own ancestry is reported once as a loop.
public enum SourceFileCollector {
    /// The Swift files of one target, sorted by path, and what stood in the way of finding them.
    public struct Result: Sendable {
        public var files: [FileStamp]
        /// Problems found while walking, by path.
        public var problems: [(path: String, problem: SourceProblem)]
        /// Every folder walked, stamped before it was read, and every root that was missing.
        public var folders: [FileStamp] = []
        /// When the walk began, in nanoseconds since 1970 (the clock file times are set from).
        public var startedAt: Int64 = 0
    }

    /// What identifies the files `collect` finds for a list of targets without reading them:
    /// how many there are and a hash of every file's path, size, modification time and inode,
    /// and of every problem's path.
    public struct Fingerprint: Sendable, Hashable {
        public var files: Int
        public var hash: UInt64

        public init(files: Int, hash: UInt64) {
            self.files = files
            self.hash = hash
        }

        /// The fingerprint of walks already made, one result per target, in target order.
        public init(_ results: [Result]) {
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
            self.init(files: files, hash: hash.value)
        }
    }

    /// What `collect` finds for each of these targets, walking them in parallel on all cores.
    public static func collectAll(_ targets: [TargetSources]) -> [Result] {
        let folders = ResolvedFolders(parentsOf: targets)
        return ParallelMap.map(targets) { collect($0, folders: folders) }
    }

    /// The Swift files of one target, with their stamps. `folders` may hold the target
    /// folder's parent with its links resolved, found once for many targets.
    public static func collect(_ sources: TargetSources, folders: ResolvedFolders = ResolvedFolders()) -> Result {
        let startedAt = FileStamp.now()
        var walker = Walker(
            excluded: Set(sources.excluded), boundary: sources.boundary, opaqueFolders: sources.opaqueFolders, folders: folders)
        let roots = sources.only ?? [sources.directory]
        // The roots are declared sources: looked into whatever their extension.
        for root in roots where walker.isInsideBoundary(root, checkingLinks: true) {
            walker.filter = sources.filters.first { $0.root == root }.map(CompiledFilter.init)
            walker.visit(root, isRoot: true)
        }
        walker.files.sort { $0.path < $1.path }
        return Result(files: walker.files, problems: walker.problems, folders: walker.walkedFolders, startedAt: startedAt)
    }

    /// Folders with their symbolic links resolved, so that the many target folders in one
    /// folder (`Sources/A`, `Sources/B`, …) are each judged with one `lstat` rather than one
    /// `readlink` per component of their path, as `realpath` does.
    public struct ResolvedFolders: Sendable {
        private var resolved: [String: String] = [:]

        /// Knows no folder: every path is resolved in full.
        public init() {}

        /// Resolves the parent folder of every root of `targets` that has a boundary to check.
        public init(parentsOf targets: [TargetSources]) {
            for target in targets where target.boundary != nil {
                for root in target.only ?? [target.directory] {
                    let parent = Self.split(PathResolution.standardize(root)).parent
                    if resolved[parent] == nil, let path = PathResolution.resolvingLinks(parent) { resolved[parent] = path }
                }
            }
        }

        /// `path` (absolute) with its links resolved, as `PathResolution.resolvingLinks` gives it.
        public func resolvingLinks(_ path: String) -> String? {
            let standard = PathResolution.standardize(path)
            let (parent, name) = Self.split(standard)
            guard !name.isEmpty, let base = resolved[parent] else { return PathResolution.resolvingLinks(path) }
            var info = stat()
            if lstat(standard, &info) == 0 ? info.st_mode & S_IFMT != S_IFLNK : errno == ENOENT {
                // Not a link (or not there, which resolves through the folder it would be in).
                return base == "/" ? "/" + name : base + "/" + name
            }
            return PathResolution.resolvingLinks(path)
        }

        private static func split(_ path: String) -> (parent: String, name: String) {
            guard let slash = path.lastIndex(of: "/") else { return (path, "") }
            let parent = slash == path.startIndex ? "/" : String(path[..<slash])
            return (parent, String(path[path.index(after: slash)...]))
        }
    }

    /// A `SourceFilter` with its patterns parsed once.
    struct CompiledFilter {
        let prefix: String
        let includes: [PathPattern]
        let excludes: [PathPattern]

        init(_ filter: SourceFilter) {
            prefix = filter.root.hasSuffix("/") ? filter.root : filter.root + "/"
            // Rooted ("/" first): a pattern without a slash matches at the root only, as in Bash.
            includes = filter.includes.map { PathPattern("/" + $0) }
            excludes = filter.excludes.map { PathPattern("/" + $0) }
        }

        /// Whether the file or folder at `path` (under the root) is left out.
        func excludes(_ path: String, isFolder: Bool) -> Bool {
            guard path.hasPrefix(prefix) else { return false }
            let relative = String(path.dropFirst(prefix.count))
            if excludes.contains(where: { $0.matches(relative) }) { return true }
            return !isFolder && !includes.isEmpty && !includes.contains { $0.matches(relative) }
        }
    }

    private struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Walker {
        let excluded: Set<String>
        let boundary: String?
        let opaqueFolders: TargetSources.OpaqueFolders
        let folders: ResolvedFolders
        /// The patterns of the root being walked, if it has any.
        var filter: CompiledFilter?
        var files: [FileStamp] = []
        var problems: [(path: String, problem: SourceProblem)] = []
        var walkedFolders: [FileStamp] = []
        /// The directories on the way down to the current one, to recognise a loop.
        var ancestors: Set<DirectoryID> = []
        /// Directories already walked (reached twice through links, they are walked once).
        var seen: Set<DirectoryID> = []

        /// Whether `path`, with its links resolved, is inside the workspace; reported if not.
        /// With `checkingLinks` false only a link itself is resolved (its folder was checked).
        mutating func isInsideBoundary(_ path: String, checkingLinks: Bool) -> Bool {
            guard let boundary else { return true }
            if !checkingLinks {
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return true }
            }
            guard let resolved = folders.resolvingLinks(path) else { return true }  // a loop: reported by the walk
            if PathResolution.isInside(resolved, boundary) { return true }
            problems.append(
                (
                    path,
                    SourceProblem(
                        .outsideWorkspace, "this symbolic link leads outside the workspace, to '\(resolved)'; it was not followed")
                ))
            return false
        }

        mutating func visit(_ path: String, isRoot: Bool = false) {
            if excluded.contains(path) { return }
            // A root's whole path was checked before the walk; below it only a link can lead out.
            guard isRoot || isInsideBoundary(path, checkingLinks: false) else { return }
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = errno
                if reason == ELOOP {
                    problems.append((path, SourceProblem(.symlinkLoop, "symbolic link loop at '\(path)'; it was skipped")))
                } else if reason == ENOENT || reason == ENOTDIR {
                    // A link that leads nowhere; a missing target folder holds no sources, until it is made.
                    if path.hasSuffix(".swift"), lstat(path, &info) == 0 {
                        problems.append((path, SourceProblem(.brokenLink, "'\(path)' is a symbolic link to nothing; it was skipped")))
                    }
                } else {
                    // There, but not to be seen: a folder above it that may not be searched, an I/O error.
                    problems.append((path, SourceProblem(.unreadable, "cannot read '\(path)': \(String(cString: strerror(reason)))")))
                }
                // A missing target folder holds no sources, until it is made.
                if isRoot { walkedFolders.append(FileStamp(path: path, size: -1, modified: 0, inode: 0)) }
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if !isRoot, let filter, filter.excludes(path, isFolder: true) { return }
                // A `.docc` catalog, an asset catalog or the like: SwiftPM compiles nothing inside.
                if !isRoot, opaqueFolders.isOpaque(path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path) { return }
                walkDirectory(path, info)
            case S_IFREG where path.hasSuffix(".swift"):
                if let filter, filter.excludes(path, isFolder: false) { return }
                files.append(FileStamp(path: path, info))
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
            walkedFolders.append(FileStamp(path: path, info))
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
                        if let filter, filter.excludes(child, isFolder: false) { return }
                        var fileInfo = stat()
                        guard fstatat(descriptor, name, &fileInfo, 0) == 0 else { return }
                        files.append(FileStamp(path: child, fileInfo))
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
    }
}
