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

    public init() {}

    /// Writes `data` beside `path`, creating missing folders; nothing is visible at `path` yet.
    public mutating func stage(_ data: Data, at path: String) throws(AtomicFileWriter.WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        try createFolders(folder, for: path)
        let temporary = try TemporaryFile.write([data], beside: path)
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
