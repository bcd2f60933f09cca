import Foundation
import StrataDiagnostics
import Testing

@Suite struct BaselineTests {
    private func finding(_ rule: String, _ source: String, _ target: String, line: Int = 1) -> Diagnostic {
        Diagnostic(
            id: rule, severity: .error, message: "\(source) → \(target)",
            location: SourceLocation(path: "/w/strata.yml", line: line, column: 1),
            subject: DiagnosticSubject(source: source, target: target))
    }

    @Test func entriesAreSortedUniqueAndWithoutLineNumbers() {
        let baseline = Baseline(accepting: [
            finding("same-layer", "B", "C", line: 9), finding("layer-direction", "A", "B", line: 3),
            finding("same-layer", "B", "C", line: 20),
            Diagnostic(id: "unknown-key", severity: .error, message: "input errors are never baselined"),
        ])
        #expect(
            baseline.entries == [
                Baseline.Entry(rule: "layer-direction", source: "A", target: "B"),
                Baseline.Entry(rule: "same-layer", source: "B", target: "C"),
            ])
        #expect(
            baseline.serialized() == """
                {
                  "version": 1,
                  "entries": [
                    {"rule": "layer-direction", "source": "A", "target": "B"},
                    {"rule": "same-layer", "source": "B", "target": "C"}
                  ]
                }

                """)
    }

    @Test func applyingSuppressesKnownFindingsAndFindsStaleEntries() {
        let baseline = Baseline(entries: [
            Baseline.Entry(rule: "layer-direction", source: "A", target: "B"),
            Baseline.Entry(rule: "no-cycles", source: "X", target: "Y → X"),
        ])
        let fresh = finding("same-layer", "C", "D")
        let result = baseline.apply(to: [finding("layer-direction", "A", "B", line: 40), fresh])
        #expect(result.remaining == [fresh])
        #expect(result.suppressedCount == 1)
        #expect(result.staleEntries == [Baseline.Entry(rule: "no-cycles", source: "X", target: "Y → X")])
    }

    @Test func aWrittenBaselineReadsBackAndStaleEntriesPointAtTheirLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseline = Baseline(entries: [
            Baseline.Entry(rule: "a", source: "S \"quoted\"", target: "T"),
            Baseline.Entry(rule: "b", source: "S", target: "T"),
        ])
        try baseline.serialized().write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Baseline.load(path: path) == baseline)
        let stale = Baseline.staleDiagnostics([Baseline.Entry(rule: "b", source: "S", target: "T")], baselinePath: path)
        #expect(stale.first?.location == SourceLocation(path: path, line: 5, column: 5))
        #expect(stale.first?.severity == .warning)
        #expect(stale.first?.id == "stale-baseline-entry")
    }

    @Test func unreadableOrMalformedBaselinesAreInputErrors() throws {
        #expect(throws: InputErrors.self) { try Baseline.load(path: "/nonexistent/baseline.json") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for text in ["not json", #"{"version": 1}"#, #"{"version": 7, "entries": []}"#] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try Baseline.load(path: path)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.diagnostics.first?.id == "malformed-baseline")
                #expect(error.diagnostics.first?.hint?.contains("--write-baseline") == true)
            }
        }
    }
}
