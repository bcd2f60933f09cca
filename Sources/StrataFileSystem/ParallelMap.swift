import Foundation
import Synchronization

/// Runs independent pieces of work (files to render, to stamp or to scan) on all cores, keeping
/// their order: Strata's one parallel map.
package enum ParallelMap {
    /// `items` cut into consecutive slices of `size` (the last shorter), to render a chunk per task.
    package static func chunks<Item>(_ items: [Item], of size: Int) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<$0 + min(size, items.count - $0)] }
    }

    /// `transform` applied to every input, in order. The inputs are dealt to `chunksPerCore`
    /// times as many chunks as there are cores, interleaved (chunk `c` takes inputs `c`,
    /// `c + chunks`, …), so that uneven inputs still spread evenly; each chunk's results are
    /// handed back under a lock and dealt back into place.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], chunksPerCore: Int = 4, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let chunks = min(inputs.count, max(1, ProcessInfo.processInfo.activeProcessorCount * chunksPerCore))
        let parts = Mutex([[Output]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let part = stride(from: chunk, to: inputs.count, by: chunks).map { transform(inputs[$0]) }
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { parts in inputs.indices.map { parts[$0 % chunks][$0 / chunks] } }
    }
}
