import StrataDiagnostics
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct GenerateModeBuilderTests {
    static let manifest = """
        layers: [domain, service, core]
        naming: { interface: "{module}Core", mocks: "{module}Mocks", app: "{app}App" }
        packages:
          swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
        modules:
          Network: { layer: core, interface: true, mocks: true, linkage: dynamic, packages: [swift-log/Logging] }
          SuitService: { layer: service, interface: true, mocks: true, dependencies: [NetworkCore] }
          Suit: { layer: domain, dependencies: [SuitServiceCore], tests: false }
        apps:
          Cosmonaut: { dependencies: [Suit, SuitService, Network] }
        """

    private func edges(_ workspace: Workspace, from name: String) -> [String] {
        workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }.sorted()
    }

    @Test func emptySectionsAreHowANewWorkspaceStarts() async throws {
        let workspace = try await InlineWorkspace.load("layers: [core]\nmodules:\napps:\nowners:\nrules:\npackages:\n").workspace
        #expect(workspace.targets.isEmpty)
        #expect(workspace.manifest.mode == .generate)
    }

    @Test func everyModuleGetsItsTargetsByTheNamingTemplates() async throws {
        let workspace = try await InlineWorkspace.load(Self.manifest).workspace
        #expect(
            workspace.targets.map(\.name) == [
                "Network", "NetworkCore", "NetworkMocks", "NetworkTests",
                "SuitService", "SuitServiceCore", "SuitServiceMocks", "SuitServiceTests",
                "Suit", "CosmonautApp", "swift-log/Logging",
            ])
        #expect(
            workspace.targets.map(\.role) == [
                .implementation, .interface, .mocks, .tests, .implementation, .interface, .mocks, .tests,
                .implementation, .app, .external,
            ])
        #expect(workspace.targets.first?.linkage == .dynamic)
        #expect(workspace.modules.first?.targets[.interface] == TargetID(1))
    }

    @Test func conventionalEdgesAreAddedAndMarkedAutomatic() async throws {
        let workspace = try await InlineWorkspace.load(Self.manifest).workspace
        #expect(edges(workspace, from: "Network") == ["NetworkCore", "swift-log/Logging"])
        #expect(edges(workspace, from: "NetworkMocks") == ["NetworkCore"])
        #expect(edges(workspace, from: "SuitServiceTests") == ["NetworkMocks", "SuitService", "SuitServiceCore", "SuitServiceMocks"])
        let suitServiceTests = workspace.index["SuitServiceTests"]!
        #expect(workspace.dependencies[suitServiceTests].allSatisfy { $0.isAutomatic })
        let network = workspace.index["Network"]!
        #expect(workspace.dependencies[network].map(\.isAutomatic) == [false, true])
    }

    @Test func appsSitAboveEveryLayer() async throws {
        let workspace = try await InlineWorkspace.load(Self.manifest).workspace
        #expect(workspace.rank(of: workspace.index["CosmonautApp"]!) == .app)
        #expect(workspace.rank(of: workspace.index["Suit"]!) == .layer(LayerID(0)))
        #expect(workspace.rank(of: workspace.index["swift-log/Logging"]!) == nil)
        #expect(workspace.layerName(of: workspace.index["NetworkMocks"]!) == "core")
    }

    @Test func edgesRememberTheLineThatDeclaredThem() async throws {
        let marked = MarkedText(
            """
            layers: [domain, core]
            modules:
              Network: { layer: core }
              Suit: { layer: domain, dependencies: [1️⃣Network] }
            """)
        let workspace = try await InlineWorkspace.load(marked.text).workspace
        let edge = try #require(workspace.dependency(from: workspace.index["Suit"]!, to: workspace.index["Network"]!))
        #expect(edge.location?.line == marked.position("1️⃣").line)
        #expect(edge.location?.column == marked.position("1️⃣").column)
    }

    @Test func aRepeatedDependencyIsAWarningNotAnError() async throws {
        let loaded = try await InlineWorkspace.load(
            """
            layers: [domain, core]
            modules:
              Network: { layer: core }
              Suit: { layer: domain, dependencies: [Network, Network] }
            """)
        #expect(loaded.diagnostics.map(\.id) == ["duplicate-dependency"])
        #expect(loaded.diagnostics.first?.severity == .warning)
    }

    @Test func ownersMustNameModulesOrPatterns() async {
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            modules:
              Network: { layer: core }
            owners:
              "@team": [Netwrk, "Net*"]
            """)
        #expect(errors.map(\.id) == ["unknown-module"])
        #expect(errors.first?.hint == "did you mean 'Network'?")
    }
}
