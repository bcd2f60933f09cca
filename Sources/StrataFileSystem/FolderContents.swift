public import Foundation

/// A file a transaction writes: bytes (with a mode, or the mode of the file it replaces), or a
/// symbolic link.
public struct StagedFile: Sendable {
    public enum Contents: Sendable, Equatable {
        case bytes(Data, mode: mode_t?)
        case link(to: String)
    }

    /// Absolute.
    public var path: String
    public var contents: Contents

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}

extension FileTransaction {
    /// Stages `file`: its bytes, or its link.
    public mutating func stage(_ file: StagedFile) {
        switch file.contents {
        case .bytes(let data, let mode): stage(data, at: file.path, mode: mode)
        case .link(let destination): stageLink(to: destination, at: file.path)
        }
    }
}

/// Everything under a folder, read before a command moves or removes it, so that the command
/// can refuse before it changes anything. This is the one walk for moving and removing files
/// (`strata mv module`, `strata rm module`, `strata generate --move-sources`):
///
/// - every entry is listed, hidden ones included: a move leaves nothing behind;
/// - a symbolic link is taken as a link, never followed, so the walk cannot leave the folder;
///   it moves as a link, still leading where it led;
/// - a folder or file that cannot be read, and anything that is not a file, a folder or a link
///   (a named pipe, a socket, a device), is a problem at its path.
public struct FolderContents: Sendable {
    /// One file or link, by its path relative to the folder.
    public struct Entry: Sendable {
        public var path: String
        /// The bytes and mode of a file (empty bytes when its contents were not read), or where a link leads.
        public var contents: StagedFile.Contents
    }

    /// The folder read (absolute, standardized).
    public var folder: String
    /// In path order.
    public var entries: [Entry] = []
    /// What could not be read, by absolute path, with the reason.
    public var problems: [(path: String, reason: String)] = []

    /// The absolute paths of the entries.
    public var paths: [String] { entries.map { folder + "/" + $0.path } }

    /// Reads the folder at `folder`: every file's bytes too when `readingFiles`, else only the
    /// list (enough for a removal). A missing folder has no entries and no problems.
    public static func read(_ folder: String, readingFiles: Bool = true) -> FolderContents {
        var contents = FolderContents(folder: PathResolution.standardize(folder))
        var info = stat()
        guard lstat(contents.folder, &info) == 0 else { return contents }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            contents.problems.append((contents.folder, "it is \(FileContents.kind(of: info.st_mode)), not a folder"))
            return contents
        }
        contents.walk("", readingFiles: readingFiles)
        contents.entries.sort { $0.path < $1.path }
        return contents
    }

    /// The entry written at `destination` (absolute), in a move where `newPlace` maps every
    /// absolute path to where it will be (itself, for what does not move). A link is rewritten to
    /// lead where its old destination will be, whether that moves along or stays; it is left as
    /// it was when it still leads there.
    public func moved(_ entry: Entry, to destination: String, newPlace: (String) -> String) -> StagedFile {
        guard case .link(let target) = entry.contents else { return StagedFile(path: destination, contents: entry.contents) }
        let oldFolder = ((folder + "/" + entry.path) as NSString).deletingLastPathComponent
        let newFolder = (destination as NSString).deletingLastPathComponent
        let absolute = target.hasPrefix("/")
        let leadsTo = newPlace(PathResolution.standardize(absolute ? target : oldFolder + "/" + target))
        if PathResolution.standardize(absolute ? target : newFolder + "/" + target) == leadsTo {
            return StagedFile(path: destination, contents: entry.contents)
        }
        return StagedFile(path: destination, contents: .link(to: absolute ? leadsTo : PathResolution.relative(leadsTo, from: newFolder)))
    }

    private mutating func walk(_ relative: String, readingFiles: Bool) {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        guard let directory = opendir(path) else {
            problems.append((path, String(cString: strerror(errno))))
            return
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let child = relative.isEmpty ? name : relative + "/" + name
            let childPath = folder + "/" + child
            var info = stat()
            guard lstat(childPath, &info) == 0 else {
                problems.append((childPath, String(cString: strerror(errno))))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(child, readingFiles: readingFiles)
            case S_IFLNK:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: childPath) else {
                    problems.append((childPath, "cannot read the symbolic link"))
                    continue
                }
                entries.append(Entry(path: child, contents: .link(to: target)))
            case S_IFREG:
                let mode = info.st_mode & 0o7777
                guard readingFiles else {
                    entries.append(Entry(path: child, contents: .bytes(Data(), mode: mode)))
                    continue
                }
                switch FileContents.read(childPath) {
                case .success(let bytes): entries.append(Entry(path: child, contents: .bytes(Data(bytes), mode: mode)))
                case .failure(let failure): problems.append((childPath, failure.description))
                }
            default:
                problems.append((childPath, "it is \(FileContents.kind(of: info.st_mode)), not a file"))
            }
        }
    }
}
