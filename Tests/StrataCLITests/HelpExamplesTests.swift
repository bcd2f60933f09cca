import ArgumentParser
import Foundation
import StrataCLI
import Testing

@testable import StrataSecretsCLI

/// Every command's `--help` ends with examples, and every example is a command line that parses:
/// an option renamed or removed breaks this test rather than the reader's first try.
@Suite struct HelpExamplesTests {
    /// Every command of `strata` and of `strata secrets` (which `strata secrets` forwards to),
    /// with the words that name it (`["strata", "add", "dependency"]`).
    static let commands: [(path: [String], type: any ParsableCommand.Type)] =
        walk(StrataCommand.self, path: ["strata"]).filter { $0.path != ["strata", "secrets"] }
        + walk(SecretsCommand.self, path: ["strata", "secrets"])

    static func walk(_ command: any ParsableCommand.Type, path: [String]) -> [(path: [String], type: any ParsableCommand.Type)] {
        [(path, command)]
            + command.configuration.subcommands.flatMap { sub in
                walk(sub, path: path + [sub.configuration.commandName ?? "?"])
            }
    }

    @Test(arguments: commands.map(\.path))
    func everyCommandHasExamples(_ path: [String]) throws {
        let command = try #require(Self.commands.first { $0.path == path }).type
        let examples = Self.examples(in: command.configuration.discussion)
        #expect(!examples.isEmpty, "'\(path.joined(separator: " ")) --help' has no 'Examples:' section")
        #expect(
            examples.isEmpty || examples.contains { $0.starts(with: path) },
            "no example of '\(path.joined(separator: " ")) --help' runs \(path.joined(separator: " "))")
    }

    @Test(arguments: commands.flatMap { Self.examples(in: $0.type.configuration.discussion) })
    func everyExampleParses(_ example: [String]) throws {
        let arguments = Array(example.dropFirst())
        do {
            if arguments.first == "secrets" {
                _ = try SecretsCommand.parseAsRoot(Array(arguments.dropFirst()))
            } else {
                _ = try StrataCommand.parseAsRoot(arguments)
            }
        } catch {
            let message = arguments.first == "secrets" ? SecretsCommand.message(for: error) : StrataCommand.message(for: error)
            Issue.record("the example '\(example.joined(separator: " "))' does not parse: \(message)")
        }
    }

    @Test func theExamplesSectionIsShapedAlike() {
        // A description line ending in ':' at two spaces, its command lines at four.
        for (path, command) in Self.commands {
            let discussion = command.configuration.discussion
            guard
                let range = discussion.range(of: "\nExamples:\n") ?? (discussion.hasPrefix("Examples:\n") ? discussion.range(of: "Examples:\n") : nil)
            else { continue }
            for line in discussion[range.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                let shaped = (line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":")) || line.hasPrefix("    strata ")
                #expect(shaped, "'\(line)' in '\(path.joined(separator: " ")) --help' is neither a description nor a command line")
                #expect(line.count <= 80 || line.hasPrefix("    strata secrets add-member"), "'\(line)' is wider than 80 columns, which --help wraps")
            }
        }
    }

    /// The strata command lines of the discussion's `Examples:` section, each split into words;
    /// a line that chains commands (`&&`), pipes or redirects counts its strata commands only.
    static func examples(in discussion: String) -> [[String]] {
        guard let start = discussion.range(of: "Examples:\n") else { return [] }
        var lines: [[String]] = []
        for line in discussion[start.upperBound...].split(separator: "\n") where line.hasPrefix("    ") {
            var current: [String] = []
            var skipping = false
            for word in line.split(separator: " ").map(String.init) {
                if ["&&", "|", "<", ">"].contains(word) {
                    if !current.isEmpty { lines.append(current) }
                    current = []
                    skipping = word == "<" || word == ">" || word == "|"
                    continue
                }
                if skipping && word != "strata" { continue }
                skipping = false
                current.append(word)
            }
            if !current.isEmpty, current.first == "strata" { lines.append(current) }
        }
        return lines.filter { $0.first == "strata" }
    }
}
