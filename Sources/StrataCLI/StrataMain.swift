import ArgumentParser
import StrataCommandLine

/// The `strata` executable's entry point.
public enum StrataMain {
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        // Everything after `secrets`, `--help` included, is strata-secrets' to parse.
        if arguments.first == SecretsForwardCommand.configuration.commandName { SecretsForwardCommand.forward(Array(arguments.dropFirst())) }
        await CommandLineMain.run(StrataCommand.self, as: CommandLineTool(name: "strata"), arguments: arguments)
    }
}
