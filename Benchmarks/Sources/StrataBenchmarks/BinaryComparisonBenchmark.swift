import Foundation
import StrataSynthetic
import Subprocess

/// The same commands through two `strata` binaries — built before and after a change — on the
/// same synthetic workspaces, alternated in one run so that the machine's noise falls on both:
/// `check` cold and warm on a generate-mode workspace with sources, `check` cold on an adopt-mode
/// workspace of one package per module (reading every Package.swift and building the graph),
/// and `generate` with nothing to change. Each binary has its own copy of each workspace, so
/// neither reads the other's caches.
enum BinaryComparisonBenchmark {
    struct Workload {
        var name: String
        var workspace: KeyPath<Workspaces, String>
        var arguments: [String]
        /// Whether the workspace's caches are removed before each run.
        var cold: Bool
    }

    struct Workspaces {
        var generateMode: String
        var adoptMode: String
    }

    static var workloads: [Workload] {
        [
            Workload(name: "check, cold (no caches)", workspace: \.generateMode, arguments: ["check"], cold: true),
            Workload(name: "check, warm (nothing changed)", workspace: \.generateMode, arguments: ["check"], cold: false),
            Workload(name: "adopt-mode load + check, cold", workspace: \.adoptMode, arguments: ["check"], cold: true),
            Workload(name: "generate, nothing to change", workspace: \.generateMode, arguments: ["generate"], cold: false),
        ]
    }

    static func run(before: String, after: String, modules: Int, filesPerModule: Int, iterations: Int) async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-compare-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        var copies: [String: Workspaces] = [:]
        var files = 0
        for label in ["before", "after"] {
            let workspaces = Workspaces(generateMode: "\(base)/\(label)/generate", adoptMode: "\(base)/\(label)/adopt")
            try synthetic.write(to: workspaces.generateMode)
            files = try synthetic.writeSources(to: workspaces.generateMode, filesPerModule: filesPerModule).files
            try synthetic.write(to: workspaces.adoptMode, packages: true)
            copies[label] = workspaces
        }
        sync()  // the files just written go to disk now, not while the runs are timed
        let binaries = [("before", before), ("after", after)]

        print("## `strata` before and after, side by side (release builds, median of \(iterations) alternated runs after one warm-up each)")
        print("")
        print("Workspaces: \(modules) modules; generate mode with \(files) Swift files; adopt mode with \(modules + 1) packages.")
        print("")
        print("| command | before | after | after ÷ before |")
        print("|---|---:|---:|---:|")
        for workload in workloads {
            var samples: [String: [Duration]] = [:]
            for (label, binary) in binaries {
                _ = try await time(binary, workload, in: copies[label]![keyPath: workload.workspace])
            }
            for round in 0..<iterations {
                // Alternate which binary goes first, so that neither always follows the other.
                for (label, binary) in round.isMultiple(of: 2) ? binaries : binaries.reversed() {
                    samples[label, default: []].append(try await time(binary, workload, in: copies[label]![keyPath: workload.workspace]))
                }
            }
            let a = Measurement(name: "before", samples: samples["before"]!)
            let b = Measurement(name: "after", samples: samples["after"]!)
            print(
                "| \(workload.name) | \(a.median.formatted) (\(a.minimum.formatted)–\(a.samples.max()!.formatted)) | \(b.median.formatted) (\(b.minimum.formatted)–\(b.samples.max()!.formatted)) | \(String(format: "%.2f", b.median.milliseconds / a.median.milliseconds)) |"
            )
        }
        print("")
    }

    /// One run of `binary` with the workload's arguments on `workspace`, which must succeed.
    private static func time(_ binary: String, _ workload: Workload, in workspace: String) async throws -> Duration {
        if workload.cold { try? FileManager.default.removeItem(atPath: workspace + "/.build/strata") }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await Subprocess.run(
            .path(.init(binary)), arguments: Arguments(workload.arguments + [workspace]), output: .discarded,
            error: .string(limit: 1 << 20))
        let elapsed = clock.now - start
        guard result.terminationStatus.isSuccess else {
            fatalError("\(binary) \(workload.arguments.joined(separator: " ")) failed: \(result.standardError ?? "")")
        }
        return elapsed
    }
}
