/// Repeated measurements of one figure: their median and their range. A figure is only made of
/// as many samples as were asked for, never fewer.
public struct BenchStatistic: Sendable, Hashable, Codable {
    /// In the figure's unit (seconds, bytes, kilobytes), in the order they were taken.
    public var samples: [Double]

    /// Refuses fewer samples than `required`: a median of fewer runs than promised is not reported.
    public init(_ samples: [Double], required: Int) throws(BenchError) {
        guard samples.count >= max(required, 1) else {
            throw BenchError("\(samples.count) of the \(required) repetitions asked for were measured; a figure needs all of them")
        }
        self.samples = samples
    }

    public var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public var minimum: Double { samples.min()! }
    public var maximum: Double { samples.max()! }
}

/// A benchmark that cannot go on: an app that does not build or run, a measurement that failed.
public struct BenchError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
