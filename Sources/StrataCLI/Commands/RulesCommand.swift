import ArgumentParser
import Foundation
import StrataCommandLine
import StrataManifest
import StrataRules
import StrataWorkspace

/// `strata rules`: the rules, their default severities and what they keep true.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the architecture rules and their default severities.",
        discussion: """
            Examples:
              Every rule with its default severity:
                strata rules
            """
    )

    func run() {
        let width = RuleRegistry.all.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for rule in RuleRegistry.all {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            lines.append("\(id)  \(severity)  \(rule.summary)")
        }
        lines.append("")
        lines.append("Change a severity in strata.yml, e.g.:  rules: { prefer-interface: error, static-linked-once: off }")
        Terminal.standardOutput(lines.joined(separator: "\n") + "\n")
    }
}
