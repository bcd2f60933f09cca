import Foundation
import StrataAffected
import StrataGit
import StrataProjectFormat
import StrataSynthetic
import StrataWorkspace

/// `strata affected` on the synthetic workspace in a git repository, with a 20-file change
/// (16 edits, 2 new files, a deletion and a rename across random modules): the computation
/// once the workspace is loaded, the whole query in process, and the `strata` binary.
/// A second change edits strata.yml as well, so the base graph is read from git too.
enum AffectedBenchmark {
    static func run(modules: Int, filesPerModule: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-affected-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.write(to: folder)
        let written = try synthetic.writeSources(to: folder, filesPerModule: filesPerModule)
        try git(["init", "--quiet", "--initial-branch=main"], in: folder)
        try commit("synthetic workspace", in: folder)

        // The change: 20 files in random modules.
        var random = SplitMix64(seed: 5)
        let sources = try git(["ls-files", "Sources"], in: folder).split(separator: "\n").map(String.init)
        var picked = Set<String>()
        while picked.count < 18 { picked.insert(sources.randomElement(using: &random)!) }
        let files = picked.sorted()
        for file in files.prefix(16) { try append(folder + "/" + file, "\n// changed\n") }
        try git(["rm", "--quiet", files[16]], in: folder)
        try git(["mv", files[17], (files[17] as NSString).deletingLastPathComponent + "/Renamed.swift"], in: folder)
        for index in 0..<2 {
            let target = (sources.randomElement(using: &random)! as NSString).deletingLastPathComponent
            try "struct Added\(index) {}\n".write(toFile: "\(folder)/\(target)/Added\(index).swift", atomically: true, encoding: .utf8)
        }
        try commit("a 20-file change", in: folder)

        let clock = ContinuousClock()
        let loadStart = clock.now
        let workspace = try await WorkspaceLoader().load(path: folder).workspace
        let loadTime = clock.now - loadStart
        let changes = try await GitRepository.open(at: folder).changes(from: "HEAD~1", to: "HEAD")
        guard changes.count == 20 else { fatalError("expected 20 changed files, git reports \(changes.count)") }

        var affected = 0
        let analysis = Measurement.measure("analysis", iterations: iterations * 4) {
            let result = AffectedAnalysis(head: workspace, headFiles: LocalFiles(), base: .sameAsHead, changes: changes)
            affected = result.affected.count
        }
        let query = try await Measurement.measure("query", iterations: iterations) {
            let report = try await AffectedQuery(path: folder, base: "HEAD~1").run()
            guard report.analysis.affected.count == affected else { fatalError("the query and the analysis disagree") }
        }
        let binary = strataBinary.map { path in
            Measurement.measure("binary", iterations: iterations) {
                _ = try? git([], in: folder, executable: path, arguments: ["affected", "--base", "HEAD~1"])
            }
        }

        // The same files plus a new dependency in strata.yml: both graphs are loaded and compared.
        try git(["reset", "--quiet", "--soft", "HEAD~1"], in: folder)
        let manifest = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        try manifest.replacingOccurrences(of: "apps:\n", with: "apps:\n  BenchmarkApp: { dependencies: [\(synthetic.modules[0].name)] }\n")
            .write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        try commit("a 20-file change and strata.yml", in: folder)
        let withManifest = try await Measurement.measure("query with strata.yml", iterations: iterations) {
            let report = try await AffectedQuery(path: folder, base: "HEAD~1").run()
            guard report.baseGraph.hasPrefix("read at") else { fatalError("the base graph should be read from git") }
        }

        print("## `strata affected` (release build, median of \(iterations)+ runs after one warm-up)")
        print("")
        print(
            "\(modules) modules, \(workspace.targets.count) targets, \(written.files) files in git; a change of 20 files affects \(affected) targets. Loading the workspace took \(loadTime.formatted)."
        )
        print("")
        print("| measurement | median | min |")
        print("|---|---:|---:|")
        print(
            "| affected set once the workspace is loaded (file owners, declarations, dependents) | **\(analysis.median.formatted)** | \(analysis.minimum.formatted) |"
        )
        print("| whole query in process (git diff, git status, load, analysis) | **\(query.median.formatted)** | \(query.minimum.formatted) |")
        if let binary {
            print("| `strata affected --base HEAD~1` (the binary, end to end) | **\(binary.median.formatted)** | \(binary.minimum.formatted) |")
        }
        print(
            "| whole query, strata.yml changed too (base graph read from git) | **\(withManifest.median.formatted)** | \(withManifest.minimum.formatted) |"
        )
        print("")
    }

    /// `../.build/release/strata` when it has been built (`swift build -c release --product strata`).
    static var strataBinary: String? {
        let path = FileManager.default.currentDirectoryPath + "/.build/release/strata"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static func append(_ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    static func commit(_ message: String, in folder: String) throws {
        try git(["add", "--all"], in: folder)
        try git(["-c", "user.email=bench@strata.invalid", "-c", "user.name=Bench", "commit", "--quiet", "-m", message], in: folder)
    }

    @discardableResult
    static func git(_ gitArguments: [String], in folder: String, executable: String = "/usr/bin/git", arguments: [String]? = nil) throws -> String {
        try RegistryBenchmark.shell(executable, arguments ?? gitArguments, in: folder)
    }
}
