import ArgumentParser
import Foundation
import StrataModel
import StrataSynthetic

/// `strata synthesize`: write a synthetic layered workspace, for benchmarks and experiments.
struct SynthesizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Write a synthetic layered workspace (strata.yml) with N modules, for benchmarks."
    )

    @Option(help: "Number of modules.")
    var modules: Int = 500

    @Option(help: "Random seed; the same seed gives the same workspace.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Folder to write the workspace into (created if missing).", valueName: "folder"))
    var output: String

    @Flag(help: "Also write adopt-mode packages under Packages/ (one Package.swift per module).")
    var packages = false

    func validate() throws {
        guard modules >= 1 else { throw ValidationError("--modules must be at least 1") }
    }

    func run() throws {
        let folder = WorkspaceLoader.absolutePath(output)
        let workspace = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: seed))
        do {
            try workspace.write(to: folder, packages: packages)
        } catch {
            Terminal.standardError("strata: error: \(error)")
            throw ExitCode(2)
        }
        Terminal.standardError("strata: wrote a synthetic workspace with \(modules) modules to \(PathDisplay()(folder))")
    }
}
