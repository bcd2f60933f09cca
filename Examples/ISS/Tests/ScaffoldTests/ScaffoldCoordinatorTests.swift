import DockingPortServiceCore
import DockingPortServiceMocks
import Scaffold
import SolarArrayServiceCore
import SolarArrayServiceMocks
import StrataDI
import StrataRouting
import Testing
import UIComponents

@MainActor @Suite struct ScaffoldCoordinatorTests {
    @Test func aRouteWithoutAPresenterFailsWithAClearError() async throws {
        let container = Container()
        container.register((any SolarArrayServicing).self) { _ in MockSolarArrayService(wings: []) }
        container.register((any DockingPortServicing).self) { _ in MockDockingPortService(ports: []) }
        let router = Router()
        try router.install([ScaffoldRoutes(host: "test")])
        let outcome = try await Injection.withContainer(container) { try await router.open("iss://test/structure") }
        guard case .failure(let error) = outcome else { Issue.record("expected failure, got \(outcome)"); return }
        #expect("\(error)" == "iss://test/structure was opened without a presenter (pass one as the context)")
        let presenter = TerminalPresenter { _ in }
        _ = try await Injection.withContainer(container) { try await router.open("iss://test/structure", context: presenter) }
        #expect(presenter.shown == ["Structure"])
    }
}
