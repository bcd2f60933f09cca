import Foundation
import StrataDiagnostics
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
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

    /// The graph rules' findings of a large generate-mode workspace are kept by the manifest's
    /// exact bytes, like its graph: a second run reads them, an edit computes them again.
    @Test func graphFindingsOfALargeWorkspaceAreKeptForItsExactBytes() async throws {
        let folder = try Fixtures.temporaryFolder("findings-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/strata.yml"
        var text = "layers: [feature, core]\nrules: { prefer-interface: error }\nmodules:\n  Base: { layer: core, interface: true }\n"
        for index in 0..<3_000 { text += "  M\(index): { layer: feature, tests: true, dependencies: [Base] }\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try await WorkspaceLoader().load(manifestAt: path)
        let checker = try ArchitectureChecker(manifest: loaded.workspace.manifest)
        let computed = checker.check(loaded)
        #expect(computed.count == 3_000 && computed.allSatisfy { $0.id == "prefer-interface" })
        #expect(computed == checker.check(loaded.workspace))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/.build/strata/findings")
        #expect(kept.count == 1)

        // Read back rather than computed: a planted entry shows which.
        let entry = folder + "/.build/strata/findings/" + kept[0]
        let original = try Data(contentsOf: URL(fileURLWithPath: entry))
        let planted = Diagnostic(id: "planted", severity: .error, message: "from the cache")
        let body = try JSONEncoder().encode([planted])
        let encodedComputed = try JSONEncoder().encode(computed)
        try (original.dropLast(encodedComputed.count) + body).write(to: URL(fileURLWithPath: entry))
        #expect(checker.check(try await WorkspaceLoader().load(manifestAt: path)).map(\.id) == ["planted"])

        // An edit: other bytes, the findings computed for them.
        try text.replacingOccurrences(of: "prefer-interface: error", with: "prefer-interface: off").write(
            toFile: path, atomically: true, encoding: .utf8)
        let edited = try await WorkspaceLoader().load(manifestAt: path)
        #expect(try ArchitectureChecker(manifest: edited.workspace.manifest).check(edited).isEmpty)
        // A small workspace keeps nothing.
        let small = try await InlineWorkspace.load(Self.violating)
        #expect(try ArchitectureChecker(manifest: small.workspace.manifest).check(small).map(\.id) == ["prefer-interface"])
    }
}
