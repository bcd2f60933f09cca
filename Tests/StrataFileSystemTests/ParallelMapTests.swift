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

    @Test func bothGivesEachResultInItsPlace() {
        let (numbers, text) = ParallelMap.both({ (0..<1_000).reduce(0, +) }, { String(repeating: "a", count: 3) })
        #expect(numbers == 499_500 && text == "aaa")
    }

    /// What `release` is handed is freed, and not before `release` returns: not by the caller.
    @Test func releaseFreesTheValueAfterReturning() async throws {
        let gate = DispatchSemaphore(value: 0)
        let freed = Freed()
        ParallelMap.release(Tracked(freed, gate: gate))
        gate.signal()
        for _ in 0..<500 where freed.when == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(freed.when == "after release returned")
    }

    final class Freed: @unchecked Sendable {
        // @unchecked: written once by the deinit, read by the test after it.
        private let lock = NSLock()
        private var recorded: String?
        var when: String? { lock.withLock { recorded } }
        func record(_ when: String) { lock.withLock { recorded = when } }
    }

    /// Waits in its deinit (five seconds at most) for the test to say `release` has returned.
    final class Tracked: Sendable {
        let freed: Freed
        let gate: DispatchSemaphore

        init(_ freed: Freed, gate: DispatchSemaphore) { (self.freed, self.gate) = (freed, gate) }

        deinit { freed.record(gate.wait(timeout: .now() + 5) == .success ? "after release returned" : "while release ran") }
    }
}
