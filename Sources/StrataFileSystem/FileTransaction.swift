public import Foundation

/// Several file changes that happen together or not at all, as far as a file system allows:
/// every new file is first written in full to a temporary file beside its target, and only when
/// all of them are written are they renamed into place (and files to remove removed). If
/// staging fails, the temporary files and the folders made for them are removed and the tree is
/// as it was. A rename in the same folder does not fail for want of space, so the second phase
/// leaves every file old or new, never half-written.
public struct FileTransaction {
    private struct Staged {
        var temporary: String
        var path: String
    }

    private var staged: [Staged] = []
    private var removals: [String] = []
    /// Folders this transaction created, deepest last, to remove again on rollback.
    private var createdFolders: [String] = []
    /// Files staged so far, to name temporary files.
    private var staging = 0

    public init() {}

    /// Writes `data` beside `path`, creating missing folders; nothing is visible at `path` yet.
    public mutating func stage(_ data: Data, at path: String) throws(AtomicFileWriter.WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        try createFolders(folder, for: path)
        // Unique within this process by the counter, and across processes by the pid; O_EXCL
        // makes sure no file is ever shared.
        staging += 1
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".strata-\(getpid())-\(staging).tmp"
        if let failure = Self.write(data, toNew: temporary) {
            throw AtomicFileWriter.WriteError(path: path, reason: failure)
        }
        staged.append(Staged(temporary: temporary, path: path))
    }

    /// Removes `path` when the transaction commits.
    public mutating func stageRemoval(of path: String) {
        removals.append(path)
    }

    /// Renames every staged file into place and removes the files staged for removal.
    public mutating func commit() throws(AtomicFileWriter.WriteError) {
        for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            for later in staged[index...] { try? FileManager.default.removeItem(atPath: later.temporary) }
            throw AtomicFileWriter.WriteError(path: file.path, reason: reason)
        }
        for path in removals where unlink(path) != 0 && errno != ENOENT {
            throw AtomicFileWriter.WriteError(path: path, reason: "cannot remove it: \(String(cString: strerror(errno)))")
        }
    }

    /// Undoes the staging: temporary files and the folders made for them are removed.
    public mutating func rollback() {
        for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) }
        for folder in createdFolders.reversed() { rmdir(folder) }
        staged = []
    }

    /// Writes `data` to a file that must not exist yet; the reason if it could not. (No fsync:
    /// the rename that follows is what makes the change atomic for readers and for an
    /// interrupted run, and generated files can always be written again.)
    private static func write(_ data: Data, toNew path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    unlink(path)  // ours: it was created above
                    return reason
                }
                offset += written
            }
            return nil
        }
    }

    private mutating func createFolders(_ folder: String, for path: String) throws(AtomicFileWriter.WriteError) {
        var missing: [String] = []
        var current = PathResolution.standardize(folder)
        var info = stat()
        while stat(current, &info) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw AtomicFileWriter.WriteError(path: path, reason: "'\(current)' exists and is not a folder")
        }
        for folder in missing.reversed() {
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw AtomicFileWriter.WriteError(path: path, reason: "cannot create folder '\(folder)': \(String(cString: strerror(errno)))")
            }
            createdFolders.append(folder)
        }
    }
}

#if canImport(Glibc)
import Glibc
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(descriptor, buffer, count) }
#elseif canImport(Darwin)
import Darwin
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(descriptor, buffer, count) }
#endif
