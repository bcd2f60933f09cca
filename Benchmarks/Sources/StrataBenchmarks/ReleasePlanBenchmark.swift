import Foundation
import StrataGit
import StrataManifest
import StrataPackageIdentity
import StrataRelease
import StrataSynthetic
import StrataWorkspace

/// Planning a release train over the synthetic workspace distributed through the registry:
/// every module released at 1.0.0 (a tag each, on one commit), then a commit changing 50
/// modules of the bottom layers, so most of the graph's dependents are in the plan. API
/// comparisons are left out (`--bump major`, which also makes every direct dependent follow);
/// what is measured is loading the workspace and the record, reading the tags and the commits
/// since them, and the planner.
enum ReleasePlanBenchmark {
    static func run(modules: Int, changed: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-release-plan-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.write(to: folder)
        let scopes = SyntheticWorkspace.layers.map { "\($0): s-\($0)" }.joined(separator: ", ")
        try AffectedBenchmark.append(
            folder + "/strata.yml", "generate: { distribution: registry }\nregistry: { url: http://127.0.0.1:9, scopes: { \(scopes) } }\n")

        // Every module released at 1.0.0, requiring 1.0.0 of each module it uses.
        let workspace = try await WorkspaceLoader().load(path: folder).workspace
        var record = VersionRecord(path: folder + "/" + VersionRecord.fileName)
        let one = SemanticVersion("1.0.0")!
        for module in workspace.modules {
            let used = Set(module.targets.values.flatMap { workspace.dependencies[$0] }.compactMap { workspace.targets[$0.target].module })
            record.entries[module.name] = .init(
                version: one, requires: Dictionary(uniqueKeysWithValues: used.subtracting([module.name]).map { ($0, one) }))
        }
        try record.rendered(order: workspace.modules.map(\.name)).write(toFile: record.path, atomically: true, encoding: .utf8)
        for module in synthetic.modules {
            try "// \(module.name)\n".write(toFile: try file(of: module.name, in: folder), atomically: true, encoding: .utf8)
        }
        try AffectedBenchmark.git(["init", "--quiet", "--initial-branch=main"], in: folder)
        try AffectedBenchmark.commit("released", in: folder)
        let head = try AffectedBenchmark.git(["rev-parse", "HEAD"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        let refs = synthetic.modules.map { "create refs/tags/\($0.name)/1.0.0 \(head)\n" }.joined()
        try refs.write(toFile: folder + "/.refs", atomically: true, encoding: .utf8)
        try AffectedBenchmark.git(
            ["update-ref", "--stdin"], in: folder, executable: "/bin/sh", arguments: ["-c", "git update-ref --stdin < .refs && rm .refs"])

        // A change to `changed` modules of the bottom layers, whose dependents fan out upwards.
        let bottom = synthetic.modules.filter { $0.layer >= 2 }.prefix(changed)
        for module in bottom { try AffectedBenchmark.append(try file(of: module.name, in: folder), "// changed\n") }
        try AffectedBenchmark.commit("a change to \(bottom.count) modules", in: folder)

        // The parts, to see where the time goes.
        let load = try await Measurement.measure("load", iterations: iterations) { _ = try await WorkspaceLoader().load(path: folder) }
        let recordRead = Measurement.measure("record", iterations: iterations) { _ = try? VersionRecord.load(besideManifest: folder + "/strata.yml") }
        let repository = try await GitRepository.open(at: folder)
        let folders = Dictionary(uniqueKeysWithValues: workspace.modules.map { ($0.name, "Packages/\($0.name)") })
        var history: ReleaseHistory?
        let historyRead = try await Measurement.measure("history", iterations: iterations) {
            history = try await ReleaseHistory.read(repository, folders: folders)
        }
        let changes = history!.entries.filter { $0.value.hasChanges }.mapValues { _ in ReleasePlanner.Change(api: nil) }
        var dependencies: [String: [String]] = [:]
        for (module, entry) in record.entries { dependencies[module] = Array(entry.requires.keys) }
        let planner = ReleasePlanner(
            modules: workspace.modules.map(\.name), dependencies: dependencies, versions: record, changes: changes,
            overrides: changes.mapValues { _ in .major })
        let planning = Measurement.measure("planner", iterations: iterations) { _ = planner.plan() }

        var steps = 0
        let query = ReleaseTrain(path: folder, bump: .major, dryRun: true)
        let plan = try await Measurement.measure("plan", iterations: iterations) {
            let report = try await query.run()
            steps = report.plan.steps.count
        }
        let binary = AffectedBenchmark.strataBinary.map { path in
            Measurement.measure("binary", iterations: iterations) {
                _ = try? AffectedBenchmark.git(
                    [], in: folder, executable: path, arguments: ["release", "--dry-run", "--bump", "major", "--format", "json"])
            }
        }
        print("## `strata release --dry-run` planning (release build, median of \(iterations)+ runs after one warm-up)")
        print("")
        print(
            "\(modules) modules distributed through the registry, each tagged at 1.0.0; a commit changes \(bottom.count) core and shared modules, and the plan releases \(steps) modules (`--bump major`: no API comparisons)."
        )
        print("")
        print("| measurement | median | min |")
        print("|---|---:|---:|")
        print("| loading the workspace (strata.yml, 5,000 modules) | \(load.median.formatted) | \(load.minimum.formatted) |")
        print("| reading strata.versions.yml | \(recordRead.median.formatted) | \(recordRead.minimum.formatted) |")
        print(
            "| release tags and the commits since them (git for-each-ref, git log) | \(historyRead.median.formatted) | \(historyRead.minimum.formatted) |"
        )
        print("| the planner | \(planning.median.formatted) | \(planning.minimum.formatted) |")
        print("| plan in process (all of the above, and what each module uses) | **\(plan.median.formatted)** | \(plan.minimum.formatted) |")
        if let binary {
            print(
                "| `strata release --dry-run --bump major --format json` (the binary, end to end) | **\(binary.median.formatted)** | \(binary.minimum.formatted) |"
            )
        }
        print("")
    }

    /// A file in the module's package folder (created), whose change is a change of the module.
    static func file(of module: String, in folder: String) throws -> String {
        let directory = "\(folder)/Packages/\(module)/Sources/\(module)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/\(module).swift"
    }
}
