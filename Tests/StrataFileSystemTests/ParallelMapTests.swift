import Foundation
import Testing

@testable import StrataFileSystem

/// The one parallel map: every input transformed once, in the inputs' order, whatever the
/// number of inputs, workers and uneven costs.
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 64, 1_000, 100_003])
    func everyInputOnceInOrder(count: Int) {
        let inputs = Array(0..<count)
        #expect(ParallelMap.map(inputs) { $0 * 3 } == inputs.map { $0 * 3 })
        #expect(ParallelMap.map(inputs, chunksPerCore: 1) { String($0) } == inputs.map { String($0) })
        // Chunk sizes that round up (200 inputs in 32 wanted chunks are 29 of 7).
        for chunksPerCore in [3, 7, 16, 100] {
            #expect(ParallelMap.map(inputs, chunksPerCore: chunksPerCore) { $0 } == inputs, "\(chunksPerCore) per core")
        }
    }

    /// A few expensive inputs among many cheap ones still come back in place.
    @Test func unevenCostsKeepTheirPlaces() {
        let inputs = Array(0..<200)
        let result = ParallelMap.map(inputs, chunksPerCore: 16) { value -> Int in
            guard value.isMultiple(of: 50) else { return value }
            var sum = 0
            for step in 0..<200_000 { sum &+= step ^ value }
            return sum == 0 ? -1 : value
        }
        #expect(result == inputs)
    }

    @Test func chunksCoverTheItemsInOrder() {
        let chunks = ParallelMap.chunks(Array(0..<10), of: 4)
        #expect(chunks.map(Array.init) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
        #expect(ParallelMap.chunks([Int](), of: 4).isEmpty)
    }
}
