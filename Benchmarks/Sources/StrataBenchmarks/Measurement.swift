import Foundation

/// Timings of repeated runs of one piece of work.
struct Measurement {
    var name: String
    var samples: [Duration]

    var median: Duration { samples.sorted()[samples.count / 2] }
    var minimum: Duration { samples.min() ?? .zero }

    /// Runs `body` once to warm up, then `iterations` times, timing each run.
    static func measure(_ name: String, iterations: Int, _ body: () throws -> Void) rethrows -> Measurement {
        try body()
        var samples: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            samples.append(try clock.measure(body))
        }
        return Measurement(name: name, samples: samples)
    }

    static func measure(_ name: String, iterations: Int, _ body: () async throws -> Void) async rethrows -> Measurement {
        try await body()
        var samples: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let start = clock.now
            try await body()
            samples.append(clock.now - start)
        }
        return Measurement(name: name, samples: samples)
    }
}

/// Two loads timed side by side: each round runs the first, then the second, so that a noisy
/// machine slows both alike; the first round warms the page cache and is not counted.
struct SideBySide<Result> {
    var first: Measurement
    var second: Measurement
    /// What each side gave in the last round, for checking they agree.
    var results: (Result, Result)

    /// first ÷ second, per round, sorted.
    var ratios: [Double] { zip(first.samples, second.samples).map { $0.milliseconds / max($1.milliseconds, 0.001) }.sorted() }

    /// "median 1.75×, range 1.70–1.79×".
    var ratioSummary: String {
        let ratios = ratios
        return
            "median \(String(format: "%.2f", ratios[ratios.count / 2]))×, range \(String(format: "%.2f", ratios.first!))–\(String(format: "%.2f", ratios.last!))×"
    }

    static func measure(
        iterations: Int, _ first: () async throws -> Result, _ second: () async throws -> Result
    ) async rethrows -> SideBySide {
        var samples: ([Duration], [Duration]) = ([], [])
        var results: (Result, Result)?
        let clock = ContinuousClock()
        for round in 0...iterations {
            let start = clock.now
            let a = try await first()
            let middle = clock.now
            let b = try await second()
            let end = clock.now
            results = (a, b)
            guard round > 0 else { continue }
            samples.0.append(middle - start)
            samples.1.append(end - middle)
        }
        return SideBySide(
            first: Measurement(name: "first", samples: samples.0), second: Measurement(name: "second", samples: samples.1), results: results!)
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// `12.3 ms` or `45 µs`.
    var formatted: String {
        let ms = milliseconds
        if ms >= 100 { return String(format: "%.0f ms", ms) }
        if ms >= 1 { return String(format: "%.1f ms", ms) }
        return String(format: "%.0f µs", ms * 1_000)
    }
}

/// The machine, for the record next to the figures.
enum Machine {
    static var description: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, \(osName)"
    }

    private static var osName: String {
        #if os(Linux)
        return "Linux"
        #else
        return "macOS"
        #endif
    }
}
