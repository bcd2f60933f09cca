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
        var archives: [String: Data] = [:]
        /// Least recently used first.
        var order: [String] = []
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    /// A cache of at most `capacity` bytes (0 keeps nothing).
    init(capacity: Int) {
        self.capacity = capacity
    }

    func archive(_ checksum: String) -> Data? {
        state.withLock { state in
            guard let data = state.archives[checksum] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            if let index = state.order.firstIndex(of: checksum) {
                state.order.remove(at: index)
                state.order.append(checksum)
            }
            return data
        }
    }

    /// Keeps `data` as `checksum`'s archive if it is that archive and fits.
    func keep(_ data: Data, checksum: String) {
        guard data.count <= capacity, Checksum.sha256Hex(data) == checksum else { return }
        state.withLock { state in
            guard state.archives[checksum] == nil else { return }
            while state.bytes + data.count > capacity, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.archives.removeValue(forKey: oldest)?.count ?? 0
            }
            state.archives[checksum] = data
            state.order.append(checksum)
            state.bytes += data.count
        }
    }

    var statistics: (hits: Int, misses: Int, bytes: Int) { state.withLock { ($0.hits, $0.misses, $0.bytes) } }
}
