import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct MocksInProductionTests {
    @Test func testsAndHostAppsMayLinkMocks() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true, mocks: true }
                  Suit: { layer: domain, dependencies: [SuitServiceCore], tests: { dependencies: [SuitServiceMocks] } }
                apps:
                  SuitHost: { dependencies: [Suit, SuitServiceMocks], host: true }
                """)
        #expect(try await findings(of: MocksInProduction(), in: marked).isEmpty)
    }

    @Test func theMessagePrintsThePathFromTheAppToTheMock() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true, mocks: true }
                  Suit: { layer: domain, dependencies: [SuitServiceCore, 1️⃣SuitServiceMocks] }
                apps:
                  Cosmonaut: { dependencies: [2️⃣Suit] }
                """)
        let result = try await findings(of: MocksInProduction(), in: marked)
        #expect(result.count == 1)
        #expect(result.first?.message == "mocks target 'SuitServiceMocks' is linked by production code: Cosmonaut → Suit → SuitServiceMocks")
        expectLocation(result.first, at: "1️⃣", in: marked)
        let note = try #require(result.first?.notes.first)
        #expect(note.message == "'Cosmonaut' depends on 'Suit'")
        #expect(note.location?.line == marked.position("2️⃣").line)
    }

    @Test func aProductionModuleNoAppReachesStillMayNotLinkMocks() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, interface: true, mocks: true }
                  Suit: { layer: domain, dependencies: [1️⃣SuitServiceMocks] }
                """)
        let result = try await findings(of: MocksInProduction(), in: marked)
        #expect(result.first?.message.hasSuffix(": Suit → SuitServiceMocks") == true)
    }

    @Test func anAppThatIsNotAHostMayNotLinkMocks() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  SuitService: { layer: service, mocks: true }
                apps:
                  Cosmonaut: { dependencies: [1️⃣SuitServiceMocks] }
                """)
        let result = try await findings(of: MocksInProduction(), in: marked)
        #expect(result.first?.hint?.contains("host: true") == true)
        expectLocation(result.first, at: "1️⃣", in: marked)
    }
}
