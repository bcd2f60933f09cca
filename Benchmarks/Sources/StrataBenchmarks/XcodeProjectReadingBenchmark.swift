import Foundation
import StrataGenerate
import StrataProjectFormat
import StrataSynthetic
import StrataWorkspace
import StrataXcodeProject

/// Adopt mode over an Xcode project (target: a project of 5,000 targets loaded in ≤ 0.3 s end
/// to end): the synthetic workspace's targets written as one `project.pbxproj` the way Xcode 16
/// writes them (a synchronized folder of sources per target, a target dependency with its
/// container proxy and a Frameworks phase entry per edge, a configuration list per target), loaded
/// through `adopt.xcode`, and side by side in each round the same workspace loaded through its
/// Package.swift files (the static reader), which give the same graph.
enum XcodeProjectReadingBenchmark {
    static func run(modules: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-xcode-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.generateModeManifest(layout: .packages).write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        let generated = try await WorkspaceLoader().load(path: folder).workspace
        try WorkspaceGenerator.plan(for: generated).apply(force: false)
        for target in generated.targets {
            guard let directory = target.sources?.directory else { continue }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let project = folder + "/Synthetic.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let text = SyntheticXcodeProject.projectFile(for: generated, in: folder)
        try text.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)

        let naming = "naming: { interface: \"{module}Interface\", mocks: \"{module}Mocks\", tests: \"{module}Tests\" }\n"
        let layers = "layers:\n  - { name: all, patterns: [\"*\"] }\n"
        let xcode = folder + "/strata-xcode.yml", packages = folder + "/strata-packages.yml"
        try (layers + naming + "adopt: { packages: [], xcode: [Synthetic.xcodeproj] }\n").write(toFile: xcode, atomically: true, encoding: .utf8)
        try (layers + naming + "adopt: { packages: [\".\", \"Packages/*\"] }\n").write(toFile: packages, atomically: true, encoding: .utf8)

        /// The targets (other than external ones) and the edges a load gives.
        func shape(_ manifest: String) async throws -> [Int] {
            let workspace = try await WorkspaceLoader().load(path: manifest).workspace
            return [workspace.targets.filter { $0.role != .external }.count, workspace.dependencyCount]
        }
        let timed = try await SideBySide.measure(iterations: iterations, { try await shape(xcode) }, { try await shape(packages) })
        precondition(timed.results.0 == timed.results.1, "the project gives \(timed.results.0) targets and edges, the packages \(timed.results.1)")

        print("## Adopt mode over an Xcode project (release build, median of \(iterations) rounds after a warm-up)")
        print("")
        print(
            "\(modules) modules: one project.pbxproj of \(timed.results.0[0]) targets and \(timed.results.0[1]) edges (\(text.utf8.count >> 10) KiB), or the same workspace's Package.swift files."
        )
        print("")
        print("| load | median |")
        print("|---|---:|")
        print("| through `adopt.xcode` | \(timed.first.median.formatted) |")
        print("| through `adopt.packages` (\(modules) Package.swift, static reader) | \(timed.second.median.formatted) |")
        print("")
        print("Project / packages, per round: \(timed.ratioSummary).")
        print("")
        try printPhases(project: project, iterations: iterations)
    }

    /// Where the project's own reading goes: the parse and index of its objects, and the whole
    /// `XcodeProject` (the parse included), each the median of its own rounds. The rest of a
    /// load is the adopt-mode assembly of the graph, which the packages share.
    static func printPhases(project: String, iterations: Int) throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: project + "/project.pbxproj")))
        let parse = try Measurement.measure("parse", iterations: iterations) { _ = try ProjectObjects(path: project, bytes: bytes) }
        let read = try Measurement.measure("read", iterations: iterations) {
            _ = try XcodeProject(path: project, files: LocalFiles(), configuration: "Debug")
        }
        print("| step of the project's load | median |")
        print("|---|---:|")
        print("| parse and index the objects | \(parse.median.formatted) |")
        print("| read the targets (`XcodeProject`, with the parse) | \(read.median.formatted) |")
        print("")
    }
}
