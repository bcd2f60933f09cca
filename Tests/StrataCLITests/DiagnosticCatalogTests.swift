import Foundation
import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

/// Every diagnostic id a report can hold is declared once: rules in the registry, everything
/// else in `DiagnosticCatalog`, and each is documented in docs/RULES.md. SARIF output declares
/// them all, so GitHub's upload never meets an undeclared rule.
@Suite struct DiagnosticCatalogTests {
    /// The ids the sources give diagnostics: `.inputError("id"`, `report("id"`,
    /// `Diagnostic(id: "id"`, `GitError("id"`, a `failure:` id, and source problem kinds.
    static func idsUsedInSources() throws -> [String: String] {
        let patterns = [
            #"(?:inputError|report|Diagnostic|GitError)\(\s*(?:id:\s*)?"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#,
            #"\bid:\s*"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#,
            #"failure(?: id: String =|:)\s*"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#,
            #"case \w+ = "([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#,
        ].map { try! NSRegularExpression(pattern: $0) }
        var found: [String: String] = [:]
        let sources = Fixtures.repositoryRoot + "/Sources"
        for relative in FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [] where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for (index, pattern) in patterns.enumerated() {
                // Enum raw values count only in the source problem kinds.
                if index == 3 && !relative.hasSuffix("SourceProblem.swift") { continue }
                for match in pattern.matches(in: text, range: range) {
                    found[String(text[Range(match.range(at: 1), in: text)!])] = relative
                }
            }
        }
        return found
    }

    @Test func everyIdUsedInTheSourcesIsARuleOrInTheCatalog() throws {
        let used = try Self.idsUsedInSources()
        #expect(used.count > 50, "the scan found too few ids; has the code's style changed?")
        let known = Set(RuleRegistry.all.map(\.id)).union(DiagnosticCatalog.all.map(\.id))
        for (id, file) in used.sorted(by: { $0.key < $1.key }) where !known.contains(id) {
            Issue.record("'\(id)' (used in \(file)) is neither a rule nor in DiagnosticCatalog")
        }
    }

    @Test func theCatalogHoldsEachIdOnceAndNoRule() {
        let ids = DiagnosticCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isDisjoint(with: RuleRegistry.all.map(\.id)))
    }

    @Test func everyCatalogIdIsDocumented() throws {
        let rules = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/RULES.md", encoding: .utf8)
        for entry in DiagnosticCatalog.all where !rules.contains("`\(entry.id)`") {
            Issue.record("docs/RULES.md does not mention `\(entry.id)`")
        }
    }
}
