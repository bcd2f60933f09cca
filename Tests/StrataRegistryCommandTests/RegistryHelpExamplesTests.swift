import ArgumentParser
import StrataCLI
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
