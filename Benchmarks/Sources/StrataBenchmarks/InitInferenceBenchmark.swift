import Foundation
import StrataCheck
import StrataInit
import StrataSynthetic
import StrataWorkspace

/// `strata init`'s inference (issue 22's bar: ≥ 95% of targets in their true layer, up to
/// renaming, and no findings on a clean workspace) on synthetic workspaces written as one package
/// per module, whose true layers the generator knows: with names that carry the layer
/// (`Service00042`), with names that do not (`Module00042`, only the graph tells) and with names
/// whose words mislead (`PaymentsStore00042`: families and nouns that span layers). And how long
/// planning takes, side by side in each round with one load of the same packages under their
/// hand-written strata.yml.
enum InitInferenceBenchmark {
    static func run(sizes: [Int], seeds: [UInt64], iterations: Int) async throws {
        print("## strata init: inferred layers (release build)")
        print("")
        print(
            "Targets in their true layer (implementation, interface, mocks; proposed layers matched one to one with true ones), layers proposed, findings of the first check (no sources)."
        )
        print("")
        print("| modules | names | seeds | targets right (min – median) | layers | findings |")
        print("|---:|---|---:|---|---|---:|")
        for size in sizes {
            for naming in ["layer prefix", "neutral", "misleading"] {
                var shares: [Double] = []
                var layerCounts: Set<Int> = []
                var findings = 0
                for seed in seeds {
                    let synthetic = SyntheticWorkspace(
                        configuration: .init(
                            moduleCount: size, seed: seed, neutralNames: naming == "neutral", misleadingNames: naming == "misleading"))
                    let folder = try write(synthetic)
                    defer { try? FileManager.default.removeItem(atPath: folder) }
                    try FileManager.default.removeItem(atPath: folder + "/strata.yml")
                    let plan = try await InitPlanner.plan(root: folder)
                    let truth = Dictionary(uniqueKeysWithValues: synthetic.modules.map { ($0.name, SyntheticWorkspace.layers[$0.layer]) })
                    let weights = Dictionary(uniqueKeysWithValues: synthetic.modules.map { ($0.name, 1 + ($0.hasInterface ? 2 : 0)) })
                    shares.append(LayeringAccuracy(proposed: plan.proposal.layerOfModule, truth: truth) { weights[$0] ?? 1 }.share)
                    layerCounts.insert(plan.proposal.layers.count)
                    let report = await WorkspaceCheck.run(
                        path: folder + "/strata.yml", manifestBytes: Array(InitManifestWriter.manifest(plan).utf8),
                        sources: SourceOptions(scan: false, useCache: false))
                    findings += report.findings.count + (report.inputFailed ? 1 : 0)
                }
                shares.sort()
                print(
                    "| \(size) | \(naming) | \(seeds.count) | \(percent(shares.first!)) – \(percent(shares[shares.count / 2])) | \(layerCounts.sorted().map(String.init).joined(separator: ", ")) | \(findings) |"
                )
            }
        }
        print("")

        // Time: planning (two loads and the inference) against one load, in the same rounds.
        let size = sizes.last!
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: size, seed: 1))
        let folder = try write(synthetic)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = folder + "/strata.yml"
        let given = try Data(contentsOf: URL(fileURLWithPath: manifest))
        try FileManager.default.removeItem(atPath: manifest)
        let clock = ContinuousClock()
        var plans: [Duration] = []
        var loads: [Duration] = []
        for round in 0...iterations {
            var start = clock.now
            _ = try await InitPlanner.plan(root: folder)
            let planned = clock.now - start
            start = clock.now
            _ = try await WorkspaceLoader().load(manifestAt: manifest, bytes: Array(given))
            let loaded = clock.now - start
            if round > 0 {
                plans.append(planned)
                loads.append(loaded)
            }
        }
        let ratios = zip(plans, loads).map { $0.milliseconds / max($1.milliseconds, 0.001) }.sorted()
        print(
            "Planning \(size) modules (\(size) packages): median \(Measurement(name: "", samples: plans).median.formatted), one load of the same packages \(Measurement(name: "", samples: loads).median.formatted); plan / load per round: median \(String(format: "%.2f", ratios[ratios.count / 2]))×, range \(String(format: "%.2f", ratios.first!))–\(String(format: "%.2f", ratios.last!))×."
        )
        print("")
    }

    static func write(_ synthetic: SyntheticWorkspace) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-init-\(UUID().uuidString)").path
        try synthetic.write(to: folder, packages: true)
        return folder
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
}
