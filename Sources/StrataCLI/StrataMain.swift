import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataProcess

/// The `strata` executable's entry point. It runs the command and maps ArgumentParser's
/// usage-error status (64) to Strata's documented status 2 for bad usage.
public enum StrataMain {
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        // Children (swift, git) run in process groups of their own: Ctrl-C reaches only Strata,
        // which stops them before it ends.
        ChildProcess.stopChildrenOnSignals()
        let invalidLimits = ProcessLimit.invalidValues()
        if !invalidLimits.isEmpty {
            for invalid in invalidLimits { Terminal.standardError("strata: error: \(invalid)") }
            exit(2)
        }
        do {
            var command = try StrataCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch {
            let code = StrataCommand.exitCode(for: error)
            if code != .success, let unknown = unknownCommand(in: arguments) {
                Terminal.standardError(unknown)
                exit(2)
            }
            var message = StrataCommand.fullMessage(for: error)
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
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = StrataCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !commands.contains(first) else { return nil }
        let suggestion = Suggestions.didYouMean(first, in: commands) ?? "the commands are: \(commands.joined(separator: ", "))"
        return "strata: error: '\(first)' is not a strata command\n    hint: \(suggestion) (see 'strata --help')"
    }
}
