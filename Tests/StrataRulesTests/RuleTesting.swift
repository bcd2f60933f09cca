import StrataDiagnostics
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Runs one rule on an inline, marked manifest.
func findings(of rule: any Rule, in marked: MarkedText) async throws -> [Finding] {
    let loaded = try await InlineWorkspace.load(marked.text)
    return rule.check(RuleInput(workspace: loaded.workspace))
}

/// Expects the finding to sit at `marker` of `marked`.
func expectLocation(_ finding: Finding?, at marker: String, in marked: MarkedText, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let expected = marked.position(marker)
    #expect(finding?.location?.line == expected.line, "line", sourceLocation: sourceLocation)
    #expect(finding?.location?.column == expected.column, "column", sourceLocation: sourceLocation)
}

/// The layers and naming most rule tests share.
let header = """
    layers: [domain, service, core, shared]
    naming: { interface: "{module}Core", mocks: "{module}Mocks" }

    """
