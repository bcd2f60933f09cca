import Cosmonaut
import CosmonautServiceCore
import CosmonautServiceMocks
import Logging
import SpacesuitCore
import Testing

/// Suit readiness from a table, standing in for the Spacesuit domain.
struct FixedReadiness: SuitReadinessProviding {
    var ready: Set<String>
    func readiness(ofSuit suit: String) async -> SuitReadiness {
        SuitReadiness(suit: suit, isReady: ready.contains(suit), summary: ready.contains(suit) ? "ready" : "oxygen low")
    }
}

@Suite struct CosmonautTests {
    static let crew = [
        Cosmonaut(id: "c1", name: "Oleg Kononenko", role: "Commander", agency: "Roscosmos"),
        Cosmonaut(id: "c2", name: "Tracy Dyson", role: "Flight Engineer", agency: "NASA", suit: "EMU-3005"),
    ]

    @Test func theScreenShowsEveryCrewMemberWithSuppliesAndSuit() async {
        let service = MockCosmonautService(
            roster: Self.crew,
            supplies: [
                SupplyStatus(cosmonautID: "c1", foodDays: 84, waterLiters: 310, medicalKitOK: true),
                SupplyStatus(cosmonautID: "c2", foodDays: 12, waterLiters: 305, medicalKitOK: true),
            ])
        let screen = await CosmonautFlow(crewService: service, suits: FixedReadiness(ready: []), logger: .disabled).render()
        #expect(screen.hasPrefix("Crew on board: 2"))
        #expect(screen.contains("Oleg Kononenko"))
        #expect(screen.contains("! Tracy Dyson: resupply needed (12 days of food)"))
        #expect(screen.contains("! Tracy Dyson's suit EMU-3005: oxygen low"))
    }

    @Test func missingSuppliesAreShownAsUnknown() async {
        let service = MockCosmonautService(roster: [Self.crew[0]], supplies: [])
        let screen = await CosmonautFlow(crewService: service, suits: FixedReadiness(ready: []), logger: .disabled).render()
        #expect(screen.contains("Oleg Kononenko: supplies unknown"))
    }
}
