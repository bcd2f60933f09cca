import StrataDiagnostics
import StrataGraphExport
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Selection and findings: what each filter keeps, and which edges a finding marks.
@Suite struct GraphViewTests {
    static func iss() async throws -> Workspace {
        try await WorkspaceLoader().load(path: Fixtures.iss).workspace
    }

    func names(_ view: GraphView) -> Set<String> { Set(view.targets.map { view.workspace.targets[$0].name }) }

    @Test func everythingByDefault() async throws {
        let workspace = try await Self.iss()
        let view = try GraphView(workspace: workspace, findings: [], selection: GraphSelection())
        #expect(view.targets.count == workspace.targets.count)
        #expect(view.edges.count == workspace.dependencyCount)
        #expect(view.bands.map { view.bandName($0.band) } == ["apps", "domain", "service", "core", "shared", "external packages"])
    }

    @Test func focusWithDepthAndDirection() async throws {
        let workspace = try await Self.iss()
        var selection = GraphSelection()
        selection.focus = "SpacesuitService"
        selection.depth = 1
        selection.direction = .dependencies
        let dependencies = try GraphView(workspace: workspace, findings: [], selection: selection)
        // The module's targets and what they link directly.
        #expect(names(dependencies).isSuperset(of: ["SpacesuitService", "SpacesuitServiceCore", "SpacesuitServiceMocks", "SpacesuitServiceTests", "RadioCore", "Logging"]))
        #expect(!names(dependencies).contains("Spacesuit") && !names(dependencies).contains("Radio"))
        selection.direction = .dependents
        let dependents = try GraphView(workspace: workspace, findings: [], selection: selection)
        #expect(names(dependents).contains("Spacesuit") && names(dependents).contains("CosmonautApp"))
        #expect(!names(dependents).contains("RadioCore"))
        #expect(dependents.focused.count == 4)
    }

    @Test func layersTestsAndExternals() async throws {
        let workspace = try await Self.iss()
        var selection = GraphSelection()
        selection.layers = ["core"]
        selection.includeTests = false
        let view = try GraphView(workspace: workspace, findings: [], selection: selection)
        #expect(view.targets.allSatisfy { workspace.targets[$0].layer == LayerID(2) && workspace.targets[$0].role != .tests })
        #expect(names(view).contains("NetworkCore") && !names(view).contains("NetworkTests"))
        #expect(view.edges.allSatisfy { view.targets.contains($0.from) && view.targets.contains($0.to) })
    }

    @Test func unknownNamesAreInputErrorsWithSuggestions() async throws {
        let workspace = try await Self.iss()
        var selection = GraphSelection()
        selection.focus = "Spacesut"
        let focus = #expect(throws: InputErrors.self) { try GraphView(workspace: workspace, findings: [], selection: selection) }
        #expect(focus?.diagnostics.first?.id == "unknown-module")
        #expect(focus?.diagnostics.first?.hint?.contains("Spacesuit") == true)
        selection = GraphSelection()
        selection.layers = ["cor"]
        let layer = #expect(throws: InputErrors.self) { try GraphView(workspace: workspace, findings: [], selection: selection) }
        #expect(layer?.diagnostics.first?.hint?.contains("core") == true)
    }

    @Test func findingsMarkTheirEdgeOrTheirTargets() async throws {
        let workspace = try await Self.iss()
        let edge = Diagnostic(
            id: "layer-direction", severity: .error, message: "up", subject: DiagnosticSubject(source: "Logging", target: "NetworkCore"))
        let onEdge = Diagnostic(
            id: "same-layer", severity: .error, message: "m", subject: DiagnosticSubject(source: "Spacesuit", target: "UIComponents"))
        let node = Diagnostic(id: "unmapped-target", severity: .warning, message: "n", subject: DiagnosticSubject(source: "Radio", target: ""))
        let view = try GraphView(workspace: workspace, findings: [edge, onEdge, node], selection: GraphSelection())
        // Logging does not depend on NetworkCore, so that finding marks the two targets instead.
        #expect(view.rules(of: workspace.index["Logging"]!) == ["layer-direction"])
        let marked = view.edges.filter { !$0.rules.isEmpty }
        #expect(marked.count == 1)
        #expect(marked.first.map { workspace.targets[$0.from].name + "→" + workspace.targets[$0.to].name } == "Spacesuit→UIComponents")
        #expect(view.rules(of: workspace.index["Radio"]!) == ["unmapped-target"])
    }
}
