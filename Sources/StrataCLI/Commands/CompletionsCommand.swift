import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem

/// `strata completions`: the shell completion script ArgumentParser makes from strata's own
/// commands, printed or installed where the shell loads it by itself.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print or install the completion script for bash, zsh or fish.",
        discussion: """
            The script completes strata's commands, options and their values. --install writes it \
            where the shell finds it without further setup: bash-completion's folder \
            ($XDG_DATA_HOME/bash-completion/completions, by default ~/.local/share/…), fish's \
            ($XDG_CONFIG_HOME/fish/completions), and for zsh ~/.local/share/zsh/site-functions, \
            which must be on $fpath (it says how). The shell is $SHELL's unless one is given.
            Exit status: 0 printed or installed, 2 an unknown shell or a folder that cannot be written.

            Examples:
              Install completions for your shell:
                strata completions --install
              Print the zsh script, to install it yourself:
                strata completions zsh
            """
    )

    @Argument(help: ArgumentHelp("The shell: bash, zsh or fish (default: $SHELL's).", valueName: "shell"))
    var shell: String?

    @Flag(help: "Write the script where the shell loads it, instead of printing it.")
    var install = false

    @Option(help: ArgumentHelp("With --install: write into this folder instead of the shell's own.", valueName: "folder"))
    var directory: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let kind = CompletionShell.named(shell ?? environment["SHELL"].map { ($0 as NSString).lastPathComponent } ?? "") else {
            throw InputErrors(
                .inputError(
                    "unknown-shell",
                    shell.map { "'\($0)' is not a shell strata completes" } ?? "no shell given, and $SHELL names none strata completes",
                    at: nil, hint: "give one of bash, zsh, fish: 'strata completions bash'"))
        }
        var script = StrataCommand.completionScript(for: kind)
        if !script.hasSuffix("\n") { script += "\n" }
        guard install else {
            Terminal.standardOutput(script)
            return
        }
        let place = InstallPlace(shell: kind, environment: environment, directory: directory)
        do throws(AtomicFileWriter.WriteError) {
            try AtomicFileWriter.write(Data(script.utf8), to: place.path, creatingFolder: true)
        } catch {
            throw InputErrors(
                .inputError("write-failed", error.description, at: .file(error.path), hint: "give a folder you can write with --directory"))
        }
        Terminal.standardError("strata: installed \(kind.rawValue) completions in \(place.path)")
        if let activation = place.activation { Terminal.standardError("    hint: \(activation)") }
    }

    /// Where each shell loads completion scripts from by itself, for the user alone.
    struct InstallPlace {
        let path: String
        /// What the user still has to do, if anything.
        let activation: String?

        init(shell: CompletionShell, environment: [String: String], directory: String?) {
            let home = environment["HOME"] ?? NSHomeDirectory()
            let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            switch shell {
            case .bash:
                path = (directory ?? data + "/bash-completion/completions") + "/strata"
                activation = directory == nil ? "new bash sessions load it (with the bash-completion package); this one: source \(path)" : nil
            case .zsh:
                let folder = directory ?? data + "/zsh/site-functions"
                path = folder + "/_strata"
                activation = "unless \(folder) is on $fpath, add to ~/.zshrc before compinit: fpath=(\(folder) $fpath)"
            case .fish:
                path = (directory ?? config + "/fish/completions") + "/strata.fish"
                activation = directory == nil ? nil : "fish loads completions from ~/.config/fish/completions"
            default:
                path = (directory ?? data) + "/strata-completions"
                activation = nil
            }
        }
    }
}

extension CompletionShell {
    /// The shell called `name` (bash, zsh or fish), if strata completes it.
    static func named(_ name: String) -> CompletionShell? {
        CompletionShell.allCases.first { $0.rawValue == name.lowercased() }
    }
}
