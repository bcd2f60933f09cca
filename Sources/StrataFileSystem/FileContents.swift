#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Reading a whole input file as bytes. Only a regular file is read: a named pipe, a socket or a
/// device where Strata expects a file is refused at once, never waited on (opening a pipe for
/// reading blocks until something writes to it).
public enum FileContents {
    /// Why a file was not read.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing is at the path (or a link there leads nowhere).
        case missing
        /// Something other than a regular file is there: "a folder", "a named pipe", ….
        case notAFile(String)
        /// It is there but cannot be read (the system's words).
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "it does not exist"
            case .notAFile(let kind): "it is \(kind), not a file"
            case .unreadable(let reason): reason
            }
        }

        /// What to do about it, in a sentence.
        public var hint: String {
            switch self {
            case .missing: "check the path"
            case .notAFile: "Strata reads only regular files; put a file there"
            case .unreadable: "check the file's permissions (chmod u+r) and that it is not locked by another program"
            }
        }
    }

    /// The bytes of the file at `path`, or why they cannot be had. Read straight into the array
    /// (a `Data` read and then copied to an array costs a second pass over megabytes of cache).
    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        // Non-blocking, so that a named pipe with no writer is refused rather than waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let reason = errno
            return .failure(reason == ENOENT || reason == ENOTDIR ? .missing : .unreadable(String(cString: strerror(reason))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile(kind(of: info.st_mode))) }
        let size = Int(max(0, info.st_size))
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            (count, failure) = FileDescriptorIO.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
        }
        if let failure { return .failure(.unreadable(FileDescriptorIO.describe(failure))) }
        // A file that shrank while it was read is read again whole by the next run; what was read is its start.
        guard bytes.count == size else { return .failure(.unreadable("it changed while it was read")) }
        return .success(bytes)
    }

    /// The bytes of the regular file at `path`, or nil if it cannot be read (see `read`).
    public static func bytes(atPath path: String) -> [UInt8]? {
        try? read(path).get()
    }

    /// What a file mode's type is, in words: "a folder", "a named pipe", ….
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// Whether `path` is a regular file (links followed), without opening it.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
