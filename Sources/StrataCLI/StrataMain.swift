package import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataProcess
import StrataReport

/// The `strata` executable's entry point. It runs the command and maps ArgumentParser's
/// usage-error status (64) to Strata's documented status 2 for bad usage.
public enum StrataMain {
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        // Everything after `secrets`, `--help` included, is strata-secrets' to parse.
        if arguments.first == SecretsForwardCommand.configuration.commandName { SecretsForwardCommand.forward(Array(arguments.dropFirst())) }
        await main(StrataCommand.self, name: "strata", arguments: arguments)
    }

    /// Runs `root`'s command line as `name` (also `strata-secrets`, whose commands `strata
    /// secrets` forwards to it): the same exit statuses and messages as `strata`'s.
    package static func main<Root: ParsableCommand>(_ root: Root.Type, name: String, arguments: [String]) async -> Never {
        // Children (swift, git) run in process groups of their own: Ctrl-C reaches only Strata,
        // which stops them before it ends.
        ChildProcess.stopChildrenOnSignals()
        let invalidLimits = ProcessLimit.invalidValues()
        if !invalidLimits.isEmpty {
            for invalid in invalidLimits { Terminal.standardError("strata: error: \(invalid)") }
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
        } catch {
            let code = Root.exitCode(for: error)
            if code != .success, let unknown = unknownCommand(in: arguments, of: Root.self, name: name) {
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
            // The message may quote an argument: its control characters are shown, not obeyed.
            if !message.isEmpty { Terminal.standardError(printableLines(message)) }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// An argument that names no command where one is expected (`strata chek`, `strata add
    /// dependancy`): ArgumentParser would call it an unexpected argument; say what it is and
    /// suggest the nearest command at that level.
    static func unknownCommand<Root: ParsableCommand>(in arguments: [String], of root: Root.Type, name: String) -> String? {
        var command: any ParsableCommand.Type = root
        var path = [name]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !argument.hasPrefix("-"), !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0.configuration.commandName == argument }) {
                command = next
                path.append(argument)
                continue
            }
            let commands = subcommands.compactMap { $0.configuration.commandName } + (path.count == 1 ? ["help"] : [])
            guard !commands.contains(argument) else { return nil }
            let parent = path.joined(separator: " ")
            let suggestion = Suggestions.didYouMean(argument, in: commands) ?? "the commands are: \(commands.joined(separator: ", "))"
            return "\(name): error: '\(argument)' is not a \(parent) command\n    hint: \(suggestion) (see '\(parent) --help')"
        }
        return nil
    }

    /// `text` with the control characters of each line shown escaped (`TextFormatter.printable`).
    static func printableLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TextFormatter.printable(String($0)) }.joined(separator: "\n")
    }
}
