package import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataProcess
import StrataReport

/// How one of Strata's executables runs its command line.
package struct CommandLineTool: Sendable {
    /// The name its messages and suggestions use: `strata`, `strata secrets`, `strata-registry`.
    package var name: String
    /// Whether ArgumentParser's messages start with the name (`strata-registry: error: …`), for a
    /// tool whose output is read beside other services' logs.
    package var namesItsMessages: Bool
    /// Whether Ctrl-C and SIGTERM stop the children Strata started (swift, git) and end the run.
    /// A server that shuts down gracefully on those signals handles them itself.
    package var stopsChildrenOnSignals: Bool

    package init(name: String, namesItsMessages: Bool = false, stopsChildrenOnSignals: Bool = true) {
        self.name = name
        self.namesItsMessages = namesItsMessages
        self.stopsChildrenOnSignals = stopsChildrenOnSignals
    }
}

/// The one entry point of `strata`, `strata-secrets` and `strata-registry`: parses, runs the
/// command and picks the exit status. Bad input the command throws (`InputErrors`) is printed as
/// diagnostics and ends with status 2, as does ArgumentParser's usage error (its status 64); a
/// command names its other statuses with `ExitCode`.
package enum CommandLineMain {
    package static func run<Root: ParsableCommand>(_ root: Root.Type, as tool: CommandLineTool, arguments: [String]) async -> Never {
        if tool.stopsChildrenOnSignals {
            // Children (swift, git) run in process groups of their own: Ctrl-C reaches only Strata,
            // which stops them before it ends.
            ChildProcess.stopChildrenOnSignals()
        }
        let invalidLimits = ProcessLimit.invalidValues()
        if !invalidLimits.isEmpty {
            for invalid in invalidLimits { Terminal.standardError("\(tool.name): error: \(invalid)") }
            exit(2)
        }
        do {
            var command = try Root.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch let errors as InputErrors {
            Terminal.standardError(errors.diagnostics)
            exit(2)
        } catch {
            report(error, of: root, as: tool, arguments: arguments)
        }
    }

    /// Prints ArgumentParser's message for `error` (help, a usage error, a command's exit code)
    /// and exits with its status, 2 for bad usage.
    private static func report<Root: ParsableCommand>(_ error: any Error, of root: Root.Type, as tool: CommandLineTool, arguments: [String]) -> Never
    {
        let code = Root.exitCode(for: error)
        if code != .success, let unknown = unknownCommand(in: arguments, of: Root.self, name: tool.name) {
            Terminal.standardError(printableLines(unknown))
            exit(2)
        }
        var message = Root.fullMessage(for: error)
        // ArgumentParser says "Error: …"; every other message of Strata's says "error:".
        if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
        if code == .success {
            if !message.isEmpty { Terminal.standardOutput(message + "\n") }
            exit(0)
        }
        if tool.namesItsMessages && !message.isEmpty { message = "\(tool.name): " + message }
        // The message may quote an argument: its control characters are shown, not obeyed.
        if !message.isEmpty { Terminal.standardError(printableLines(message)) }
        exit(code == .validationFailure ? 2 : code.rawValue)
    }

    /// An argument that names no command where one is expected (`strata chek`, `strata add
    /// dependancy`): ArgumentParser would call it an unexpected argument; say what it is and
    /// suggest the nearest command at that level.
    package static func unknownCommand<Root: ParsableCommand>(in arguments: [String], of root: Root.Type, name: String) -> String? {
        var command: any ParsableCommand.Type = root
        var path = [name]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !argument.hasPrefix("-"), !subcommands.isEmpty else { return nil }
            // A command without a configured name is called after its type (`Serve`: `serve`).
            let commands = subcommands.map { $0.configuration.commandName ?? $0._commandName }
            if let index = commands.firstIndex(of: argument) {
                command = subcommands[index]
                path.append(argument)
                continue
            }
            let known = commands + (path.count == 1 ? ["help"] : [])
            guard !known.contains(argument) else { return nil }
            let parent = path.joined(separator: " ")
            let suggestion = Suggestions.didYouMean(argument, in: known) ?? "the commands are: \(known.joined(separator: ", "))"
            return "\(name): error: '\(argument)' is not a \(parent) command\n    hint: \(suggestion) (see '\(parent) --help')"
        }
        return nil
    }

    /// `text` with the control characters of each line shown escaped (`TextFormatter.printable`).
    package static func printableLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TextFormatter.printable(String($0)) }.joined(separator: "\n")
    }
}
