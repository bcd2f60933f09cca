import Foundation
import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct SameLayerTests {
    @Test func linksToAnInterfaceInTheSameLayerAreAllowed() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Network: { layer: core, interface: true, mocks: true }
                  Radio: { layer: core, interface: { dependencies: [NetworkCore] }, dependencies: [NetworkCore] }
                """)
        #expect(try await findings(of: SameLayer(), in: marked).isEmpty)
    }

    @Test func aLayerMayAllowItsModulesToLinkEachOther() async throws {
        let manifest = header.replacingOccurrences(of: "service", with: "{ name: service, same-layer: allowed }")
        let marked = MarkedText(
            manifest + """
                modules:
                  SuitService: { layer: service }
                  CrewService: { layer: service, dependencies: [SuitService] }
                  Radio: { layer: core }
                  Network: { layer: core, dependencies: [1️⃣Radio] }
                """)
        let result = try await findings(of: SameLayer(), in: marked)
        // Only the core layer is checked.
        #expect(result.map(\.subject.source) == ["Network"])
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func testsMayUseTheMocksOfANeighbour() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Network: { layer: core, interface: true, mocks: true }
                  Radio: { layer: core, dependencies: [NetworkCore], tests: { dependencies: [NetworkMocks] } }
                """)
        #expect(try await findings(of: SameLayer(), in: marked).isEmpty)
    }

    @Test func linksToAnImplementationInTheSameLayerAreReportedWithTheInterfaceToUse() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true }
                  CrewService: { layer: service, dependencies: [1️⃣SuitService] }
                """)
        let result = try await findings(of: SameLayer(), in: marked)
        #expect(result.count == 1)
        #expect(
            result.first?.message
                == "'CrewService' depends on 'SuitService', another module in layer 'service'; inside a layer, links must go to an interface target")
        #expect(result.first?.hint == "depend on its interface 'SuitServiceCore' instead")
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func withoutAnInterfaceTheHintSuggestsCreatingOne() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Network: { layer: core }
                  Radio: { layer: core, dependencies: [1️⃣Network] }
                """)
        let result = try await findings(of: SameLayer(), in: marked)
        #expect(result.first?.hint?.hasPrefix("give 'Network' an interface target") == true)
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func anAppDependingOnAnotherAppIsReported() async throws {
        // Depending on an app is rejected when the manifest is read; the rule itself covers
        // graphs built by other means (adopt mode), tested there.
        let errors = await InlineWorkspace.inputErrors(
            header + """
                modules:
                  Suit: { layer: domain }
                apps:
                  Cosmonaut: { dependencies: [Suit] }
                  Overview: { dependencies: [Cosmonaut] }
                """)
        #expect(errors.map(\.id) == ["invalid-dependency"])
    }
}
