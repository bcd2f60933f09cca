public import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataGraphExport
import StrataRules
import StrataWorkspace

extension GraphFormat: ExpressibleByArgument {}
extension GraphSelection.Direction: ExpressibleByArgument {}

/// `strata graph`: the module graph as DOT, Mermaid, JSON or one interactive HTML page.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the module graph: dot, mermaid, json, or one self-contained interactive HTML page.",
        discussion: """
            Layers are drawn as bands (apps on top, external packages at the bottom), interface targets \
            dashed, mocks dotted and grey, tests white; edges and targets with findings of the graph rules \
            are red and carry the rule id. The JSON schema is in docs/GRAPH.md.
            Exit status: 0 drawn (whatever the findings), 2 the input could not be read or the selection names nothing.

            Examples:
              One interactive page of the whole graph:
                strata graph --format html --output graph.html
              What a module uses, two steps deep, as Mermaid:
                strata graph --focus Spacesuit --dependencies --depth 2 --format mermaid
              The graph as an image with Graphviz:
                strata graph --no-tests | dot -Tsvg -o graph.svg
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(help: "Output format: \(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: GraphFormat = .dot

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Draw only this module (or target) and what it is connected to.", valueName: "module"))
    var focus: String?

    @Option(help: ArgumentHelp("With --focus: how many dependencies away to go (default: all).", valueName: "n"))
    var depth: Int?

    @Flag(help: "With --focus: only what depends on the module.")
    var dependents = false

    @Flag(help: "With --focus: only what the module depends on.")
    var dependencies = false

    @Option(name: .customLong("layer"), help: ArgumentHelp("Draw only the targets of this layer (repeatable).", valueName: "layer"))
    var layers: [String] = []

    @Flag(name: .customLong("no-tests"), help: "Leave out test targets and the mocks targets they use.")
    var noTests = false

    @Flag(name: .customLong("no-external"), help: "Leave out external package products.")
    var noExternal = false

    @OptionGroup var xcodeConfiguration: XcodeConfigurationOption

    func validate() throws {
        if dependents && dependencies {
            throw ValidationError("--dependents and --dependencies exclude each other; leave both out for both directions")
        }
        if focus == nil && (depth != nil || dependents || dependencies) {
            throw ValidationError("--depth, --dependents and --dependencies need --focus MODULE")
        }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() async throws {
        var selection = GraphSelection()
        selection.focus = focus
        selection.depth = depth
        selection.direction = dependents ? .dependents : dependencies ? .dependencies : .both
        selection.layers = layers
        selection.includeTests = !noTests
        selection.includeExternals = !noExternal
        let view: GraphView
        do throws(InputErrors) {
            var loader = WorkspaceLoader()
            loader.xcodeConfiguration = xcodeConfiguration.name
            let loaded = try await loader.load(path: path)
            let findings = try ArchitectureChecker(manifest: loaded.workspace.manifest).check(loaded)
            view = try GraphView(workspace: loaded.workspace, findings: findings, selection: selection)
        } catch {
            throw error.inPresentationOrder()
        }
        let parts = format.renderParts(view)
        LeftForExit.keep(view)
        LeftForExit.keep(parts)
        if let note = format.note(forEdges: view.edges.count) { Terminal.standardError("strata: note: " + note) }
        guard let output else {
            for part in parts { FileHandle.standardOutput.write(Data(part)) }
            return
        }
        do {
            try AtomicFileWriter.write(parts: parts, to: WorkspaceLoader.absolutePath(output))
        } catch {
            throw InputErrors(
                .inputError("unwritable-output", "cannot write '\(output)': \(error)", at: nil, hint: "check that the folder exists and is writable"))
        }
        Terminal.standardError(
            "strata: wrote \(output) (\(view.targets.count) targets, \(view.edges.count) dependencies, \(view.findings.count) findings)")
    }
}
