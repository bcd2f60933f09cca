import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataReport
import StrataSynthetic
import StrataWorkspace

/// `strata synthesize`: write a synthetic layered workspace, for benchmarks and experiments.
struct SynthesizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Write a synthetic layered workspace (strata.yml) with N modules, for benchmarks.",
        discussion: """
            Examples:
              A 1,000-module workspace, one package per module:
                strata synthesize --modules 1000 --packages --output /tmp/synthetic
            """
    )

    @Option(help: "Number of modules.")
    var modules: Int = 500

    @Option(help: "Random seed; the same seed gives the same workspace.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Folder to write the workspace into (created if missing).", valueName: "folder"))
    var output: String

    @Flag(help: "Also write adopt-mode packages under Packages/ (one Package.swift per module).")
    var packages = false

    @Option(help: ArgumentHelp("Write this many Swift files per module (generate mode), importing what each target declares.", valueName: "count"))
    var filesPerModule: Int = 0

    func validate() throws {
        guard modules >= 1 else { throw ValidationError("--modules must be at least 1") }
        guard filesPerModule >= 0 else { throw ValidationError("--files-per-module cannot be negative") }
        if packages && filesPerModule > 0 {
            throw ValidationError("--files-per-module writes generate-mode sources; it cannot be used with --packages")
        }
    }

    func run() throws {
        let folder = WorkspaceLoader.absolutePath(output)
        let workspace = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: seed))
        var written = (files: 0, bytes: 0)
        do throws(AtomicFileWriter.WriteError) {
            try workspace.write(to: folder, packages: packages)
            if filesPerModule > 0 { written = try workspace.writeSources(to: folder, filesPerModule: filesPerModule) }
        } catch {
            throw InputErrors(
                .inputError(
                    "write-failed", error.description, at: .file(error.path),
                    hint: "choose an --output folder that can be created and written"))
        }
        let sources = written.files > 0 ? " and \(written.files) Swift files (\(written.bytes / (1024 * 1024)) MB)" : ""
        Terminal.standardError("strata: wrote a synthetic workspace with \(modules) modules\(sources) to \(PathDisplay()(folder))")
    }
}
