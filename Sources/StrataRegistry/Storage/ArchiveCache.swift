import Foundation
import Synchronization

/// The archives a replica served most recently, in memory, up to a number of bytes: an archive
/// never changes once stored (its key is its SHA-256), so a copy is never stale, and a download
/// that hits the cache does not reach the object store. Every archive is checked against its
/// checksum before it is kept, so a corrupted read is never served twice.
final class ArchiveCache: Sendable {
    let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var archives: [String: Entry] = [:]
        var bytes = 0
        /// Counts uses: an entry's `lastUse` orders it for eviction, so that a hit costs a lookup
        /// and an assignment, not a search of a list.
        var clock = 0
        var hits = 0
        var misses = 0
    }

    private struct Entry {
        var data: Data
        var lastUse: Int
    }

    /// A cache of at most `capacity` bytes (0 keeps nothing).
    init(capacity: Int) {
        self.capacity = capacity
    }

    func archive(_ checksum: String) -> Data? {
        state.withLock { state in
            guard let entry = state.archives[checksum] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            state.clock += 1
            state.archives[checksum]?.lastUse = state.clock
            return entry.data
        }
    }

    /// Keeps `data` as `checksum`'s archive if it is that archive and fits, evicting the least
    /// recently used (a miss, which has just read the object store, pays for the search).
    func keep(_ data: Data, checksum: String) {
        guard data.count <= capacity, Checksum.sha256Hex(data) == checksum else { return }
        state.withLock { state in
            guard state.archives[checksum] == nil else { return }
            if state.bytes + data.count > capacity {
                for (oldest, entry) in state.archives.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                    guard state.bytes + data.count > capacity else { break }
                    state.archives[oldest] = nil
                    state.bytes -= entry.data.count
                }
            }
            state.clock += 1
            state.archives[checksum] = Entry(data: data, lastUse: state.clock)
            state.bytes += data.count
        }
    }

    var statistics: (hits: Int, misses: Int, bytes: Int) { state.withLock { ($0.hits, $0.misses, $0.bytes) } }
}
