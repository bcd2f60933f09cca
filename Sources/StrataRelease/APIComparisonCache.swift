import Foundation
import StrataFileSystem
import StrataGit
import StrataToolchain

/// What the toolchain's API comparison found for a module, kept so that `strata release` after
/// `strata release --dry-run` (or a second dry run) does not build the module's package at both
/// revisions again: each comparison is two to four builds of it.
///
/// The key is everything a comparison reads: the whole repository at the baseline and at HEAD
/// (git tree ids: equal ids, equal contents, so an amended commit with the same files still
/// matches), the module and its folder, and the toolchain's identity. Only comparisons that
/// finished are kept. It lives in the user's cache (`UserCache`) under `api-comparisons/`;
/// `STRATA_NO_API_CACHE=1` turns it off.
struct APIComparisonCache: Sendable {
    private static let format = "strata-api-comparison 1"
    /// At most this many entries are kept; beyond it the least recently written half goes.
    static let capacity = 500

    /// Where the entries are; nil when the cache is off.
    let folder: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder =
            UserCache.isTurnedOff(by: "STRATA_NO_API_CACHE", environment: environment)
            ? nil : UserCache.root(environment: environment) + "/api-comparisons"
    }

    /// The text every entry starts with, naming what it answers for.
    struct Key: Sendable, Hashable {
        var module: String
        var folder: String
        var baselineTree: String
        var headTree: String

        var text: String {
            [APIComparisonCache.format, SwiftToolchain.identity, module, folder, baselineTree, headTree].joined(separator: "\n")
        }
    }

    private struct Entry: Codable {
        var key: String
        var change: APIChange
        var details: [String]
    }

    private func path(of key: Key) -> String? {
        guard let folder else { return nil }
        var hash = FNV1a()
        hash.add(key.text)
        return folder + "/" + String(hash.value, radix: 16) + ".json"
    }

    /// The comparison kept for `key`, if there is one.
    func result(for key: Key) -> APIComparison.Result? {
        guard let path = path(of: key), let bytes = FileContents.bytes(atPath: path),
            let entry = try? JSONDecoder().decode(Entry.self, from: Data(bytes)), entry.key == key.text
        else { return nil }
        return APIComparison.Result(change: entry.change, details: entry.details)
    }

    /// Keeps a comparison; written atomically, so a reader never sees half an entry.
    func store(_ result: APIComparison.Result, for key: Key) {
        guard let path = path(of: key), let folder,
            let data = try? JSONEncoder().encode(Entry(key: key.text, change: result.change, details: result.details))
        else { return }
        try? AtomicFileWriter.write(data, to: path, creatingFolder: true)
        CacheFolder.prune(folder, capacity: Self.capacity, keep: Self.capacity / 2, sparing: path)
    }
}

extension APIComparison {
    /// `compare`, answered from `cache` when the same module was compared between the same
    /// trees before; `reporting` hears which it was before the work starts.
    func compare(
        module: String, folder: String, baseline: String, head: String, cache: APIComparisonCache,
        reporting: (_ cached: Bool) -> Void
    ) async throws -> Result {
        let key = try await gitCall {
            APIComparisonCache.Key(
                module: module, folder: folder, baselineTree: try await repository.treeID("", at: baseline),
                headTree: try await repository.treeID("", at: head))
        }
        if let kept = cache.result(for: key) {
            reporting(true)
            return kept
        }
        reporting(false)
        let result = try await compare(module: module, folder: folder, baseline: baseline, head: head)
        cache.store(result, for: key)
        return result
    }
}
