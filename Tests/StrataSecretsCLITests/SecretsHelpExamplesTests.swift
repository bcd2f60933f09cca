import ArgumentParser
import StrataCLI
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
        let command = try #require(Self.commands.first { $0.path == path })
        let discussion = command.type.configuration.discussion
        #expect(HelpExamples.examples(in: discussion).contains { $0.starts(with: path) }, "no example in '\(path.joined(separator: " ")) --help' runs it")
        #expect(HelpExamples.misshapenLines(in: discussion) == [], "'\(path.joined(separator: " ")) --help'")
    }

    @Test(arguments: examples)
    func everyExampleParses(_ example: [String]) {
        do {
            _ = try SecretsCommand.parseAsRoot(Array(example.dropFirst(2)))
        } catch {
            Issue.record("the example '\(example.joined(separator: " "))' does not parse: \(SecretsCommand.message(for: error))")
        }
    }
}
