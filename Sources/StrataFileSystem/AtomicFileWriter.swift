public import Foundation

/// Writes files so that a reader (or a crash) sees the old file or the new one, never half of one:
/// the bytes go to a temporary file in the same folder (`TemporaryFile`), which is then renamed
/// over the target.
public enum AtomicFileWriter {
    /// A write that did not happen: the file it was for, and why (the system's words).
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Replaces (or creates) the file at `path` with `data` (`Data`, `[UInt8]`…); its folder must exist.
    public static func write(_ data: some ContiguousBytes, to path: String) throws(WriteError) {
        try write(parts: [data], to: path)
    }

    /// Replaces (or creates) the file at `path` with `parts` one after another: a drawing of
    /// many megabytes rendered in chunks on all cores is written without joining them first.
    public static func write<Bytes: ContiguousBytes>(parts: [Bytes], to path: String) throws(WriteError) {
        let temporary = try TemporaryFile.write(parts, beside: path)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Creates a folder and any missing parents, like `mkdir -p`; a folder that exists is fine.
    /// A relative path is relative to the current directory.
    public static func createFolder(_ path: String) throws(WriteError) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var current = ""
        for component in PathResolution.standardize(absolute).split(separator: "/") {
            current += "/" + component
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw WriteError(path: path, reason: "'\(current)' exists and is not a folder")
                }
                continue
            }
            guard mkdir(current, 0o755) == 0 || errno == EEXIST else {
                throw WriteError(path: path, reason: "cannot create folder '\(current)': \(String(cString: strerror(errno)))")
            }
        }
    }

    /// `write` after creating the file's folder if it is missing.
    public static func write(_ data: some ContiguousBytes, to path: String, creatingFolder: Bool) throws(WriteError) {
        if creatingFolder {
            do throws(WriteError) {
                try createFolder((path as NSString).deletingLastPathComponent)
            } catch {
                throw WriteError(path: path, reason: error.reason)
            }
        }
        try write(data, to: path)
    }

    /// Replaces (or creates) the file at `path` with `text` as UTF-8.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }
}
