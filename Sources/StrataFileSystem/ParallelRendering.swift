import Foundation

/// Renders independent pieces (files, chunks of a drawing) on all cores, keeping their order.
package enum ParallelRendering {
    /// `items` cut into consecutive slices of `size` (the last shorter), to render a chunk per task.
    package static func chunks<Item>(_ items: [Item], of size: Int) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: size).map { items[$0..<$0 + min(size, items.count - $0)] }
    }

    package static func map<Input: Sendable, Output>(_ inputs: [Input], _ render: (Input) -> Output) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(render) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let output = results
        // More chunks than cores, interleaved, so uneven files still spread evenly.
        let chunks = min(inputs.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        withoutActuallyEscaping(render) { render in
            nonisolated(unsafe) let render = render
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for index in stride(from: chunk, to: inputs.count, by: chunks) { output[index] = render(inputs[index]) }
            }
        }
        return results.map { $0! }
    }
}
