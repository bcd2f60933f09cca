import StrataDiagnostics
import StrataRules
import StrataWorkspaceTestSupport
import Testing

@Suite struct NoCyclesTests {
    @Test func anAcyclicGraphHasNoFindings() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  A: { layer: core, interface: true }
                  B: { layer: core, interface: { dependencies: [ACore] } }
                """)
        #expect(try await findings(of: NoCycles(), in: marked).isEmpty)
    }

    @Test func eachCycleIsReportedOnceWithItsFullPath() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  A: { layer: core, interface: { dependencies: [1️⃣BCore] } }
                  B: { layer: core, interface: { dependencies: [CCore] } }
                  C: { layer: core, interface: { dependencies: [ACore, BCore] } }
                """)
        let result = try await findings(of: NoCycles(), in: marked)
        #expect(
            result.map(\.message).sorted() == [
                "dependency cycle: ACore → BCore → CCore → ACore",
                "dependency cycle: BCore → CCore → BCore",
            ])
        let first = try #require(result.first { $0.message.contains("ACore → BCore → CCore") })
        expectLocation(first, at: "1️⃣", in: marked)
        #expect(first.notes.count == 3)
    }

    @Test func aModuleDependingOnItselfIsACycle() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  A: { layer: core, dependencies: [1️⃣A] }
                """)
        let result = try await findings(of: NoCycles(), in: marked)
        #expect(result.map(\.message) == ["'A' depends on itself"])
    }

    @Test func aTangleListsALimitedNumberOfCyclesAndSaysSo() async throws {
        // Six interfaces that all depend on each other: hundreds of elementary cycles.
        let names = ["A", "B", "C", "D", "E", "F"]
        var yaml = header + "modules:\n"
        for name in names {
            let others = names.filter { $0 != name }.map { "\($0)Core" }.joined(separator: ", ")
            yaml += "  \(name): { layer: core, interface: { dependencies: [\(others)] } }\n"
        }
        let result = try await findings(of: NoCycles(limitPerComponent: 10), in: MarkedText(yaml))
        #expect(result.count == 10)
        #expect(result.last?.notes.last?.message.hasPrefix("more cycles exist among these 6 targets") == true)
    }
}
