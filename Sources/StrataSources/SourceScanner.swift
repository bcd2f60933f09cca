import Foundation
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
    /// The scan cache being brought up to date in the background; nil if nothing needs writing.
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

    public init(cachePath: String?) {
        self.cachePath = cachePath
    }

    /// The default cache file for a workspace: inside its `.build` folder, which SwiftPM
    /// projects already keep out of version control.
    public static func defaultCachePath(workspaceRoot: String) -> String {
        workspaceRoot + "/.build/strata/scan-cache-v\(ImportScanner.version)"
    }

    /// Finds and scans the files of `targets`. `walked` holds walks already made this run
    /// (by the check cache, when it found a change), reused instead of walking again.
    public func scan(
        _ targets: [(target: Int, sources: TargetSources)], walked: [TargetSources: SourceFileCollector.Result] = [:]
    ) async -> SourceIndex {
        let clock = ContinuousClock()
        var phases: [(name: String, duration: Duration)] = []
        var phaseStart = clock.now
        func endPhase(_ name: String) {
            phases.append((name, clock.now - phaseStart))
            phaseStart = clock.now
        }

        // 1. Find the files, target by target, in parallel.
        let found = await Self.parallelMap(targets) { item in
            (item.target, walked[item.sources] ?? SourceFileCollector.collect(item.sources))
        }
        var entries: [(target: Int, file: FileStamp)] = []
        var walkProblems: [(path: String, problem: SourceProblem)] = []
        for (target, result) in found {
            entries += result.files.map { (target, $0) }
            walkProblems += result.problems
        }
        endPhase("find \(entries.count) source files")

        // 2. Reuse what the cache knows; scan the rest in parallel.
        var cache = cachePath.map(ScanCache.load(path:)) ?? ScanCache()
        endPhase("load the scan cache (\(cache.count) entries)")
        var results = [FileScan?](repeating: nil, count: entries.count)
        var misses: [Int] = []
        for (index, entry) in entries.enumerated() {
            if let cached = cache.result(for: entry.file) { results[index] = cached } else { misses.append(index) }
        }
        let missedFiles = misses.map { entries[$0].file }
        let scanned = await Self.parallelMap(missedFiles) { file in SourceFileReader.scan(file) }
        var scannedBytes: Int64 = 0
        for (index, scan) in zip(misses, scanned) {
            results[index] = scan
            cache.store(scan, for: entries[index].file)
            scannedBytes += entries[index].file.size
        }
        endPhase("scan \(misses.count) files")

        // 3. Keep the cache in step with the files that exist now. It is written in the
        //    background, while the caller goes on to use the results.
        var cacheWrite: Task<ScanCacheWrite, Never>?
        if let cachePath {
            // Every current file is in the cache now; more entries than files means some are left over.
            let stale = cache.count != entries.count
            if stale || cache.isModified {
                let paths = stale ? entries.map(\.file.path) : []
                cacheWrite = Task.detached { [cache] in
                    let start = ContinuousClock.now
                    var cache = cache
                    if stale { cache.keepOnly(Set(paths)) }
                    let failure = cache.isModified ? cache.write(path: cachePath) : nil
                    return ScanCacheWrite(failure: failure, duration: ContinuousClock.now - start)
                }
            }
        }
        let files = entries.enumerated().map { index, entry in
            ScannedSourceFile(path: entry.file.path, target: entry.target, scan: results[index]!)
        }
        return SourceIndex(
            files: files, walkProblems: walkProblems, cachedFiles: entries.count - misses.count, scannedFiles: misses.count,
            scannedBytes: scannedBytes, fingerprint: SourceFileCollector.Fingerprint(found.map(\.1)), cacheWrite: cacheWrite,
            phases: phases)
    }

    /// `transform` applied to every element, in order, with the work split into chunks run
    /// concurrently on all cores.
    static func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
    ) async -> [Result] {
        guard !elements.isEmpty else { return [] }
        let chunkCount = min(elements.count, max(1, ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunkSize = (elements.count + chunkCount - 1) / chunkCount
        return await withTaskGroup(of: (Int, [Result]).self) { group in
            for chunk in stride(from: 0, to: elements.count, by: chunkSize) {
                let slice = Array(elements[chunk..<min(chunk + chunkSize, elements.count)])
                group.addTask { (chunk, slice.map(transform)) }
            }
            var pieces: [(Int, [Result])] = []
            for await piece in group { pieces.append(piece) }
            return pieces.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
