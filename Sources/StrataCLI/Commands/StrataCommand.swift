public import ArgumentParser

/// `strata`: the root command.
public struct StrataCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Keep a layered, modular Swift workspace true to its architecture.",
        discussion: """
            Exit status: 0 clean, 1 violations at error severity, 2 bad input or usage.

            Examples:
              Check the bundled example workspace:
                strata check Examples/ISS
              Propose a strata.yml for an existing workspace:
                strata init --dry-run
              See what a branch affects, to test only that:
                strata affected --base origin/main --merge-base
            """,
        version: StrataVersion.full,
        subcommands: [
            AddCommand.self, AffectedCommand.self, BenchCommand.self, CheckCommand.self, CompletionsCommand.self, GenerateCommand.self,
            GraphCommand.self, InitCommand.self,
            MigrateCommand.self, MoveCommand.self, NewCommand.self,
            PublishCommand.self,
            ReleaseCommand.self, RemoveCommand.self, RulesCommand.self, SecretsForwardCommand.self,
            SynthesizeCommand.self, VersionsCommand.self,
            TestCommand.self,
        ]
    )

    public init() {}
}
