import StrataDiagnostics
import StrataModel
import StrataModelTestSupport
import StrataRules
import Testing

@Suite struct ArchitectureCheckerTests {
    static let violating =
        header + """
            rules:
              prefer-interface: error
              same-layer: off
            modules:
              SuitService: { layer: service, interface: true }
              CrewService: { layer: service, dependencies: [SuitService] }
              Suit: { layer: domain, dependencies: [SuitService] }
            """

    @Test func severitiesFromTheManifestApplyAndOffRulesDoNotRun() async throws {
        let loaded = try await InlineWorkspace.load(Self.violating)
        let checker = try ArchitectureChecker(manifest: loaded.workspace.manifest)
        let diagnostics = checker.check(loaded.workspace)
        #expect(diagnostics.map(\.id) == ["prefer-interface"])
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func anUnknownRuleIdIsAnInputErrorWithASuggestion() async throws {
        let marked = MarkedText(
            header + """
                rules: { 1️⃣prefer-interfaces: warning }
                modules:
                  A: { layer: core }
                """)
        let loaded = try await InlineWorkspace.load(marked.text)
        #expect(throws: InputErrors.self) { try ArchitectureChecker(manifest: loaded.workspace.manifest) }
        do {
            _ = try ArchitectureChecker(manifest: loaded.workspace.manifest)
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "unknown-rule")
            #expect(diagnostic.hint == "did you mean 'prefer-interface'?")
            #expect(diagnostic.location?.line == marked.position("1️⃣").line)
            #expect(diagnostic.location?.column == marked.position("1️⃣").column)
        }
    }

    @Test func everyRuleHasAUniqueKebabCaseIdAndASummary() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.all {
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id)")
            #expect(!rule.summary.isEmpty)
            #expect(RuleRegistry.rule(id: rule.id)?.id == rule.id)
        }
    }

    @Test func findingsComeOutInPresentationOrder() async throws {
        let loaded = try await InlineWorkspace.load(
            header + """
                modules:
                  Logging: { layer: shared, dependencies: [Suit] }
                  SuitService: { layer: service, interface: true }
                  CrewService: { layer: service, dependencies: [SuitService] }
                  Suit: { layer: domain }
                """)
        let diagnostics = try ArchitectureChecker(manifest: loaded.workspace.manifest).check(loaded.workspace)
        let lines = diagnostics.compactMap { $0.location?.line }
        #expect(lines == lines.sorted())
        #expect(Set(diagnostics.map(\.id)) == ["layer-direction", "same-layer"])
    }
}
