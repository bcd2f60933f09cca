import Foundation
import StrataGenerate
import StrataManifest
import StrataSynthetic
import StrataWorkspace

/// `strata generate` on the synthetic workspace in both layouts, and with XcodeGen specs: a first run into an empty
/// folder, and a re-run that must write nothing. Phases are timed separately so that the file
/// system's share (creating thousands of folders and files) can be told from Strata's.
enum GenerateBenchmark {
    static func run(modules: Int, iterations: Int, base: String) async throws {
        print("## `strata generate` (release build, in process, median of \(iterations) runs after one warm-up; folder: \(base))")
        print("")
        print("| layout | files | load strata.yml and graph | render | compare with disk | write | first run | re-run (writes) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        let configurations: [(String, GenerateSettings.Layout, String)] = [
            ("single", .single, "umbrella: SyntheticFramework"),
            ("packages", .packages, "umbrella: SyntheticFramework"),
            ("packages + XcodeGen", .packages, "xcodegen: { platform: iOS, deployment-target: \"17.0\" }, umbrella: SyntheticFramework"),
        ]
        for (layout, layoutSetting, settings) in configurations {
            let folder = base + "/strata-generate-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
            let manifest = synthetic.generateModeManifest(layout: layoutSetting, settings: settings)
            try manifest.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)

            var load: [Duration] = [], render: [Duration] = [], compare: [Duration] = [], write: [Duration] = []
            var first: [Duration] = [], rerun: [Duration] = []
            var files = 0
            var rerunWrites = 0
            let clock = ContinuousClock()
            for round in 0...iterations {
                // First run: an empty workspace but for strata.yml.
                for item in ["Package.swift", "Packages", "Sources", "CODEOWNERS", "Xcode"] {
                    try? FileManager.default.removeItem(atPath: folder + "/" + item)
                }
                let start = clock.now
                let workspace = try await WorkspaceLoader().load(path: folder).workspace
                let loaded = clock.now
                let generated = try WorkspaceGenerator.files(for: workspace)
                let rendered = clock.now
                let plan = GenerationPlan(files: generated, candidates: WorkspaceGenerator.candidates(in: folder), root: folder)
                let planned = clock.now
                try plan.apply(force: false)
                let written = clock.now
                // Re-run: everything up to date.
                let again = try WorkspaceGenerator.plan(for: try await WorkspaceLoader().load(path: folder).workspace)
                try again.apply(force: false)
                let done = clock.now
                files = generated.count
                rerunWrites = again.changes.count
                guard round > 0 else { continue }
                load.append(loaded - start)
                render.append(rendered - loaded)
                compare.append(planned - rendered)
                write.append(written - planned)
                first.append(written - start)
                rerun.append(done - written)
            }
            guard rerunWrites == 0 else { fatalError("the re-run wanted to write \(rerunWrites) files") }
            func median(_ samples: [Duration]) -> String { Measurement(name: "", samples: samples).median.formatted }
            print(
                "| \(layout) | \(files) | \(median(load)) | \(median(render)) | \(median(compare)) | \(median(write)) | **\(median(first))** | **\(median(rerun))** (0) |"
            )
        }
        print("")
    }
}
