/// The figures of one app.
public struct BenchAppResult: Sendable, Hashable, Codable {
    public var cell: BenchMatrix.Cell
    public var folder: String
    public var summary: String
    public var modules: Int
    /// Seconds, by configuration.
    public var cleanBuild: [String: BenchStatistic] = [:]
    /// Seconds, by configuration, after editing a file of a bottom-layer module…
    public var incrementalBottom: [String: BenchStatistic] = [:]
    /// …and of a top-layer module.
    public var incrementalTop: [String: BenchStatistic] = [:]
    public var size: BenchSize?
    /// Seconds.
    public var launch: BenchStatistic?
    public var timeToMain: BenchStatistic?
    public var peakMemoryKB: BenchStatistic?
    /// What the app printed: the same for every app.
    public var checksum: String?

    public init(cell: BenchMatrix.Cell, folder: String, summary: String, modules: Int) {
        self.cell = cell
        self.folder = folder
        self.summary = summary
        self.modules = modules
    }
}

/// Everything `strata bench run` measured, as `--format json` writes it.
public struct BenchResults: Sendable, Hashable, Codable {
    public var version = 1
    public var matrix: BenchMatrix
    public var options: BenchRun.Options
    public var apps: [BenchAppResult]
    /// Where and when: filled in by the command (`uname`, the processor, the date).
    public var machine: String?
    public var date: String?
    /// The study's findings checked against these figures (written by `BenchReport.json`).
    public var directions: [BenchReport.Direction]?

    public init(matrix: BenchMatrix, options: BenchRun.Options, apps: [BenchAppResult]) {
        self.matrix = matrix
        self.options = options
        self.apps = apps
    }

    /// The app of a row and column of the reports: by shape, linking and module count, and the
    /// monolith (one app) in every column.
    public func app(_ shape: BenchMatrix.Shape, _ linking: BenchMatrix.Linking?, _ modules: Int?) -> BenchAppResult? {
        apps.first { $0.cell.shape == shape && (shape == .monolith || $0.cell.linking == linking && $0.cell.modules == modules) }
    }
}
