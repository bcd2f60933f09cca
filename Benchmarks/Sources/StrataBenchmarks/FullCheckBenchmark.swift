import Foundation
import StrataCheck
import StrataSynthetic

/// The whole of `strata check` — manifest, file walk, scan, caches, every rule — on a synthetic
/// workspace with sources, in three states measured side by side: no caches at all (files in the
/// page cache), nothing changed since the last check, and one file edited since then.
enum FullCheckBenchmark {
    static func run(modules: Int, filesPerModule: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.write(to: folder)
        let written = try synthetic.writeSources(to: folder, filesPerModule: filesPerModule)
        sync()  // the files just written go to disk now, not while the runs are timed
        let caches = folder + "/.build/strata"
        let edited = try editableFile(in: folder)

        var last: CheckReport?
        func check() async {
            let report = await WorkspaceCheck.run(path: folder)
            guard !report.inputFailed, report.diagnostics.isEmpty else {
                fatalError("the synthetic workspace should pass every rule: \(report.diagnostics.prefix(3).map(\.message))")
            }
            last = report
        }

        // Cold: both caches removed before each run (the warm-up run puts the files in the page cache).
        var coldPhases: [[(name: String, duration: Duration)]] = []
        let cold = await Measurement.measure("cold", iterations: iterations) {
            try? FileManager.default.removeItem(atPath: caches)
            await check()
            coldPhases.append(last!.phases)
            guard last!.sourceStatistics?.scannedFiles == written.files else { fatalError("a cold run should scan every file") }
        }
        // Warm: nothing changed since the last run.
        let warm = await Measurement.measure("warm", iterations: iterations) {
            await check()
            guard last!.fromCheckCache else { fatalError("an unchanged re-run should reuse the last check") }
        }
        // One file edited before each run.
        var edits = 0
        let incremental = try await Measurement.measure("one file changed", iterations: iterations) {
            edits += 1
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: edited))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("// edit \(edits)\n".utf8))
            try handle.close()
            await check()
            guard last!.sourceStatistics?.scannedFiles == 1 else { fatalError("an edit of one file should scan that file only") }
        }

        let summary = last!.summary!
        print("## Full `strata check` with sources (release build, in process, median of \(iterations) runs after one warm-up)")
        print("")
        print(
            "Workspace: \(modules) modules, \(summary.targets) targets, \(summary.dependencies) dependencies, \(written.files) Swift files (\(written.bytes / 1_048_576) MB)."
        )
        print("")
        print("| state | median | fastest | slowest |")
        print("|---|---:|---:|---:|")
        for measurement in [cold, warm, incremental] {
            print(
                "| \(measurement.name) | **\(measurement.median.formatted)** | \(measurement.minimum.formatted) | \(measurement.samples.max()!.formatted) |"
            )
        }
        print("")
        // The phases of the cold run whose total was the median.
        let order = cold.samples.indices.sorted { cold.samples[$0] < cold.samples[$1] }
        let median = coldPhases[order[order.count / 2] + 1]  // + 1: the warm-up run's phases come first
        print("Phases of the median cold run: " + median.map { "\($0.name) \($0.duration.formatted)" }.joined(separator: "; ") + ".")
        print("")
    }

    /// A source file of the first module, edited by the incremental runs.
    private static func editableFile(in folder: String) throws -> String {
        let sources = folder + "/Sources"
        guard let module = try FileManager.default.contentsOfDirectory(atPath: sources).sorted().first,
            let file = try FileManager.default.contentsOfDirectory(atPath: sources + "/" + module).sorted().first(where: {
                $0.hasSuffix(".swift")
            })
        else { fatalError("the synthetic workspace has no sources") }
        return sources + "/" + module + "/" + file
    }
}
