package import ArgumentParser

/// The `Examples:` section that ends every command's discussion (and so its `--help` and its
/// part of the man page): description lines at two spaces ending in ':', each followed by its
/// command lines at four. Read back by the tests of `strata` and of `strata secrets`, which parse
/// every example with the command's own parser.
///
/// After other text, an empty line comes before the section: a paragraph of its own in `--help`,
/// and in the man page, where Scripts/generate-manual.sh turns empty lines into mdoc's paragraph
/// break (a plain line break would run the examples into the text before them).
package enum HelpExamples {
    /// A command and the words that run it (`["strata", "add", "dependency"]`).
    package struct Command {
        package let path: [String]
        package let type: any ParsableCommand.Type
    }

    /// `root` and every command under it.
    package static func commands(under root: any ParsableCommand.Type, path: [String]) -> [Command] {
        [Command(path: path, type: root)]
            + root.configuration.subcommands.flatMap { command in
                commands(under: command, path: path + [command.configuration.commandName ?? command._commandName])
            }
    }

    /// The command lines of `discussion`'s examples (of strata, strata-registry, …), each split
    /// into words. A line that chains
    /// commands (`&&`) gives each; what follows a pipe or a redirection is not strata's and is left out.
    package static func examples(in discussion: String) -> [[String]] {
        var examples: [[String]] = []
        for line in sectionLines(of: discussion) where line.hasPrefix("    ") {
            var current: [String] = []
            var skipping = false
            // Words as the shell reads these simple lines: quotes around a word are not part of it.
            for word in line.split(separator: " ").map(Self.unquoted) {
                if ["&&", "|", "<", ">"].contains(word) {
                    if current.first?.hasPrefix("strata") == true { examples.append(current) }
                    current = []
                    skipping = word != "&&"
                } else if !skipping {
                    current.append(word)
                }
            }
            if current.first?.hasPrefix("strata") == true { examples.append(current) }
        }
        return examples
    }

    /// What is wrong with `command`'s examples: none of them runs it, or lines out of shape.
    package static func problems(of command: Command) -> [String] {
        let discussion = command.type.configuration.discussion
        let name = command.path.joined(separator: " ")
        let running = examples(in: discussion).contains { $0.starts(with: command.path) } ? [] : ["no example in '\(name) --help' runs it"]
        return running + misshapenLines(in: discussion).map { "'\(name) --help': '\($0)' is neither a description nor a command line of 80 columns" }
    }

    /// Why `example` does not parse with `root`'s parser (`rootWords` words name `root`, such as
    /// `strata secrets`), or nil when it parses.
    package static func parseFailure(of example: [String], root: any ParsableCommand.Type, rootWords: Int = 1) -> String? {
        do {
            _ = try root.parseAsRoot(Array(example.dropFirst(rootWords)))
            return nil
        } catch {
            return "the example '\(example.joined(separator: " "))' does not parse: \(root.message(for: error))"
        }
    }

    private static func unquoted(_ word: Substring) -> String {
        for quote in ["'", "\""] where word.count >= 2 && word.hasPrefix(quote) && word.hasSuffix(quote) {
            return String(word.dropFirst().dropLast())
        }
        return String(word)
    }

    /// Lines of the section that are neither a description nor a command line, or that are wider
    /// than the 80 columns `--help` wraps at; and the heading, when text precedes it without an
    /// empty line.
    package static func misshapenLines(in discussion: String) -> [String] {
        let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = lines.firstIndex(of: "Examples:").flatMap { $0 > 0 && !lines[$0 - 1].isEmpty ? ["Examples:"] : nil } ?? []
        return heading
            + sectionLines(of: discussion).map(String.init).filter { line in
                let description = line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":")
                let command = line.hasPrefix("    strata")
                return !(description || command) || line.count > 80
            }
    }

    private static func sectionLines(of discussion: String) -> [Substring] {
        let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Examples:") else { return [] }
        return lines[(start + 1)...].filter { !$0.isEmpty }
    }
}
