import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder only its owner can open (mode 0700), for plaintext that must not outlive its use,
/// such as a secret while `strata secrets edit` has it in an editor.
///
/// It is made on a file system in memory when there is one (`$XDG_RUNTIME_DIR`, then
/// `/dev/shm`), else in the temporary folder. ``shred()`` overwrites every file in it with zeros
/// before removing it, and everything an editor left beside the file too (swap and backup files).
public struct PrivateFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Where private folders are made: the first of these that is a folder.
    static func base() -> String {
        var candidates: [String] = []
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { candidates.append(runtime) }
        candidates += ["/dev/shm", NSTemporaryDirectory()]
        for candidate in candidates {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue,
                access(candidate, W_OK | X_OK) == 0
            {
                return candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
            }
        }
        return "/tmp"
    }

    /// Makes a new private folder named `<prefix>-XXXXXX` (random).
    public static func create(prefix: String) throws(AtomicFileWriter.WriteError) -> PrivateFolder {
        var template = Array((base() + "/" + prefix + "-XXXXXX").utf8CString)
        // mkdtemp makes the folder with mode 0700.
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else {
            throw AtomicFileWriter.WriteError(path: base(), reason: "cannot make a private folder: " + String(cString: strerror(errno)))
        }
        return PrivateFolder(path: made)
    }

    /// Writes `bytes` to a new file `name` in the folder, readable and writable by its owner
    /// only (0600), and returns its path.
    public func write(_ bytes: [UInt8], named name: String) throws(AtomicFileWriter.WriteError) -> String {
        let file = path + "/" + name
        switch TemporaryFile.write([bytes], toNew: file, mode: 0o600) {
        case .written: return file
        case .exists: throw AtomicFileWriter.WriteError(path: file, reason: "it exists already")
        case .failed(let reason): throw AtomicFileWriter.WriteError(path: file, reason: reason)
        }
    }

    /// Overwrites every regular file in the folder (and its subfolders) with zeros, flushes them
    /// to the device, and removes the folder. Safe to call twice, and from a signal's handler
    /// thread: it allocates little and never waits for the rest of the program.
    public func shred() {
        Self.shred(folder: path)
    }

    private static func shred(folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let item = folder + "/" + name
            var status = stat()
            guard lstat(item, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                shred(folder: item)
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFREG { overwrite(item, size: Int(status.st_size)) }
            unlink(item)
        }
        rmdir(folder)
    }

    /// Writes zeros over the first `size` bytes of the file at `path`, then `fsync`s it.
    private static func overwrite(_ path: String, size: Int) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let zeros = [UInt8](repeating: 0, count: 64 * 1024)
        var done = 0
        while done < size {
            let count = min(zeros.count, size - done)
            guard zeros.withUnsafeBytes({ FileDescriptorIO.writeAll(UnsafeRawBufferPointer(rebasing: $0.prefix(count)), to: descriptor) }) == nil
            else { break }
            done += count
        }
        fsync(descriptor)
    }
}
