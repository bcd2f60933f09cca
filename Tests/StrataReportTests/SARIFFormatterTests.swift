import Foundation
import StrataDiagnostics
import StrataReport
import Testing

/// SARIF 2.1.0 as code-scanning dashboards read it: every result's rule declared in the driver
/// (the tool's rules, the input-error catalog, and any other id met), a location for every
/// result, notes as related locations, fingerprints from the subject.
struct SARIFFormatterTests {
    static func log(_ report: FormattableReport) throws -> [String: Any] {
        let text = SARIFFormatter(tool: ReportFixture.tool).format(report)
        #expect(text.hasSuffix("}\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theDriverDeclaresEveryRuleWithItsDefaultLevel() throws {
        let log = try Self.log(ReportFixture.report())
        #expect(log["version"] as? String == "2.1.0" && log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "strata" && driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let levels = Dictionary(
            rules.map { ($0["id"] as! String, ($0["defaultConfiguration"] as! [String: Any])["level"] as! String) }, uniquingKeysWith: { a, _ in a })
        #expect(levels["implicit-import"] == "error")
        #expect(levels["unknown-import"] == "none", "off until switched on")
        // The catalog's input errors, and ids met in this report that neither declares.
        for entry in DiagnosticCatalog.all { #expect(levels[entry.id] != nil, "\(entry.id)") }
        #expect(levels["stale-baseline"] != nil && levels["layer-order"] != nil)
        #expect(rules.count == Set(rules.map { $0["id"] as! String }).count, "each id once")
    }

    @Test func everyResultHasALocationAndNotesAreRelatedLocations() throws {
        let run = try #require((try Self.log(ReportFixture.report())["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["implicit-import", "stale-baseline", "layer-order"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "note"])
        func place(_ location: Any?) -> String? {
            guard let physical = (location as? [String: Any])?["physicalLocation"] as? [String: Any],
                let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String,
                let region = physical["region"] as? [String: Any]
            else { return nil }
            return "\(uri):\(region["startLine"] ?? "-"):\(region["startColumn"] ?? "-")"
        }
        #expect(results.map { place(($0["locations"] as? [Any])?.first) } == ["Sources/Suit/Suit%20Check.swift:2:8", "strata.yml:1:1", "/elsewhere/x.swift:1:1"])
        let first = results[0]
        #expect((first["message"] as? [String: Any])?["text"] as? String
            == "'Suit' imports 'Logging', which is not one of its declared dependencies\nhint: add 'Logging' to the dependencies of 'Suit', in strata.yml")
        let related = try #require(first["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1 && place(related[0]) == "strata.yml:5:3")
        #expect((first["partialFingerprints"] as? [String: String]) == ["strata/v1": "implicit-import:Suit:Logging"])
        #expect(results[1]["partialFingerprints"] == nil && results[1]["relatedLocations"] == nil)
    }
}
