import Foundation
import StrataGenerate
import StrataSynthetic
import StrataWorkspace

/// Adopt mode over XcodeGen specs (target: 1,000 project.yml files read in ≤ 0.5 s): the
/// synthetic workspace as `strata generate` writes it with XcodeGen specs (one project.yml per
/// module, each including the shared settings and referencing the projects it depends on, and one
/// for the apps), loaded through `adopt.xcodegen`, and side by side in each round the same
/// workspace loaded through its Package.swift files (the static reader), which give the same graph.
enum XcodeGenReadingBenchmark {
    static func run(modules: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-xcodegen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        let manifest = synthetic.generateModeManifest(layout: .packages, settings: "xcodegen: { platform: iOS, deployment-target: \"17.0\" }")
        try manifest.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        let generated = try await WorkspaceLoader().load(path: folder).workspace
        try WorkspaceGenerator.plan(for: generated).apply(force: false)
        for target in generated.targets {
            guard let directory = target.sources?.directory else { continue }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        // Two adopt-mode manifests over the same folder: the specs, or the packages.
        let naming = "naming: { interface: \"{module}Interface\", mocks: \"{module}Mocks\", tests: \"{module}Tests\" }\n"
        let layers = "layers:\n  - { name: all, patterns: [\"*\"] }\n"
        let specs = folder + "/strata-xcodegen.yml", packages = folder + "/strata-packages.yml"
        try (layers + naming + "adopt: { packages: [], xcodegen: [\"Packages/*/project.yml\", \"Xcode/*/project.yml\"] }\n")
            .write(toFile: specs, atomically: true, encoding: .utf8)
        try (layers + naming + "adopt: { packages: [\".\", \"Packages/*\"] }\n").write(toFile: packages, atomically: true, encoding: .utf8)
        let specCount = try FileManager.default.contentsOfDirectory(atPath: folder + "/Packages").count + 1

        func targets(_ manifest: String) async throws -> Int {
            try await WorkspaceLoader().load(path: manifest).workspace.targets.filter { $0.role != .external }.count
        }
        let timed = try await SideBySide.measure(iterations: iterations, { try await targets(specs) }, { try await targets(packages) })
        precondition(timed.results.0 == timed.results.1, "the specs give \(timed.results.0) targets, the packages \(timed.results.1)")
        let specsMedian = timed.first.median, packagesMedian = timed.second.median

        print("## Adopt mode over XcodeGen specs (release build, median of \(iterations) rounds after a warm-up)")
        print("")
        print(
            "\(modules) modules, \(timed.results.0) targets: \(specCount) project.yml files (each including the shared settings) or the same workspace's Package.swift files."
        )
        print("")
        print("| load | median | per file |")
        print("|---|---:|---:|")
        print("| through `adopt.xcodegen` (\(specCount) specs) | \(specsMedian.formatted) | \((specsMedian / specCount).formatted) |")
        print(
            "| through `adopt.packages` (\(modules) Package.swift, static reader) | \(packagesMedian.formatted) | \((packagesMedian / modules).formatted) |"
        )
        print("")
        print("Specs / packages, per round: \(timed.ratioSummary).")
        print("")
    }
}
