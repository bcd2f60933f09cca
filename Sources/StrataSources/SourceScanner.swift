import Foundation
import StrataDiagnostics
import StrataFileSystem

/// One scanned file and the target it belongs to.
public struct ScannedSourceFile: Sendable {
    public var path: String
    /// The owning target's index (as the caller numbered targets).
    public var target: Int
    public var scan: FileScan
}

/// Everything the scan of a workspace's sources found.
public struct SourceIndex: Sendable {
    public var files: [ScannedSourceFile]
    /// Problems met while walking folders (unreadable folders, symbolic link loops), by path.
    public var walkProblems: [(path: String, problem: SourceProblem)]
    /// Files whose results came from the cache, and files read and scanned this run.
    public var cachedFiles: Int
    public var scannedFiles: Int
    public var scannedBytes: Int64
    /// What identifies the files found, for a cache of results computed from them.
    public var fingerprint: SourceFileCollector.Fingerprint
    /// What the walks stat'ed, for a quicker proof next time that nothing changed; nil if it
    /// cannot be trusted (see `SourceFileCollector.Snapshot`).
    public var snapshot: SourceFileCollector.Snapshot?
    /// The scan cache being brought up to date in the background; nil if nothing needs writing.
    /// Await it before the next scan with the same cache, and before the process ends.
    public var cacheWrite: Task<ScanCacheWrite, Never>?
    /// How long each step took.
    public var phases: [(name: String, duration: Duration)] = []

    /// Files grouped by target index.
    public func files(byTarget count: Int) -> [[ScannedSourceFile]] {
        var grouped = [[ScannedSourceFile]](repeating: [], count: count)
        for file in files where file.target < count { grouped[file.target].append(file) }
        return grouped
    }
}

/// How writing the scan cache went.
public struct ScanCacheWrite: Sendable {
    /// Why the cache could not be written, if it could not.
    public var failure: String?
    public var duration: Duration
}

/// Scans the sources of many targets in parallel on all cores, reusing cached results for
/// unchanged files.
public struct SourceScanner: Sendable {
    /// Where the cache lives; nil to scan everything and keep nothing.
    public var cachePath: String?

    /// A scanner that keeps its cache at `cachePath` (nil: no cache).
    public init(cachePath: String?) {
        self.cachePath = cachePath
    }

    /// The default cache file for a workspace: inside its `.build` folder, which SwiftPM
    /// projects already keep out of version control.
    public static func defaultCachePath(workspaceRoot: String) -> String {
        WorkspaceCacheFolder.path(forWorkspace: workspaceRoot) + "/scan-cache-v\(ImportScanner.version)"
    }

    /// Finds and scans the files of `targets`. `walked` holds walks already made this run
    /// (by the check cache, when it found a change), reused instead of walking again.
    public func scan(
        _ targets: [(target: Int, sources: TargetSources)], walked: [TargetSources: SourceFileCollector.Result] = [:]
    ) async -> SourceIndex {
        var timer = PhaseTimer()

        // 1. What the last run found.
        let previous = cachePath.map(ScanCache.load(path:)) ?? ScanCache()
        timer.end("load the scan cache (\(previous.count) entries)")

        // 2. One pass over the targets, in parallel: find each target's files, take unchanged
        //    ones from the cache, read and scan the rest.
        let folders = SourceFileCollector.ResolvedFolders(parentsOf: targets.map(\.sources).filter { walked[$0] == nil })
        let passes = ParallelMap.map(targets, chunksPerCore: 16) { item in
            let walk = walked[item.sources] ?? SourceFileCollector.collect(item.sources, folders: folders)
            var scans: [FileScan] = []
            scans.reserveCapacity(walk.files.count)
            var scanned = 0
            var bytes: Int64 = 0
            for file in walk.files {
                if let cached = previous.result(for: file) {
                    scans.append(cached)
                } else {
                    scans.append(SourceFileReader.scan(file))
                    scanned += 1
                    bytes += file.size
                }
            }
            return TargetPass(target: item.target, walk: walk, scans: scans, scannedFiles: scanned, scannedBytes: bytes)
        }
        var files: [ScannedSourceFile] = []
        var stamps: [FileStamp] = []
        var walkProblems: [(path: String, problem: SourceProblem)] = []
        var scannedFiles = 0
        var scannedBytes: Int64 = 0
        for pass in passes {
            for (file, scan) in zip(pass.walk.files, pass.scans) {
                files.append(ScannedSourceFile(path: file.path, target: pass.target, scan: scan))
            }
            stamps += pass.walk.files
            walkProblems += pass.walk.problems
            scannedFiles += pass.scannedFiles
            scannedBytes += pass.scannedBytes
        }
        timer.end("find \(files.count) source files and scan \(scannedFiles)")

        // 3. Replace the cache with what this run found — in the background, while the caller
        //    goes on to use the results — unless it already holds exactly that.
        var cacheWrite: Task<ScanCacheWrite, Never>?
        if let cachePath, scannedFiles > 0 || previous.count != files.count {
            cacheWrite = Task.detached { [files, stamps] in
                let start = ContinuousClock.now
                let failure = ScanCache.write(Array(zip(stamps, files.lazy.map(\.scan))), to: cachePath)
                return ScanCacheWrite(failure: failure, duration: ContinuousClock.now - start)
            }
        }
        return SourceIndex(
            files: files, walkProblems: walkProblems, cachedFiles: files.count - scannedFiles, scannedFiles: scannedFiles,
            scannedBytes: scannedBytes, fingerprint: SourceFileCollector.Fingerprint(passes.map(\.walk)),
            snapshot: SourceFileCollector.Snapshot(passes.map(\.walk)), cacheWrite: cacheWrite, phases: timer.phases)
    }

    /// What the pass over one target found.
    private struct TargetPass: Sendable {
        var target: Int
        var walk: SourceFileCollector.Result
        /// One per file of `walk`.
        var scans: [FileScan]
        var scannedFiles: Int
        var scannedBytes: Int64
    }
}
