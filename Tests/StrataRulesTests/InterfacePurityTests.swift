import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct InterfacePurityTests {
    @Test func interfacesMayUseInterfacesAndLowerModulesWithoutOne() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared }
                  Radio: { layer: core, interface: true }
                  SuitService: { layer: service, interface: { dependencies: [RadioCore, Logging] } }
                """)
        #expect(try await findings(of: InterfacePurity(), in: marked).isEmpty)
    }

    @Test func anInterfaceUsingAnImplementationThatHasAnInterfaceIsReported() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Radio: { layer: core, interface: true }
                  SuitService: { layer: service, interface: { dependencies: [1️⃣Radio] } }
                """)
        let result = try await findings(of: InterfacePurity(), in: marked)
        #expect(result.count == 1)
        #expect(
            result.first?.message
                == "interface 'SuitServiceCore' depends on the implementation 'Radio'; an interface may depend only on interfaces and on lower modules without one"
        )
        #expect(result.first?.hint == "depend on its interface 'RadioCore' instead")
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func anInterfaceUsingItsOwnImplementationOrMocksIsReported() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Radio: { layer: core, interface: { dependencies: [1️⃣Radio, 2️⃣RadioMocks] }, mocks: true }
                """)
        let result = try await findings(of: InterfacePurity(), in: marked)
        #expect(result.map(\.subject.target) == ["Radio", "RadioMocks"])
        expectLocation(result.first, at: "1️⃣", in: marked)
        expectLocation(result.last, at: "2️⃣", in: marked)
    }
}
