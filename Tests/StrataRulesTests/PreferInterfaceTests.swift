import StrataDiagnostics
import StrataManifest
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct PreferInterfaceTests {
    @Test func linkingTheInterfaceOrAModuleWithoutOneIsFine() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared }
                  SuitService: { layer: service, interface: true }
                  Suit: { layer: domain, dependencies: [SuitServiceCore, Logging] }
                apps:
                  Cosmonaut: { dependencies: [Suit, SuitService] }
                """)
        #expect(try await findings(of: PreferInterface(), in: marked).isEmpty)
    }

    @Test func aModuleLinkingAnImplementationWithAnInterfaceIsWarned() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true }
                  Suit: { layer: domain, dependencies: [1️⃣SuitService] }
                """)
        let result = try await findings(of: PreferInterface(), in: marked)
        #expect(result.first?.message == "'Suit' links the implementation 'SuitService'; link its interface 'SuitServiceCore' instead")
        expectLocation(result.first, at: "1️⃣", in: marked)
        #expect(PreferInterface().defaultSeverity == .warning)
    }

    @Test func linksInsideALayerAreLeftToSameLayer() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true }
                  CrewService: { layer: service, dependencies: [SuitService] }
                """)
        #expect(try await findings(of: PreferInterface(), in: marked).isEmpty)
    }
}
