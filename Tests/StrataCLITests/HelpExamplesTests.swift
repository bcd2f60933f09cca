import ArgumentParser
import StrataCLI
import Testing

/// Every `strata` command's `--help` ends with examples, and every example is a command line
/// that parses: an option renamed or removed breaks this test rather than a reader's first try.
/// (`strata secrets`' commands are tested the same way in StrataSecretsCLITests.)
@Suite struct HelpExamplesTests {
    static let commands = HelpExamples.commands(under: StrataCommand.self, path: ["strata"])

    @Test(arguments: commands.map(\.path))
    func everyCommandHasExamples(_ path: [String]) throws {
        let command = try #require(Self.commands.first { $0.path == path })
        let discussion = command.type.configuration.discussion
        let examples = HelpExamples.examples(in: discussion)
        #expect(examples.contains { $0.starts(with: path) }, "no example in '\(path.joined(separator: " ")) --help' runs it")
        #expect(HelpExamples.misshapenLines(in: discussion) == [], "'\(path.joined(separator: " ")) --help'")
    }

    @Test(arguments: commands.flatMap { HelpExamples.examples(in: $0.type.configuration.discussion) }.filter { $0.dropFirst().first != "secrets" })
    func everyExampleParses(_ example: [String]) {
        do {
            _ = try StrataCommand.parseAsRoot(Array(example.dropFirst()))
        } catch {
            Issue.record("the example '\(example.joined(separator: " "))' does not parse: \(StrataCommand.message(for: error))")
        }
    }

    @Test func examplesAreReadFromTheSection() {
        let discussion = """
            Text before. strata check here is prose.

            Examples:
              Draw it:
                strata graph --no-tests | dot -Tsvg -o graph.svg
                strata migrate && strata generate --force
                strata secrets set apiKey < key.txt
                strata-registry token create --name ci --scope '*'
            """
        #expect(
            HelpExamples.examples(in: discussion) == [
                ["strata", "graph", "--no-tests"], ["strata", "migrate"], ["strata", "generate", "--force"],
                ["strata", "secrets", "set", "apiKey"], ["strata-registry", "token", "create", "--name", "ci", "--scope", "*"],
            ])
        #expect(HelpExamples.misshapenLines(in: discussion + "\n  not a description") == ["  not a description"])
        #expect(HelpExamples.examples(in: "No section.") == [])
        #expect(HelpExamples.misshapenLines(in: "Text.\nExamples:\n  Check:\n    strata check") == ["Examples:"])
    }
}
