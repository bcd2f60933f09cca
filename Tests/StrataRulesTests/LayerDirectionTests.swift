import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct LayerDirectionTests {
    @Test func dependingOnLowerLayersIsAllowed() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared }
                  Network: { layer: core, dependencies: [Logging] }
                  Suit: { layer: domain, dependencies: [Network, Logging] }
                apps:
                  Cosmonaut: { dependencies: [Suit, Network] }
                """)
        #expect(try await findings(of: LayerDirection(), in: marked).isEmpty)
    }

    @Test func dependingOnAHigherLayerIsReportedAtTheDeclaringLine() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared, dependencies: [1️⃣Network] }
                  Network: { layer: core }
                """)
        let result = try await findings(of: LayerDirection(), in: marked)
        #expect(result.count == 1)
        #expect(result.first?.message == "'Logging' (shared) depends on 'Network' (core), which is in a higher layer")
        #expect(result.first?.subject == DiagnosticSubject(source: "Logging", target: "Network"))
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func testsMayNotDependUpwardsEither() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared, tests: { dependencies: [1️⃣Suit] } }
                  Suit: { layer: domain }
                """)
        let result = try await findings(of: LayerDirection(), in: marked)
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "LoggingTests", target: "Suit")])
        expectLocation(result.first, at: "1️⃣", in: marked)
    }

    @Test func theRuleOnlyLooksAtDeclaredEdges() async throws {
        // Tests depend on the mocks of their module's dependencies by convention; that edge
        // follows the declared one and must not be reported a second time.
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared, dependencies: [1️⃣Network] }
                  Network: { layer: core, mocks: true }
                """)
        #expect(try await findings(of: LayerDirection(), in: marked).count == 1)
    }
}
