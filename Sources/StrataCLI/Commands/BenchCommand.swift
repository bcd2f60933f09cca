import ArgumentParser
import Foundation
import StrataBench
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataReport
import StrataWorkspace
import Synchronization

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

            Examples:
              Write a small study, then build and measure it:
                strata bench generate --out bench --scale 0.1
                strata bench run bench --format json --output results.json
            """,
        subcommands: [BenchGenerateCommand.self, BenchRunCommand.self, BenchReportCommand.self]
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

            Examples:
              Four-layer apps of 30 and 300 modules:
                strata bench generate --out bench --shapes four-layer --modules 30,300
              A tenth of the study's code, for a quick try:
                strata bench generate --out bench --scale 0.1
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

    @Option(help: "Multiply --types and --members by this (0 < scale ≤ 1) for a shorter run; every module keeps some code.")
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
        let index = try await BenchGenerator(matrix: matrix).write(to: folder) { app in
            written += 1
            Terminal.standardError("strata: [\(written)/\(apps)] \(app.cell): \(app.summary)")
        }
        Terminal.standardError("strata: wrote \(index.apps.count) apps to \(PathDisplay()(folder)); measure them with: strata bench run \(out)")
    }
}

struct BenchRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Build, run and measure the apps 'strata bench generate' wrote.",
        discussion: """
            For each app and configuration: clean builds, then builds after editing one file of a \
            bottom-layer module and one of a top-layer module (each edit and its revert); then, in release, \
            the executable's size with the app's own shared libraries, and runs of main (after one that \
            warms the page cache): wall time, time to main and peak memory. Figures are medians with their \
            range; none is reported from fewer runs than asked for. The apps are measured one after the \
            other on this machine: leave it otherwise idle. Results go to standard output (or --output) as \
            Markdown tables shaped like the study's, as JSON, or as an HTML page with charts; progress and the time left to standard error.
            Exit status: 0 measured, 1 an app did not build or run, 2 bad input.

            Examples:
              Measure every app with five builds each, saving JSON:
                strata bench run bench --repetitions 5 --format json --output results.json
              Continue a run that was stopped:
                strata bench run bench --resume
            """
    )

    @Argument(help: ArgumentHelp("The folder 'strata bench generate' wrote.", valueName: "folder"))
    var folder: String

    @Option(help: "Clean builds per app and configuration, and at least as many builds after each edit.")
    var repetitions = 3

    @Option(help: "Timed runs of each app (after one untimed run).")
    var launches = 20

    @Option(help: ArgumentHelp("Configurations to build, comma-separated: release, debug.", valueName: "configurations"))
    var configuration = BenchConfiguration.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("Measure only these apps (folder names, comma-separated).", valueName: "apps"))
    var only: String?

    @Flag(help: "Keep the figures of the apps an interrupted run with the same options measured (its \(BenchRun.measuredName)); measure the rest.")
    var resume = false

    @Option(help: "markdown, json, or html (one self-contained page with a chart per figure).")
    var format: BenchOutputFormat = .markdown

    @Option(name: [.short, .long], help: ArgumentHelp("Write the results to this file instead of standard output.", valueName: "file"))
    var output: String?

    func options() throws -> BenchRun.Options {
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
        guard launches >= 1 else { throw ValidationError("--launches must be at least 1") }
        let configurations = try configuration.split(separator: ",").map { name in
            guard let value = BenchConfiguration(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--configuration: '\(name)' is neither release nor debug")
            }
            return value
        }
        guard !configurations.isEmpty else { throw ValidationError("--configuration names no configuration") }
        let apps = only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        return BenchRun.Options(repetitions: repetitions, launches: launches, configurations: configurations, only: apps)
    }

    func validate() throws {
        _ = try options()
    }

    func run() async throws {
        let session = BenchSession(root: WorkspaceLoader.absolutePath(folder), options: try options(), resume: resume)
        let bar = ProgressBar()
        let outcome: BenchSession.Outcome
        do {
            outcome = try await session.measure { path in
                Terminal.standardError("strata: note: no earlier run to resume in \(PathDisplay()(path)); measuring every app")
            } progress: {
                bar.show($0)
            }
            bar.finish()
        } catch let error as BenchError {
            bar.finish()
            Terminal.standardError("strata: error: " + error.description)
            throw ExitCode(1)
        } catch {
            bar.finish()
            throw error
        }
        if outcome.kept > 0 {
            Terminal.standardError("strata: kept the figures of \(outcome.kept) apps measured before (\(BenchRun.measuredName))")
        }
        try format.write(outcome.results, to: output)
    }
}

/// `strata bench report`: the results of an earlier run (its JSON) in another format.
struct BenchReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the results 'strata bench run --format json' saved as Markdown, HTML or JSON again.",
        discussion: """
            Exit status: 0 written, 2 bad input.

            Examples:
              Saved results as an HTML page with charts:
                strata bench report results.json --format html --output results.html
            """
    )

    @Argument(help: ArgumentHelp("The JSON results of 'strata bench run'.", valueName: "results.json"))
    var results: String

    @Option(help: "markdown, json, or html.")
    var format: BenchOutputFormat = .markdown

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let decoded = try BenchResults.read(
            at: WorkspaceLoader.absolutePath(results), describedAs: "the results in '\(results)'",
            hint: "give the file 'strata bench run --format json -o FILE' wrote")
        try format.write(decoded, to: output)
    }
}

enum BenchOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case markdown
    case json
    case html

    /// Writes `results` in this format to `output`, or to standard output.
    func write(_ results: BenchResults, to output: String?) throws {
        let text: String
        switch self {
        case .markdown: text = BenchReport.markdown(results)
        case .json: text = BenchReport.json(results)
        case .html: text = BenchReport.html(results)
        }
        guard let output else {
            Terminal.standardOutput(text)
            return
        }
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: WorkspaceLoader.absolutePath(output))
        } catch {
            throw InputErrors(
                .inputError("unwritable-output", error.description, at: nil, hint: "check that the folder exists and is writable"))
        }
        Terminal.standardError("strata: wrote \(output)")
    }
}

/// The run's progress on standard error: one line redrawn in place on a terminal, a line per
/// step otherwise (a CI log).
final class ProgressBar: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    /// Whether a line is drawn that a newline must end; shown from the run's tasks.
    private let drawn = Mutex(false)

    func show(_ progress: BenchRun.Progress) {
        let width = 24
        let filled = progress.total == 0 ? width : width * progress.done / progress.total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let left = progress.remaining.map { " — about \(Self.describe($0)) left" } ?? ""
        let line = "[\(bar)] \(progress.done)/\(progress.total) \(progress.step)\(left)"
        if isTerminal {
            drawn.withLock { drawn in
                FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
                drawn = true
            }
        } else {
            Terminal.standardError(line)
        }
    }

    func finish() {
        drawn.withLock { drawn in
            if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
            drawn = false
        }
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 90 { return "\(seconds) s" }
        if seconds < 5_400 { return "\((seconds + 30) / 60) min" }
        return String(format: "%.1f h", Double(seconds) / 3_600)
    }
}
