import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder in the temporary folder for one run's intermediate files (exported trees, staged
/// packages, archives), removed when the run is done with it.
///
/// A run that is killed cannot remove its folder, so each folder's name carries the process id
/// that made it — `strata-<purpose>-<pid>-<uuid>` — and making a new one removes those of the
/// same purpose whose process is gone. A folder of a run still going is never touched.
public struct ScratchFolder: Sendable {
    /// The folder's path (created).
    public let path: String

    /// Makes a new folder for `purpose` ("release", "publish"), first removing what killed runs
    /// left for the same purpose.
    public static func make(for purpose: String, in parent: String? = nil) throws -> ScratchFolder {
        let parent = parent ?? FileManager.default.temporaryDirectory.path
        removeLeftovers(of: purpose, in: parent)
        let path = parent + "/strata-\(purpose)-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return ScratchFolder(path: path)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the folders for `purpose` in `parent` whose process no longer runs.
    static func removeLeftovers(of purpose: String, in parent: String) {
        let prefix = "strata-\(purpose)-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = madeBy(name.dropFirst(prefix.count)), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + name)
        }
    }

    /// The process id in `<pid>-<uuid>`, the rest of a scratch folder's name; nil for any other
    /// name (someone else's `strata-release-notes` is not a scratch folder).
    static func madeBy(_ rest: Substring) -> pid_t? {
        guard let dash = rest.firstIndex(of: "-"), UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil,
            let pid = pid_t(rest[..<dash]), pid > 0
        else { return nil }
        return pid
    }

    /// Whether a process with id `pid` exists (one of another user counts: it may be a run too).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
