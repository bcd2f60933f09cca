import ArgumentParser
import Foundation
import StrataBench
import StrataDiagnostics
import StrataModel

/// `strata bench`: the architecture benchmark.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "The architecture benchmark: what a monolith and layered apps cost to build, link, ship and launch.",
        discussion: """
            'strata bench generate' writes the apps of the study: a monolith, and a four-layer, a three-layer \
            (domain and service merged) and an interface-separated app, each with static and with dynamic \
            libraries, at each module count. Every app holds the same code; only where it lies differs. \
            Each app is a workspace of its own whose packages 'strata generate' writes (docs/BENCH.md).
            """,
        subcommands: [BenchGenerateCommand.self]
    )
}

struct BenchGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the benchmark's apps as SwiftPM workspaces into a folder.",
        discussion: """
            A folder per app (monolith, four-layer-static-30, …) with its strata.yml, its sources and the \
            Package.swift files generated from it, and bench.json, which 'strata bench run' reads. The \
            folder is written beside --out and put in its place at the end: a failed run changes nothing. \
            An --out that holds anything but an earlier benchmark is refused.
            Exit status: 0 written, 2 bad input.
            """
    )

    @Option(help: ArgumentHelp("The folder to write the apps into (replaced if it holds an earlier benchmark).", valueName: "folder"))
    var out: String

    @Option(help: ArgumentHelp("Shapes, comma-separated: monolith, four-layer, three-layer, interface-separated.", valueName: "shapes"))
    var shapes = BenchMatrix.studyShapes.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("Linkings, comma-separated: static, dynamic.", valueName: "linkings"))
    var linking = BenchMatrix.Linking.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("Module counts, comma-separated (implementation modules; at least 4).", valueName: "counts"))
    var modules = BenchMatrix.studyModuleCounts.map(String.init).joined(separator: ",")

    @Option(help: "Enums, protocols and implementations per app: this many of each.")
    var types = BenchMatrix.studyTypes

    @Option(help: "Properties and functions of each protocol and implementation.")
    var members = BenchMatrix.studyMembers

    @Option(help: "Multiply --types by this (0 < scale ≤ 1) for a shorter run; every module keeps some code.")
    var scale = 1.0

    func matrix() throws -> BenchMatrix {
        func list<Value>(_ text: String, _ option: String, _ parse: (String) -> Value?) throws -> [Value] {
            try text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { name in
                guard let value = parse(name) else { throw ValidationError("\(option): '\(name)' is not one of the choices (see --help)") }
                return value
            }
        }
        let matrix = BenchMatrix(
            shapes: try list(shapes, "--shapes", BenchMatrix.Shape.init(rawValue:)),
            linkings: try list(linking, "--linking", BenchMatrix.Linking.init(rawValue:)),
            moduleCounts: try list(modules, "--modules") { Int($0) }, types: types, members: members, scale: scale)
        if let problem = matrix.problem { throw ValidationError(problem) }
        return matrix
    }

    func validate() throws {
        _ = try matrix()
    }

    func run() async throws {
        let matrix = try matrix()
        let folder = WorkspaceLoader.absolutePath(out)
        let apps = matrix.cells.count
        var written = 0
        do throws(InputErrors) {
            let index = try await BenchGenerator(matrix: matrix).write(to: folder) { app in
                written += 1
                Terminal.standardError("strata: [\(written)/\(apps)] \(app.cell): \(app.summary)")
            }
            Terminal.standardError("strata: wrote \(index.apps.count) apps to \(PathDisplay()(folder)); measure them with: strata bench run \(out)")
        } catch {
            Terminal.standardError(error.diagnostics)
            throw ExitCode(2)
        }
    }
}
