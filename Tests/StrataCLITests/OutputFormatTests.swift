import Foundation
import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct OutputFormatTests {
    static let folder = Fixtures.violation("MocksInProduction")

    @Test func jsonHasAVersionedDocumentedShape() async throws {
        let result = try await StrataBinary.run(["check", "--format", "json"], in: Self.folder)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["workspace"] as? String == "MocksInProduction")
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["inputFailed"] as? Bool == false)
        let diagnostic = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["id"] as? String == "mocks-in-production")
        #expect(diagnostic["severity"] as? String == "error")
        let location = try #require(diagnostic["location"] as? [String: Any])
        #expect(location["path"] as? String == "strata.yml")
        #expect(location["line"] as? Int == 6)
        #expect((diagnostic["subject"] as? [String: String]) == ["source": "Suit", "target": "SuitServiceMocks"])
        #expect((diagnostic["notes"] as? [[String: Any]])?.count == 1)
    }

    @Test func inputErrorsAreValidJSONToo() async throws {
        let result = try await StrataBinary.run(["check", "--format", "json"], in: Fixtures.path("BadInput/UnknownKey"))
        #expect(result.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((document["summary"] as? [String: Any])?["inputFailed"] as? Bool == true)
    }

    @Test func sarifDescribesEveryRuleAndLocatesEveryResult() async throws {
        let result = try await StrataBinary.run(["check", "--format", "sarif"], in: Self.folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIds = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        // Every rule, then every other id a report can hold (input errors, warnings, source problems).
        #expect(ruleIds == RuleRegistry.all.map(\.id) + DiagnosticCatalog.all.map(\.id))
        let sarifResult = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(sarifResult["ruleId"] as? String == "mocks-in-production")
        #expect(sarifResult["level"] as? String == "error")
        let physical = try #require(((sarifResult["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "strata.yml")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 6)
        #expect((sarifResult["partialFingerprints"] as? [String: String])?["strata/v1"] == "mocks-in-production:Suit:SuitServiceMocks")
    }

    @Test func githubAnnotationsEscapeTheirPayload() async throws {
        let result = try await StrataBinary.run(["check", "--format", "github"], in: Self.folder)
        let annotation = try #require(result.stdout.split(separator: "\n").first)
        #expect(annotation.hasPrefix("::error file=strata.yml,line=6,col=58,title=strata [mocks-in-production]::mocks target"))
        #expect(annotation.contains("%0Anote: strata.yml:8: 'Cosmonaut' depends on 'Suit'%0Ahint: "))
    }

    /// As a run-script phase runs it: from the project's folder, elsewhere than the workspace.
    @Test func xcodeIssuesAreAbsoluteOneLineEachAndAnErrorFailsThePhase() async throws {
        let projectFolder = try Fixtures.temporaryFolder("strata-xcode-phase")
        defer { try? FileManager.default.removeItem(atPath: projectFolder) }
        let result = try await StrataBinary.run(["check", "--format", "xcode", Self.folder], in: projectFolder)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let manifest = URL(fileURLWithPath: Self.folder).standardizedFileURL.path + "/strata.yml"
        #expect(lines.first?.hasPrefix("\(manifest):6:58: error: [mocks-in-production] mocks target 'SuitServiceMocks'") == true, "\(lines)")
        #expect(lines.contains("\(manifest):8:31: note: 'Cosmonaut' depends on 'Suit'"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(manifest):6:58: note: hint: ") }, "\(lines)")
        #expect(lines.last == "strata: MocksInProduction: 7 targets checked, 1 error(s), 0 warning(s)")
        #expect(!result.stdout.contains("\u{1B}["))
    }
}
