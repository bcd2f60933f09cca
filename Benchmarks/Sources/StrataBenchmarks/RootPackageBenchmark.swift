import Foundation
import StrataLexer
import StrataSynthetic
import StrataWorkspace

/// Loading one root Package.swift that declares every target of a large workspace (the layout
/// of apps with a 120-target root package, scaled up): the whole adopt-mode load, and, side by
/// side on the same manifest, finding each target's line and column by counting from the start
/// of the file (as Strata did) and through the line index built once.
enum RootPackageBenchmark {
    static func run(modules: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-root-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        let names = Set(synthetic.modules.map(\.name))
        var lines = [
            "// swift-tools-version: 6.0", "import PackageDescription", "", "let package = Package(", "    name: \"Root\",", "    targets: [",
        ]
        var targets = 0
        for module in synthetic.modules {
            let dependencies = module.dependencies.filter { names.contains($0) }.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("        .target(name: \"\(module.name)\", dependencies: [\(dependencies)], path: \"Sources/\(module.name)\"),")
            lines.append(
                "        .testTarget(name: \"\(module.name)Tests\", dependencies: [\"\(module.name)\"], path: \"Tests/\(module.name)Tests\"),")
            targets += 2
            if module.hasInterface {
                lines.append("        .target(name: \"\(module.name)Interface\", path: \"Sources/\(module.name)Interface\"),")
                targets += 1
            }
        }
        lines += ["    ]", ")", ""]
        let manifest = lines.joined(separator: "\n")
        try manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try "name: Root\nlayers:\n  - name: all\n    patterns: [\"*\"]\nadopt: {}\n".write(
            toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)

        let load = try await Measurement.measure("load", iterations: iterations) {
            _ = try await WorkspaceLoader().load(path: folder)
        }

        // The positions every target's location needs: one per `.target(name:` in the file.
        let source = SourceText(manifest)
        let offsets = Lexer.tokenize(source).tokens.filter { source.token($0, is: "target") || source.token($0, is: "testTarget") }
            .map(\.range.lowerBound)
        var sink = 0
        let fromStart = Measurement.measure("from the start", iterations: iterations) {
            for offset in offsets { sink &+= source.lineAndColumn(of: offset).line }
        }
        let indexed = Measurement.measure("line index", iterations: iterations) {
            let index = LineIndex(source)
            for offset in offsets { sink &+= index.position(of: offset).line }
        }
        precondition(sink != 0)

        print("## One root Package.swift with every target (release build)")
        print("")
        print("\(modules) modules as \(targets) targets in one Package.swift of \(manifest.utf8.count / 1024) KB.")
        print("")
        print("| work | median of \(iterations) |")
        print("|---|---:|")
        print("| adopt-mode load (read statically, locate every target, build the graph) | \(load.median.formatted) |")
        print("| \(offsets.count) target positions, counting lines from the start each time (before) | \(fromStart.median.formatted) |")
        print("| the same positions through the line index, built once (now) | \(indexed.median.formatted) |")
        print("")
        print("Line index: **\(Int((fromStart.median.milliseconds / max(indexed.median.milliseconds, 0.001)).rounded()))× faster** on the positions.")
        print("")
    }
}
