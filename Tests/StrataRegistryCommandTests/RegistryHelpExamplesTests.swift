import ArgumentParser
import StrataCommandLine
import Testing

@testable import strata_registry

/// Every `strata-registry` command's `--help` ends with examples that parse, as strata's do
/// (HelpExamplesTests).
@Suite struct RegistryHelpExamplesTests {
    static let commands = HelpExamples.commands(under: StrataRegistryCommand.self, path: ["strata-registry"])

    @Test(arguments: commands.map(\.path))
    func everyCommandHasExamples(_ path: [String]) throws {
        #expect(HelpExamples.problems(of: try #require(Self.commands.first { $0.path == path })) == [])
    }

    @Test(arguments: commands.flatMap { HelpExamples.examples(in: $0.type.configuration.discussion) })
    func everyExampleParses(_ example: [String]) {
        #expect(HelpExamples.parseFailure(of: example, root: StrataRegistryCommand.self) == nil)
    }
}

/// strata-registry runs its command line through the one entry point every Strata executable
/// shares: a mistyped command gets the nearest one, whatever its commands' names come from.
@Suite struct RegistryCommandLineTests {
    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let message = try #require(CommandLineMain.unknownCommand(in: ["servee"], of: StrataRegistryCommand.self, name: "strata-registry"))
        #expect(message.hasPrefix("strata-registry: error: 'servee' is not a strata-registry command"))
        #expect(message.contains("did you mean 'serve'?"))
        let nested = try #require(CommandLineMain.unknownCommand(in: ["token", "craete"], of: StrataRegistryCommand.self, name: "strata-registry"))
        #expect(nested.contains("'craete' is not a strata-registry token command") && nested.contains("did you mean 'create'?"))
    }

    @Test func knownCommandsAreNotMistaken() {
        // Commands named after their types (Serve, Token) are known by those names.
        for arguments in [["serve", "--port", "0"], ["token", "create"], ["import", "folder"], ["help"]] {
            #expect(CommandLineMain.unknownCommand(in: arguments, of: StrataRegistryCommand.self, name: "strata-registry") == nil, "\(arguments)")
        }
    }
}
