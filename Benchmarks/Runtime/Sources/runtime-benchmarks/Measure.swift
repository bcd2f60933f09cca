import Dispatch
import Foundation

/// Nanoseconds per operation of `body(count)`, the median of `rounds` runs.
func nanoseconds(per count: Int, rounds: Int = 7, _ body: (Int) -> Void) -> Double {
    body(count / 10)  // warm up
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        body(count)
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
    }
    return samples.sorted()[samples.count / 2] / Double(count)
}

/// Nanoseconds per operation when `threads` threads each run `body(count)` at once (wall time
/// divided by each thread's count: what one resolve costs while the other core also resolves).
func nanosecondsUnderContention(per count: Int, threads: Int = 2, rounds: Int = 5, _ body: @escaping @Sendable (Int) -> Void) -> Double {
    nanoseconds(per: count, rounds: rounds) { count in
        DispatchQueue.concurrentPerform(iterations: threads) { _ in body(count) }
    }
}

/// Resident memory in bytes, from /proc/self/statm (Linux) or 0 elsewhere.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func format(_ value: Double) -> String {
    value >= 1000 ? String(format: "%.2f µs", value / 1000) : String(format: "%.1f ns", value)
}

func ratio(_ slow: Double, _ fast: Double) -> String { String(format: "%.1f×", slow / fast) }

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink: Int = 0
@inline(never) func consume(_ value: AnyObject) { sink &+= Int(bitPattern: UInt(bitPattern: ObjectIdentifier(value))) & 1 }
