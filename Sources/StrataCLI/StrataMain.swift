import ArgumentParser
import Foundation
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
            let message = StrataCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Terminal.standardOutput(message + "\n") }
                exit(0)
            }
            if !message.isEmpty { Terminal.standardError(message) }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
