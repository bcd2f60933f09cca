import Foundation
import Synchronization
@testable import StrataBench
import Testing

/// What `BenchRun` does with the figures, on a fake machine whose builds and launches take
/// scripted times: the order of the steps, edits reverted, warm-ups left out, medians and
/// ranges, refusals, and the time left.
@Suite struct BenchRunTests {
    /// A machine that records what it is asked and answers from a script.
    final class FakeMachine: BenchMachine {
        struct State {
            var files: [String: String] = [:]
            var log: [String] = []
            var builds = 0
            var launches = 0
        }
        let state = Mutex(State())
        /// Seconds a build takes: by app and whether it is clean.
        let buildTime: @Sendable (_ app: String, _ clean: Bool, _ number: Int) -> Double
        let launchTime: @Sendable (_ app: String, _ number: Int) -> Double
        let output: @Sendable (_ app: String) -> String
        let failBuild: Int?

        init(
            files: [String: String], buildTime: @escaping @Sendable (String, Bool, Int) -> Double = { _, clean, _ in clean ? 10 : 1 },
            launchTime: @escaping @Sendable (String, Int) -> Double = { _, number in 0.001 * Double(number) },
            output: @escaping @Sendable (String) -> String = { _ in "checksum 42" }, failBuild: Int? = nil
        ) {
            state.withLock { $0.files = files }
            self.buildTime = buildTime
            self.launchTime = launchTime
            self.output = output
            self.failBuild = failBuild
        }

        var log: [String] { state.withLock { $0.log } }
        func file(_ path: String) -> String? { state.withLock { $0.files[path] } }

        func prepare(_ app: String) async throws(BenchError) {
            state.withLock { $0.log.append("prepare \(app)") }
        }

        func clean(_ app: String) async throws(BenchError) {
            state.withLock { $0.log.append("clean \(app)") }
        }

        func build(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> Duration {
            let (number, wasClean) = state.withLock { state in
                state.builds += 1
                let wasClean = state.log.last == "clean \(app)"
                state.log.append("build \(app) \(configuration.rawValue)")
                return (state.builds, wasClean)
            }
            if number == failBuild { throw BenchError("build \(number) failed") }
            return .milliseconds(Int(buildTime(app, wasClean, number) * 1_000))
        }

        func read(_ app: String, _ file: String) throws(BenchError) -> String {
            guard let text = state.withLock({ $0.files[app + "/" + file] }) else { throw BenchError("no \(file)") }
            return text
        }

        func write(_ app: String, _ file: String, _ text: String) throws(BenchError) {
            state.withLock { state in
                state.files[app + "/" + file] = text
                state.log.append("write \(app)/\(file) \(text.contains("&* 37") ? "edited" : "original")")
            }
        }

        func launch(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> BenchLaunch {
            let number = state.withLock { state in
                state.launches += 1
                state.log.append("launch \(app) \(configuration.rawValue)")
                return state.launches
            }
            let seconds = launchTime(app, number)
            return BenchLaunch(
                wallTime: .microseconds(Int(seconds * 1_000_000)), timeToMain: .microseconds(Int(seconds * 500_000)),
                peakMemoryKB: 1_000 + number, output: output(app))
        }

        func size(_ app: String, _ configuration: BenchConfiguration) throws(BenchError) -> BenchSize {
            BenchSize(executable: 1_000, libraries: app.contains("dynamic") ? 4_000 : 0, libraryCount: app.contains("dynamic") ? 4 : 0)
        }
    }

    static let unit = "func function0(_ input: Int) -> Int { let step: (Int) -> Int = { value in value &* 31 &+ 1 } }\n"

    static func index(_ cells: [BenchMatrix.Cell]) -> BenchGenerator.Index {
        let matrix = BenchMatrix(shapes: Array(Set(cells.map(\.shape))).sorted { $0.rawValue < $1.rawValue }, linkings: [.static, .dynamic], moduleCounts: [4], types: 8, members: 1)
        return BenchGenerator.Index(
            matrix: matrix,
            apps: cells.map {
                BenchGenerator.Index.App(
                    cell: $0, folder: $0.description, summary: "", modules: $0.modules ?? 0, bottomFile: "Bottom.swift", topFile: "Top.swift")
            })
    }

    static func files(_ index: BenchGenerator.Index) -> [String: String] {
        Dictionary(uniqueKeysWithValues: index.apps.flatMap { app in [(app.folder + "/Bottom.swift", unit), (app.folder + "/Top.swift", unit)] })
    }

    @Test func eachAppIsBuiltCleanThenAfterEditsThenLaunched() async throws {
        let index = Self.index([.init(shape: .monolith)])
        let machine = FakeMachine(files: Self.files(index))
        let run = BenchRun(index: index, options: .init(repetitions: 2, launches: 3, configurations: [.debug]), machine: machine)
        let results = try await run.run()
        #expect(
            machine.log == [
                "prepare monolith", "clean monolith", "build monolith debug", "clean monolith", "build monolith debug",
                "write monolith/Bottom.swift edited", "build monolith debug", "write monolith/Bottom.swift original", "build monolith debug",
                "write monolith/Top.swift edited", "build monolith debug", "write monolith/Top.swift original", "build monolith debug",
                "launch monolith debug", "launch monolith debug", "launch monolith debug", "launch monolith debug",
            ])
        #expect(machine.file("monolith/Bottom.swift") == Self.unit && machine.file("monolith/Top.swift") == Self.unit)
        let app = try #require(results.apps.first)
        #expect(app.cleanBuild["debug"]?.samples == [10, 10])
        #expect(app.incrementalBottom["debug"]?.samples == [1, 1] && app.incrementalTop["debug"]?.samples == [1, 1])
        // The first launch warms the page cache and is not counted.
        #expect(app.launch?.samples == [0.002, 0.003, 0.004])
        #expect(app.launch?.median == 0.003 && app.launch?.minimum == 0.002 && app.launch?.maximum == 0.004)
        #expect(app.peakMemoryKB?.samples == [1_002, 1_003, 1_004])
        #expect(app.timeToMain?.median == 0.0015)
        #expect(app.size == BenchSize(executable: 1_000, libraries: 0, libraryCount: 0))
        #expect(app.checksum == "checksum 42")
    }

    @Test func aFailedBuildAfterAnEditRestoresTheFile() async throws {
        let index = Self.index([.init(shape: .monolith)])
        let machine = FakeMachine(files: Self.files(index), failBuild: 2)
        let run = BenchRun(index: index, options: .init(repetitions: 1, launches: 1, configurations: [.release]), machine: machine)
        let error = await #expect(throws: BenchError.self) { try await run.run() }
        #expect(error?.description == "build 2 failed")
        #expect(machine.log.last == "write monolith/Bottom.swift original")
        #expect(machine.file("monolith/Bottom.swift") == Self.unit)
    }

    @Test func appsThatPrintDifferentChecksumsAreRefused() async throws {
        let index = Self.index([.init(shape: .monolith), .init(shape: .fourLayer, linking: .static, modules: 4)])
        let machine = FakeMachine(files: Self.files(index), output: { app in app == "monolith" ? "checksum 1" : "checksum 2" })
        let run = BenchRun(index: index, options: .init(repetitions: 1, launches: 1, configurations: [.debug]), machine: machine)
        let error = await #expect(throws: BenchError.self) { try await run.run() }
        #expect(error?.description.contains("different checksums") == true)

        let silent = FakeMachine(files: Self.files(index), output: { _ in "" })
        let error2 = await #expect(throws: BenchError.self) {
            try await BenchRun(index: index, options: .init(repetitions: 1, launches: 1, configurations: [.debug]), machine: silent).run()
        }
        #expect(error2?.description == "monolith printed nothing instead of its checksum")
    }

    @Test func aFileWithoutTheEditedTextIsAnError() async throws {
        let index = Self.index([.init(shape: .monolith)])
        let machine = FakeMachine(files: ["monolith/Bottom.swift": "struct A {}\n", "monolith/Top.swift": Self.unit])
        let error = await #expect(throws: BenchError.self) {
            try await BenchRun(index: index, options: .init(repetitions: 1, launches: 1, configurations: [.debug]), machine: machine).run()
        }
        #expect(error?.description == "monolith/Bottom.swift holds no 'value &* 31' to edit: generate the apps again")
    }

    /// An interrupted run resumed: the apps measured before are kept as they were, not built
    /// again; every app newly measured is handed over as soon as its figures are complete.
    @Test func aResumedRunKeepsTheAppsMeasuredBefore() async throws {
        let index = Self.index([.init(shape: .monolith), .init(shape: .fourLayer, linking: .static, modules: 4)])
        let options = BenchRun.Options(repetitions: 1, launches: 1, configurations: [.debug])
        let first = try await BenchRun(index: index, options: options, machine: FakeMachine(files: Self.files(index))).run()
        let machine = FakeMachine(files: Self.files(index), buildTime: { _, _, _ in 99 })
        let handed = Mutex<[String]>([])
        let resumed = try await BenchRun(index: index, options: options, machine: machine).run(measured: [first.apps[0]], finished: { app in
            handed.withLock { $0.append(app.folder) }
        })
        #expect(resumed.apps.map(\.folder) == ["monolith", "four-layer-static-4"])
        // The apps kept are reported with the new ones even when --only names just the new ones.
        let only = BenchRun(index: index, options: .init(repetitions: 1, launches: 1, configurations: [.debug], only: ["four-layer-static-4"]), machine: FakeMachine(files: Self.files(index)))
        #expect(try await only.run(measured: [first.apps[0]]).apps.map(\.folder) == ["monolith", "four-layer-static-4"])
        #expect(try await only.run().apps.map(\.folder) == ["four-layer-static-4"])
        #expect(resumed.apps[0] == first.apps[0])
        #expect(resumed.apps[1].cleanBuild["debug"]?.samples == [99])
        #expect(!machine.log.contains { $0.hasSuffix(" monolith") || $0.contains(" monolith ") })
        #expect(handed.withLock { $0 } == ["four-layer-static-4"])

        // A failure while keeping the figures stops the run.
        let failing = BenchRun(index: index, options: options, machine: FakeMachine(files: Self.files(index)))
        let error = await #expect(throws: BenchError.self) {
            try await failing.run(finished: { (_: BenchAppResult) throws(BenchError) in throw BenchError("disk full") })
        }
        #expect(error?.description == "disk full")
    }

    @Test func aFigureIsNeverMadeOfFewerRunsThanAskedFor() throws {
        #expect(throws: BenchError.self) { try BenchStatistic([1, 2], required: 3) }
        #expect(throws: BenchError.self) { try BenchStatistic([], required: 0) }
        let statistic = try BenchStatistic([5, 1, 3, 2], required: 4)
        #expect(statistic.median == 2.5 && statistic.minimum == 1 && statistic.maximum == 5)
        #expect(try BenchStatistic([7, 1, 3], required: 3).median == 3)
    }

    /// The time left: each step to come at the mean of its kind so far (clean builds 10 s,
    /// incremental 1 s, launches about nothing).
    @Test func theTimeLeftIsEstimatedByKindOfStep() async throws {
        let index = Self.index([.init(shape: .monolith), .init(shape: .fourLayer, linking: .static, modules: 4)])
        let machine = FakeMachine(files: Self.files(index), launchTime: { _, _ in 0 })
        let run = BenchRun(index: index, options: .init(repetitions: 1, launches: 2, configurations: [.debug]), machine: machine)
        let seen = Mutex<[BenchRun.Progress]>([])
        _ = try await run.run(progress: { progress in seen.withLock { $0.append(progress) } })
        let all = seen.withLock { $0 }
        // Each app's packages are resolved first, untimed: shown, not counted.
        let resolving = all.filter { $0.step.hasSuffix(": resolving its packages (untimed)") }
        #expect(resolving.map(\.step.first) == ["m", "f"] && resolving.map(\.done) == [0, 8])
        let progress = all.filter { !$0.step.contains("resolving") }
        // Per app: 1 clean build, 4 incremental builds (an edit and its revert, two files), 3 launches.
        #expect(progress.count == 16 && all.allSatisfy { $0.total == 16 })
        #expect(progress.map(\.done) == Array(0..<16))
        #expect(progress[0].remaining == nil)
        // After the first clean build (10 s): 15 steps left, all estimated at 10 s.
        #expect(progress[1].remaining == .seconds(150))
        // At the second app's start: one clean build (10 s) and four incremental ones (1 s) to come.
        #expect(progress[8].remaining == .seconds(14))
        #expect(progress[8].step == "four-layer-static-4: clean debug build 1/1")
    }

    @Test func theReportHasARowPerShapeAndAColumnPerLinkingAndCount() throws {
        var matrix = BenchMatrix(shapes: [.monolith, .fourLayer], linkings: [.static, .dynamic], moduleCounts: [4, 8], types: 8, members: 1)
        matrix.scale = 1
        func app(_ cell: BenchMatrix.Cell, launch: Double) throws -> BenchAppResult {
            var result = BenchAppResult(cell: cell, folder: cell.description, summary: "", modules: cell.modules ?? 0)
            result.launch = try BenchStatistic([launch, launch * 2, launch * 3], required: 3)
            result.size = BenchSize(executable: 1_048_576, libraries: 0, libraryCount: 0)
            return result
        }
        let results = BenchResults(
            matrix: matrix, options: .init(repetitions: 1, launches: 3, configurations: [.release]),
            apps: [
                try app(.init(shape: .monolith), launch: 0.001), try app(.init(shape: .fourLayer, linking: .dynamic, modules: 8), launch: 0.004),
                try app(.init(shape: .fourLayer, linking: .static, modules: 4), launch: 0.002),
            ])
        let markdown = BenchReport.markdown(results)
        #expect(markdown.contains("""
            ### Launch: a run of main, which uses every module once, release (ms)

            | architecture | dynamic 8 | dynamic 4 | static 8 | static 4 |
            |---|---:|---:|---:|---:|
            | monolith | 2.0 (1.0–3.0) | 2.0 (1.0–3.0) | 2.0 (1.0–3.0) | 2.0 (1.0–3.0) |
            | four-layer | 8.0 (4.0–12.0) | — | — | 4.0 (2.0–6.0) |
            """))
        #expect(markdown.contains("| monolith | 1.00 | 1.00 | 1.00 | 1.00 |"))
        let decoded = try JSONDecoder().decode(BenchResults.self, from: Data(BenchReport.json(results).utf8))
        #expect(decoded.apps == results.apps && decoded.matrix == results.matrix && decoded.options == results.options)
        #expect(decoded.directions == BenchReport.directions(results))
    }

    /// The study's findings, each decided by the figures: here as the study found them, then
    /// each turned around.
    @Test func theStudysFindingsAreCheckedOneByOne() throws {
        let matrix = BenchMatrix(shapes: [.monolith, .fourLayer], linkings: [.static, .dynamic], moduleCounts: [30, 300], types: 8, members: 1)
        func app(_ cell: BenchMatrix.Cell, launch: Double, main: Double, clean: Double, incremental: Double, size: Int, memory: Double) throws
            -> BenchAppResult
        {
            var result = BenchAppResult(cell: cell, folder: cell.description, summary: "", modules: cell.modules ?? 0)
            result.launch = try BenchStatistic([launch], required: 1)
            result.timeToMain = try BenchStatistic([main], required: 1)
            result.cleanBuild["debug"] = try BenchStatistic([clean], required: 1)
            result.incrementalBottom["debug"] = try BenchStatistic([incremental], required: 1)
            result.size = BenchSize(executable: size, libraries: 0, libraryCount: cell.linking == .dynamic ? cell.modules! : 0)
            result.peakMemoryKB = try BenchStatistic([memory], required: 1)
            return result
        }
        func results(dynamic300Main: Double = 0.030, monolithIncremental: Double = 20, dynamicSize: Int = 9_000_000, memory: Double = 30_000)
            throws -> BenchResults
        {
            BenchResults(
                matrix: matrix, options: .init(repetitions: 1, launches: 1, configurations: [.debug]),
                apps: [
                    try app(.init(shape: .monolith), launch: 0.010, main: 0.003, clean: 30, incremental: monolithIncremental, size: 5_000_000, memory: 30_000),
                    try app(.init(shape: .fourLayer, linking: .static, modules: 30), launch: 0.011, main: 0.003, clean: 40, incremental: 8, size: 5_100_000, memory: 30_000),
                    try app(.init(shape: .fourLayer, linking: .static, modules: 300), launch: 0.011, main: 0.003, clean: 60, incremental: 9, size: 5_200_000, memory: 30_000),
                    try app(.init(shape: .fourLayer, linking: .dynamic, modules: 30), launch: 0.014, main: 0.006, clean: 41, incremental: 8, size: 6_000_000, memory: 31_000),
                    try app(.init(shape: .fourLayer, linking: .dynamic, modules: 300), launch: 0.040, main: dynamic300Main, clean: 70, incremental: 10, size: dynamicSize, memory: memory),
                ])
        }
        let found = BenchReport.directions(try results())
        #expect(found.count == 5)
        #expect(found.allSatisfy { $0.holds == true }, "\(found)")
        #expect(found[0].evidence == "monolith: 10.0 ms; four-layer 30: 11.0 ms; four-layer 300: 11.0 ms")
        #expect(found[3].evidence == "four-layer 30: +29 KB per library; four-layer 300: +12 KB per library")
        #expect(BenchReport.directions(try results(dynamic300Main: 0.004))[1].holds == false)
        #expect(BenchReport.directions(try results(monolithIncremental: 3))[2].holds == false)
        #expect(BenchReport.directions(try results(dynamicSize: 5_200_000))[3].holds == false)
        #expect(BenchReport.directions(try results(memory: 60_000))[4].holds == false)
        #expect(BenchReport.markdown(try results()).contains("- **holds**: Static apps launch like the monolith (within 25%)."))
    }
}
