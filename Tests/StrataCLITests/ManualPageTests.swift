import ArgumentParser
import Foundation
import StrataCLI
import StrataCommandLine
import StrataWorkspaceTestSupport
import Testing

/// The man pages in docs/man, which Scripts/generate-manual.sh makes with ArgumentParser's
/// generate-manual plugin from the commands' definitions (CI checks they are current): `man`
/// renders them without a warning, and strata.1 documents every command with its examples.
@Suite struct ManualPageTests {
    static let pages = ["strata.1", "strata-secrets.1", "strata-registry.1"]

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man") || ProcessInfo.processInfo.environment["CI"] != nil,
            "needs man (apt-get install man-db groff); CI installs it"),
        arguments: pages)
    func manRendersThePageWithoutWarnings(_ page: String) async throws {
        let path = Fixtures.repositoryRoot + "/docs/man/" + page
        let result = try await StrataBinary.run([], shell: "MANWIDTH=80 man -l -P cat '\(path)'")
        #expect(result.status == 0)
        #expect(result.stderr == "", "man's warnings for docs/man/\(page)")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION"] {
            #expect(result.stdout.contains("\n\(section)\n"), "docs/man/\(page) has no \(section) section")
        }
        let name = page.replacingOccurrences(of: ".1", with: "").replacingOccurrences(of: "-secrets", with: " secrets")
        #expect(result.stdout.contains("\(name) — "), "docs/man/\(page) does not name \(name)")
    }

    @Test func strataPageDocumentsEveryCommandAndItsExamples() throws {
        let page = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/man/strata.1", encoding: .utf8)
        let stale = "docs/man/strata.1 is stale: run Scripts/generate-manual.sh"
        for command in HelpExamples.commands(under: StrataCommand.self, path: ["strata"]).dropFirst() {
            let configuration = command.type.configuration
            #expect(
                page.contains(".It Em \(configuration.commandName ?? "")\n\(configuration.abstract)\n"),
                "\(command.path.joined(separator: " ")): \(stale)")
            for example in HelpExamples.examples(in: configuration.discussion) {
                #expect(page.contains(example.joined(separator: " ")), "'\(example.joined(separator: " "))': \(stale)")
            }
        }
    }
}
