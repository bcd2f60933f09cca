import Cosmonaut
import CosmonautServiceCore
import CosmonautServiceMocks
import Logging
import SpacesuitCore
import StrataDI
import StrataRouting
import Testing
import UIComponents

@MainActor @Suite struct CosmonautCoordinatorTests {
    @Test func theCrewRouteRendersWithMocksInjectedForThisTaskOnly() async throws {
        let container = Container()
        container.register((any CosmonautServicing).self) { _ in
            MockCosmonautService(
                roster: [Cosmonaut(id: "c1", name: "Oleg", role: "Commander", agency: "Roscosmos", suit: "EMU-3005")],
                supplies: [SupplyStatus(cosmonautID: "c1", foodDays: 30, waterLiters: 40, medicalKitOK: true)])
        }
        container.register((any SuitReadinessProviding).self) { _ in FixedReadiness(ready: ["EMU-3005"]) }
        container.register(Logger.self) { _ in .disabled }
        var printed: [String] = []
        let presenter = TerminalPresenter { printed.append($0) }
        let router = Router()
        try router.install([CosmonautRoutes(host: "test")])
        _ = try await Injection.withContainer(container) { try await router.open("iss://test/crew", context: presenter) }
        #expect(presenter.shown == ["Crew"])
        #expect(printed.first?.hasPrefix("Crew on board: 1") == true)
        #expect(!router.canOpen("iss://test/spacesuit"), "the Cosmonaut domain routes only its own flow")
    }
}
