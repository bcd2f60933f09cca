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
        let command = try #require(Self.commands.first { $0.path == path })
        let discussion = command.type.configuration.discussion
        #expect(HelpExamples.examples(in: discussion).contains { $0.starts(with: path) }, "no example in '\(path.joined(separator: " ")) --help' runs it")
        #expect(HelpExamples.misshapenLines(in: discussion) == [], "'\(path.joined(separator: " ")) --help'")
    }

    @Test(arguments: commands.flatMap { HelpExamples.examples(in: $0.type.configuration.discussion) })
    func everyExampleParses(_ example: [String]) {
        do {
            _ = try StrataRegistryCommand.parseAsRoot(Array(example.dropFirst()))
        } catch {
            Issue.record("the example '\(example.joined(separator: " "))' does not parse: \(StrataRegistryCommand.message(for: error))")
        }
    }
}
