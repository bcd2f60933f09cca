public import Foundation

/// The temporary files Strata writes beside a file before renaming them over it:
/// `.<name>.strata-<16 random hex digits>.tmp`. The name is recognisable, so a later run can
/// remove what an interrupted one left; it is random and created with `O_EXCL`, so two runs (or
/// a leftover) never share one.
public enum TemporaryFile {
    /// Whether `name` (a file name, not a path) is one of Strata's temporary files: this
    /// version's, or an earlier one's (`.strata-<pid>-<n>.tmp`, `.strata-<UUID>.tmp`).
    public static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.range(of: ".strata-", options: .backwards) else { return false }
        let suffix = name[marker.upperBound...].dropLast(4)
        return !suffix.isEmpty && suffix.allSatisfy { $0.isHexDigit || $0 == "-" }
    }

    /// Writes `parts`, one after another, to a new temporary file beside `path` and returns its
    /// path. The file gets `mode`, or else the mode of the file at `path` (a rewrite keeps a
    /// file's permissions), or else 0644 less the umask. A name that is taken is never reused:
    /// another random one is tried.
    static func write<Bytes: ContiguousBytes>(
        _ parts: [Bytes], beside path: String, mode: mode_t? = nil
    ) throws(AtomicFileWriter.WriteError)
        -> String
    {
        let mode = mode ?? Self.mode(of: path)
        for _ in 0..<16 {
            let temporary = name(beside: path, tag: randomTag())
            switch write(parts, toNew: temporary, mode: mode) {
            case .written: return temporary
            case .exists: continue
            case .failed(let reason): throw AtomicFileWriter.WriteError(path: path, reason: reason)
            }
        }
        throw AtomicFileWriter.WriteError(path: path, reason: "no free temporary file name beside it")
    }

    /// 16 random hex digits.
    static func randomTag() -> String {
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - random.count) + random
    }

    /// The temporary file name beside `path` for `tag`: `.<name>.strata-<tag>.tmp`.
    static func name(beside path: String, tag: String) -> String {
        (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".strata-" + tag + ".tmp"
    }

    /// The permission bits of the regular file at `path`, or nil if there is none.
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
    }

    /// Removes Strata's temporary files in `folders` last modified before `date`, and returns
    /// their paths. Call it holding the workspace lock: no other run is writing there then, so
    /// what is found was left by a run that was killed.
    public static func removeStale(in folders: some Sequence<String>, modifiedBefore date: Date) -> [String] {
        var removed: [String] = []
        for folder in Set(folders) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where isTemporary(name) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                    Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 < date.timeIntervalSince1970
                else { continue }
                if unlink(path) == 0 { removed.append(path) }
            }
        }
        return removed.sorted()
    }

    enum Outcome {
        case written, exists
        case failed(String)
    }

    /// Writes `parts`, one after another, to a file that must not exist yet, with exactly `mode`
    /// when given (else 0644 less the umask). (No fsync: the rename that follows is what makes
    /// the change atomic for readers and for an interrupted run, and generated files can always
    /// be written again.)
    static func write<Bytes: ContiguousBytes>(_ parts: [Bytes], toNew path: String, mode: mode_t? = nil) -> Outcome {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
        guard descriptor >= 0 else { return errno == EEXIST ? .exists : .failed(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        for part in parts {
            if let reason = writeAll(part, to: descriptor) {
                unlink(path)  // ours: it was created above
                return .failed(reason)
            }
        }
        // The umask narrowed the mode at creation; a kept mode is kept exactly.
        if let mode, fchmod(descriptor, mode) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return .failed(reason)
        }
        return .written
    }

    /// Writes every byte of `data` to the open file, or returns why it could not.
    private static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { FileDescriptorIO.writeAll($0, to: descriptor) }.map(FileDescriptorIO.describe)
    }
}
