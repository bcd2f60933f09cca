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
