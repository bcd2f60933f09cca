import ArgumentParser
import StrataCLI
import StrataCommandLine
@testable import StrataSecretsCLI
import Testing

/// Every `strata secrets` command's `--help` ends with examples, and every `strata secrets`
/// example, in these commands' help or in strata's, parses with strata-secrets' own parser.
@Suite struct SecretsHelpExamplesTests {
    static let commands = HelpExamples.commands(under: SecretsCommand.self, path: ["strata", "secrets"])

    static let examples = (commands + HelpExamples.commands(under: StrataCommand.self, path: ["strata"]))
        .flatMap { HelpExamples.examples(in: $0.type.configuration.discussion) }
        .filter { $0.starts(with: ["strata", "secrets"]) }

    @Test(arguments: commands.map(\.path))
    func everyCommandHasExamples(_ path: [String]) throws {
        #expect(HelpExamples.problems(of: try #require(Self.commands.first { $0.path == path })) == [])
    }

    @Test(arguments: examples)
    func everyExampleParses(_ example: [String]) {
        #expect(HelpExamples.parseFailure(of: example, root: SecretsCommand.self, rootWords: 2) == nil)
    }
}
