import Foundation

/// One parallel map for every place that spreads independent work over the cores (rendering
/// files, stat'ing stamps, walking and scanning targets), keeping the order of the inputs.
package enum ParallelMap {
    /// `items` cut into consecutive slices of `size` (the last shorter), to hand a chunk per task.
    package static func chunks<Item>(_ items: [Item], of size: Int) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<$0 + min(size, items.count - $0)] }
    }

    /// `transform` applied to every input, in order, on all cores. The inputs are dealt out
    /// interleaved to `chunksPerCore` × cores workers, so that uneven costs (one huge file, one
    /// target with thousands of sources) still spread evenly; more chunks balance better and
    /// cost more scheduling.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], chunksPerCore: Int = 4, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let slots = Slots<Output>(count: inputs.count)
        let workers = min(inputs.count, max(1, ProcessInfo.processInfo.activeProcessorCount * chunksPerCore))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: inputs.count, by: workers) { slots.set(index, transform(inputs[index])) }
        }
        return slots.values()
    }

    /// One slot per input, each written once, by the one worker its index is dealt to, and read
    /// only after every worker has finished (`concurrentPerform` returns after all of them).
    private final class Slots<Value>: @unchecked Sendable {
        // @unchecked: workers write disjoint slots; the reader waits for all writers.
        private let buffer: UnsafeMutableBufferPointer<Value?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        func set(_ index: Int, _ value: Value) { buffer[index] = value }

        func values() -> [Value] { buffer.map { $0! } }
    }
}
