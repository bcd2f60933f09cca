import Foundation

/// One parallel map for every place that spreads independent work over the cores (rendering
/// files, stat'ing stamps, walking and scanning targets), keeping the order of the inputs.
package enum ParallelMap {
    /// How many cores this process may use.
    package static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `items` cut into consecutive slices of `size` (the last shorter), to hand a chunk per task.
    package static func chunks<Item>(_ items: [Item], of size: Int) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<$0 + min(size, items.count - $0)] }
    }

    /// `transform` applied to every input, in order, on all cores. The inputs are cut into
    /// `chunksPerCore` × cores runs of neighbours, handed to the cores as each finishes one, so
    /// that uneven costs (one huge file, one target with thousands of sources) still spread; more
    /// chunks balance better and cost more scheduling. Runs of neighbours, not inputs dealt out
    /// in turn: neighbours are often files of one folder, and two threads stat'ing one folder's
    /// files contend in the kernel (dealt out, a warm check of 100,000 files took 1.2× as long).
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], chunksPerCore: Int = 4, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let slots = Slots<Output>(count: inputs.count)
        let wanted = min(inputs.count, max(1, cores * chunksPerCore))
        let size = (inputs.count + wanted - 1) / wanted
        // Fewer when the sizes round up: 200 inputs wanted in 32 chunks are 29 of 7.
        let chunks = (inputs.count + size - 1) / size
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in chunk * size..<min(inputs.count, (chunk + 1) * size) { slots.set(index, transform(inputs[index])) }
        }
        return slots.values()
    }

    /// `first` and `second` run at once (on two cores when there are two), and both results:
    /// `first` on another thread, `second` on the caller's. Not both inside `concurrentPerform`:
    /// libdispatch divides the cores among nested applies, so a `map` inside `second` would get
    /// one core, and run its parts one after the other.
    package static func both<First: Sendable, Second: Sendable>(
        _ first: @escaping @Sendable () -> First, _ second: () -> Second
    ) -> (First, Second) {
        let firsts = Slots<First>(count: 1)
        let done = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: done) { firsts.set(0, first()) }
        let secondResult = second()
        done.wait()
        return (firsts.values()[0], secondResult)
    }

    /// Lets go of `value` on another thread: freeing a large graph of objects (a project file's
    /// hundred thousand) takes time the caller need not wait for.
    package static func release<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    /// Holds a value until `drop()`, so that the last reference goes where that is called.
    private final class Box<Value: Sendable>: @unchecked Sendable {
        // @unchecked: set once here, dropped once by the one closure that holds the box.
        private var value: Value?

        init(_ value: consuming Value) { self.value = value }

        func drop() { value = nil }
    }

    /// One slot per input, each written once, by the one worker of its chunk, and read
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
