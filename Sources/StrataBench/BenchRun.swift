import Foundation

/// `strata bench run`: builds and measures each app of a generated benchmark, the same way for
/// every app, and returns the figures.
///
/// First, untimed, SwiftPM resolves the app's packages and caches their compiled manifests. Then,
/// for each configuration: `repetitions` clean builds (everything built removed first), then
/// `repetitions` incremental builds after editing one file of a bottom-layer module and as many
/// after editing one of a top-layer module — each edit and its revert is built and timed, both
/// being an incremental build after a change to that file. Then, in release (or the one
/// configuration measured), the executable's size with the app's own shared libraries, and
/// `launches` runs after one untimed run that warms the page cache: wall time, time to `main`
/// and peak memory.
public struct BenchRun: Sendable {
    public struct Options: Sendable, Hashable, Codable {
        public var repetitions: Int
        public var launches: Int
        public var configurations: [BenchConfiguration]
        /// Folders of the apps to measure (nil: all).
        public var only: [String]?

        public init(
            repetitions: Int = 3, launches: Int = 20, configurations: [BenchConfiguration] = BenchConfiguration.allCases, only: [String]? = nil
        ) {
            self.repetitions = repetitions
            self.launches = launches
            self.configurations = configurations
            self.only = only
        }

        /// The configuration sizes and launches are measured in.
        public var runConfiguration: BenchConfiguration { configurations.contains(.release) ? .release : configurations[0] }
    }

    /// One step of the run, for the progress bar.
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        /// What runs now: `four-layer-static-30: clean release build 2/3`.
        public var step: String
        /// The time still needed, estimated from the steps of the same kind so far.
        public var remaining: Duration?
    }

    public var index: BenchGenerator.Index
    public var options: Options
    public var machine: any BenchMachine

    public init(index: BenchGenerator.Index, options: Options, machine: any BenchMachine) {
        self.index = index
        self.options = options
        self.machine = machine
    }

    /// The apps to measure (all, or those `--only` names), in the index's order.
    public var apps: [BenchGenerator.Index.App] {
        guard let only = options.only else { return index.apps }
        return index.apps.filter { only.contains($0.folder) }
    }

    /// The file in the benchmark's folder that `strata bench run` keeps the figures of the apps
    /// measured so far in (as JSON results), for `--resume`.
    public static let measuredName = "bench-run.json"

    /// What an incremental build changes in a unit: a literal in a function body, not an interface.
    static let editedText = "value &* 31"
    static let editText = "value &* 37"

    /// Measures the apps, but for those in `measured` (an earlier, interrupted run's figures with
    /// the same options), which are kept as they are; `finished` is given every app's figures as
    /// soon as they are complete, for a run that is cut short to be resumed.
    public func run(
        measured: [BenchAppResult] = [], finished: (BenchAppResult) throws(BenchError) -> Void = { _ in },
        progress: (Progress) -> Void = { _ in }
    ) async throws(BenchError) -> BenchResults {
        let kept = Dictionary(measured.map { ($0.folder, $0) }) { first, _ in first }
        let measuring = Set(apps.map(\.folder))
        var tracker = ProgressTracker(kinds: apps.filter { kept[$0.folder] == nil }.flatMap { _ in stepKinds })
        var results: [BenchAppResult] = []
        // The apps measured before are reported with the new ones, whichever `--only` named.
        for app in index.apps where kept[app.folder] != nil || measuring.contains(app.folder) {
            if let earlier = kept[app.folder] {
                results.append(earlier)
                continue
            }
            var result = BenchAppResult(cell: app.cell, folder: app.folder, summary: app.summary, modules: app.modules)
            progress(tracker.starting("\(app.folder): resolving its packages (untimed)"))
            try await machine.prepare(app.folder)
            for configuration in options.configurations {
                var clean: [Double] = []
                for repetition in 1...options.repetitions {
                    progress(tracker.starting("\(app.folder): clean \(configuration.rawValue) build \(repetition)/\(options.repetitions)"))
                    try await machine.clean(app.folder)
                    let time = try await machine.build(app.folder, configuration)
                    tracker.finished(time)
                    clean.append(time.seconds)
                }
                result.cleanBuild[configuration.rawValue] = try BenchStatistic(clean, required: options.repetitions)
                for (place, file) in [("bottom", app.bottomFile), ("top", app.topFile)] {
                    let samples = try await incrementalBuilds(of: app, file: file, place: place, configuration, tracker: &tracker, progress: progress)
                    let statistic = try BenchStatistic(samples, required: options.repetitions)
                    if place == "bottom" {
                        result.incrementalBottom[configuration.rawValue] = statistic
                    } else {
                        result.incrementalTop[configuration.rawValue] = statistic
                    }
                }
            }
            let configuration = options.runConfiguration
            result.size = try machine.size(app.folder, configuration)
            var wall: [Double] = []
            var toMain: [Double] = []
            var memory: [Double] = []
            for launch in 0...options.launches {
                progress(tracker.starting("\(app.folder): launch \(launch == 0 ? "to warm the page cache" : "\(launch)/\(options.launches)")"))
                let run = try await machine.launch(app.folder, configuration)
                tracker.finished(run.wallTime)
                guard run.output.hasPrefix("checksum ") else {
                    throw BenchError("\(app.folder) printed \(run.output.isEmpty ? "nothing" : "'\(run.output.prefix(80))'") instead of its checksum")
                }
                if let expected = result.checksum, expected != run.output {
                    throw BenchError("\(app.folder) printed '\(run.output)' after '\(expected)': its runs differ")
                }
                result.checksum = run.output
                guard launch > 0 else { continue }
                wall.append(run.wallTime.seconds)
                if let timeToMain = run.timeToMain { toMain.append(timeToMain.seconds) }
                memory.append(Double(run.peakMemoryKB))
            }
            result.launch = try BenchStatistic(wall, required: options.launches)
            result.timeToMain = toMain.isEmpty ? nil : try BenchStatistic(toMain, required: options.launches)
            result.peakMemoryKB = try BenchStatistic(memory, required: options.launches)
            results.append(result)
            try finished(result)
        }
        let checksums = Set(results.compactMap(\.checksum))
        guard checksums.count <= 1 else {
            throw BenchError("the apps printed different checksums (\(checksums.sorted().joined(separator: ", "))): they do not hold the same code")
        }
        return BenchResults(matrix: index.matrix, options: options, apps: results)
    }

    /// Edits `file` and builds, reverts it and builds, `repetitions` times over (rounded up to
    /// pairs); every build is a sample. The file is restored even when a build fails.
    private func incrementalBuilds(
        of app: BenchGenerator.Index.App, file: String, place: String, _ configuration: BenchConfiguration, tracker: inout ProgressTracker,
        progress: (Progress) -> Void
    ) async throws(BenchError) -> [Double] {
        let original = try machine.read(app.folder, file)
        guard let range = original.range(of: Self.editedText) else {
            throw BenchError("\(app.folder)/\(file) holds no '\(Self.editedText)' to edit: generate the apps again")
        }
        let edited = original.replacingCharacters(in: range, with: Self.editText)
        var samples: [Double] = []
        do throws(BenchError) {
            for build in 1...pairedRepetitions * 2 {
                progress(
                    tracker.starting(
                        "\(app.folder): \(configuration.rawValue) build after editing a \(place)-layer file \(build)/\(pairedRepetitions * 2)"))
                try machine.write(app.folder, file, build % 2 == 1 ? edited : original)
                let time = try await machine.build(app.folder, configuration)
                tracker.finished(time)
                samples.append(time.seconds)
            }
        } catch {
            try? machine.write(app.folder, file, original)
            throw error
        }
        return samples
    }

    /// Incremental builds come in pairs (an edit and its revert), at least `repetitions` builds.
    var pairedRepetitions: Int { (options.repetitions + 1) / 2 }

    /// What each step of an app is, in order: the kinds the time left is estimated by.
    var stepKinds: [String] {
        options.configurations.flatMap { configuration in
            [String](repeating: "clean-\(configuration.rawValue)", count: options.repetitions)
                + [String](repeating: "incremental-\(configuration.rawValue)", count: 2 * pairedRepetitions * 2)
        } + [String](repeating: "launch", count: options.launches + 1)
    }
}

/// Counts the steps and estimates the time left: each step still to come is expected to take
/// as long as the steps of its kind so far took on average (or, before any has, all steps).
struct ProgressTracker {
    let kinds: [String]
    var done = 0
    private var durations: [String: (sum: Duration, count: Int)] = [:]

    init(kinds: [String]) {
        self.kinds = kinds
    }

    func starting(_ step: String) -> BenchRun.Progress {
        let all = durations.values.reduce((sum: Duration.zero, count: 0)) { ($0.sum + $1.sum, $0.count + $1.count) }
        guard all.count > 0 else { return BenchRun.Progress(done: done, total: kinds.count, step: step, remaining: nil) }
        var remaining = Duration.zero
        for kind in kinds[done...] {
            let known = durations[kind] ?? all
            remaining += known.sum / known.count
        }
        return BenchRun.Progress(done: done, total: kinds.count, step: step, remaining: remaining)
    }

    mutating func finished(_ time: Duration) {
        let kind = kinds[done]
        let entry = durations[kind] ?? (.zero, 0)
        durations[kind] = (entry.sum + time, entry.count + 1)
        done += 1
    }
}

extension Duration {
    /// In seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
