import ArgumentParser
import StrataCLI
import StrataCommandLine
import Testing

/// Every `strata` command's `--help` ends with examples, and every example is a command line
/// that parses: an option renamed or removed breaks this test rather than a reader's first try.
/// (`strata secrets`' commands are tested the same way in StrataSecretsCLITests.)
@Suite struct HelpExamplesTests {
    static let commands = HelpExamples.commands(under: StrataCommand.self, path: ["strata"])

    @Test(arguments: commands.map(\.path))
    func everyCommandHasExamples(_ path: [String]) throws {
        #expect(HelpExamples.problems(of: try #require(Self.commands.first { $0.path == path })) == [])
    }

    @Test(arguments: commands.flatMap { HelpExamples.examples(in: $0.type.configuration.discussion) }.filter { $0.dropFirst().first != "secrets" })
    func everyExampleParses(_ example: [String]) {
        #expect(HelpExamples.parseFailure(of: example, root: StrataCommand.self) == nil)
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
