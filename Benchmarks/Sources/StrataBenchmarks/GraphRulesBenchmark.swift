import Foundation
import StrataDiagnostics
import StrataManifest
import StrataRules
import StrataSynthetic
import StrataWorkspace

/// `strata check`'s graph rules on synthetic workspaces of several sizes.
enum GraphRulesBenchmark {
    static func run(moduleCounts: [Int], iterations: Int) async throws {
        print("## Graph rules (release build, median of \(iterations) runs after one warm-up)")
        print("")
        print("| modules | targets | edges | load strata.yml | all rules | slowest rule |")
        print("|---:|---:|---:|---:|---:|---|")
        for count in moduleCounts {
            let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: count, seed: 1))
            // Each module a package: the dynamic leaves are dynamic libraries to their dependents,
            // so static-linked-once has images to follow (in one package everything is static).
            let text = Data(synthetic.generateModeManifest(layout: .packages).utf8)
            let path = "/synthetic/\(count)/strata.yml"

            var workspace: Workspace?
            let load = try await Measurement.measure("load", iterations: iterations) {
                let manifest = try ManifestLoader.parse(data: text, path: path)
                workspace = try await WorkspaceLoader().load(manifest: manifest).workspace
            }
            guard let workspace else { return }
            let checker = try ArchitectureChecker(manifest: workspace.manifest)
            var findings: [Diagnostic] = []
            let all = Measurement.measure("all rules", iterations: iterations) {
                findings = checker.check(workspace)
            }
            guard findings.isEmpty else {
                fatalError(
                    "the synthetic workspace should pass every rule; first of \(findings.count) findings: [\(findings[0].id)] \(findings[0].message)")
            }
            var perRule: [Measurement] = []
            for rule in RuleRegistry.all {
                perRule.append(Measurement.measure(rule.id, iterations: iterations) { _ = rule.check(RuleInput(workspace: workspace)) })
            }
            let slowest = perRule.max { $0.median < $1.median }!
            print(
                "| \(count) | \(workspace.targets.count) | \(workspace.dependencyCount) | \(load.median.formatted) | **\(all.median.formatted)** | \(slowest.name) \(slowest.median.formatted) |"
            )
        }
        print("")
    }
}
