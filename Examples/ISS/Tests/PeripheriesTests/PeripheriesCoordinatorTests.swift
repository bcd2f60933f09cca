import DockingPortServiceCore
import DockingPortServiceMocks
import HeatRadiatorServiceCore
import HeatRadiatorServiceMocks
import Peripheries
import SolarArrayServiceCore
import SolarArrayServiceMocks
import StrataDI
import StrataRouting
import Testing
import UIComponents

@MainActor @Suite struct PeripheriesCoordinatorTests {
    @Test func theRouteShowsThePeripheriesFromInjectedMocks() async throws {
        let container = Container()
        container.register((any HeatRadiatorServicing).self) { _ in MockHeatRadiatorService(failure: "loop offline") }
        container.register((any SolarArrayServicing).self) { _ in MockSolarArrayService(wings: PeripheriesTests.wings) }
        container.register((any DockingPortServicing).self) { _ in MockDockingPortService(ports: []) }
        let presenter = TerminalPresenter { _ in }
        let router = Router()
        try router.install([PeripheriesRoutes(host: "test")])
        let outcome = try await Injection.withContainer(container) { try await router.open("iss://test/peripheries", context: presenter) }
        guard case .success = outcome else { Issue.record("expected success, got \(outcome)"); return }
        #expect(presenter.shown == ["Peripheries"])
    }
}
