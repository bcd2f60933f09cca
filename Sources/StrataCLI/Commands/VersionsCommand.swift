import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataRelease

/// `strata versions`: released versions, unreleased changes and drift.
struct VersionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "Show each registry module's released version, its unreleased changes, and dependents that require an older major.",
        discussion: """
            Versions come from strata.versions.yml, which must agree with the '<Module>/<version>' \
            tags; changes are the commits since a module's tag that touched its package folder. \
            Drift lists each released module whose requirement on a module it uses stops before \
            that module's release (an older major): 'strata release <Module>' raises it. \
            Exit status: 0, 2 bad input.

            Examples:
              Released versions, unreleased changes and drift:
                strata versions
              The same as JSON:
                strata versions --format json
            """
    )

    @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(help: "Output format: text or json.")
    var format: ReleaseFormat = .text

    func run() async throws {
        let report: VersionsReport = try await VersionsReport.read(path: path)
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Terminal.standardOutput(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        case .text:
            Terminal.standardOutput(report.text)
        }
    }
}

extension VersionsReport {
    var text: String {
        var rows = [["MODULE", "RELEASED", "UNRELEASED CHANGES", "USED BY"]]
        for module in modules {
            let changes =
                module.version == nil
                ? "never released"
                : module.unreleasedChanges.isEmpty ? "-" : "\(module.unreleasedChanges.count) commit\(module.unreleasedChanges.count == 1 ? "" : "s")"
            rows.append([module.module, module.version ?? "-", changes, module.dependents.isEmpty ? "-" : module.dependents.joined(separator: ", ")])
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text =
            rows.map { row in
                (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3]
            }
            .joined(separator: "\n") + "\n"
        if drift.isEmpty {
            text += "\nNo drift: every released module requires the current major of the modules it uses.\n"
        } else {
            text += "\nDrift: released modules that require an older major of a module they use:\n"
            for item in drift {
                text +=
                    "  \(item.dependent) requires \(item.dependency) \(item.requires) (released: \(item.released)); strata release \(item.dependent) raises it\n"
            }
        }
        return text
    }
}
