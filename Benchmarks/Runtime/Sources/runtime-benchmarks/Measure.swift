import Dispatch
import Foundation

/// Work to time: `body(count)` runs the operation `count` times and returns a checksum of the
/// results (kept in a local while it runs: a shared variable written on every operation would
/// pass its cache line between the cores on every resolve, timing the harness rather than the
/// library under contention).
struct Workload {
    let count: Int
    let body: @Sendable (Int) -> Int
}

/// What ``compare(threads:rounds:_:)`` measured: each workload's median nanoseconds per
/// operation, and the median over rounds of the first workload's time divided by each other's.
struct Comparison {
    let nanoseconds: [Double]
    /// Each workload's fastest round: the least the machine's other load added (what `timeit`
    /// reports), for absolute targets.
    let best: [Double]
    let ratios: [Double]
}

/// Times the workloads side by side: each round runs every workload once, in turn, so that a
/// slow stretch of this shared, noisy machine hits all of them alike; the ratios are taken
/// within each round, then their median over the rounds. With `threads` > 1, that many threads
/// run each workload at once (wall time divided by each thread's count: what one operation costs
/// while the other cores do the same).
func compare(threads: Int, rounds: Int = 9, _ workloads: [Workload]) -> Comparison {
    func time(_ workload: Workload, count: Int) -> Double {
        let start = ContinuousClock.now
        if threads == 1 {
            publish(workload.body(count))
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in publish(workload.body(count)) }
        }
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9) / Double(count)
    }
    for workload in workloads { _ = time(workload, count: max(1, workload.count / 10)) }  // warm up
    var samples = Array(repeating: [Double](), count: workloads.count)
    for _ in 0..<rounds {
        for (index, workload) in workloads.enumerated() { samples[index].append(time(workload, count: workload.count)) }
    }
    let ratios = workloads.indices.dropFirst().map { index in
        median(zip(samples[0], samples[index]).map { $1 / $0 })
    }
    return Comparison(nanoseconds: samples.map(median), best: samples.map { $0.min()! }, ratios: ratios)
}

/// Nanoseconds per operation of `body(count)`, the median of `rounds` runs.
func nanoseconds(per count: Int, rounds: Int = 7, _ body: @escaping @Sendable (Int) -> Int) -> Double {
    compare(threads: 1, rounds: rounds, [Workload(count: count, body: body)]).nanoseconds[0]
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Resident memory in bytes, from /proc/self/statm (Linux) or 0 elsewhere.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func format(_ value: Double) -> String {
    value >= 1000 ? String(format: "%.2f µs", value / 1000) : String(format: "%.1f ns", value)
}

func times(_ ratio: Double) -> String { String(format: "%.1f×", ratio) }

/// Where checksums end up, so the optimiser cannot drop the work; written once per thread and
/// round under a lock, and by the single-threaded memory groups directly.
nonisolated(unsafe) var sink: Int = 0
private let sinkLock = NSLock()

func publish(_ checksum: Int) {
    sinkLock.lock()
    sink &+= checksum
    sinkLock.unlock()
}

/// A checksum bit of `value`, out of line so that the result must be made.
@inline(never) func token(_ value: AnyObject) -> Int { Int(bitPattern: UInt(bitPattern: ObjectIdentifier(value))) & 1 }
