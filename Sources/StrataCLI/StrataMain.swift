package import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataProcess

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
                Terminal.standardError(unknown)
                exit(2)
            }
            var message = Root.fullMessage(for: error)
            // ArgumentParser says "Error: …"; every other message of Strata's says "error:".
            if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
            if code == .success {
                if !message.isEmpty { Terminal.standardOutput(message + "\n") }
                exit(0)
            }
            if !message.isEmpty { Terminal.standardError(message) }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// A first argument that names no command (`strata chek`): ArgumentParser would call it an
    /// unexpected argument; say what it is and suggest the nearest command.
    static func unknownCommand<Root: ParsableCommand>(in arguments: [String], of root: Root.Type, name: String) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !root.configuration.subcommands.isEmpty else { return nil }
        let commands = root.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !commands.contains(first) else { return nil }
        let suggestion = Suggestions.didYouMean(first, in: commands) ?? "the commands are: \(commands.joined(separator: ", "))"
        return "\(name): error: '\(first)' is not a \(name) command\n    hint: \(suggestion) (see '\(name) --help')"
    }
}
