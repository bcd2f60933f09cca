import Columbus
import HeatRadiatorServiceCore
import HeatRadiatorServiceMocks
import Logging
import PersistenceCore
import PersistenceMocks
import StrataDI
import StrataRouting
import Testing
import UIComponents

@MainActor @Suite struct LaboratoryCoordinatorTests {
    @Test func theExperimentsRouteUsesTheInjectedStore() async throws {
        let store = RecordingStore()
        let container = Container()
        container.register((any HeatRadiatorServicing).self) { _ in MockHeatRadiatorService(loops: ColumbusTests.loops) }
        container.register((any KeyValueStore).self) { _ in store }
        container.register(Logger.self) { _ in .disabled }
        let presenter = TerminalPresenter { _ in }
        let router = Router()
        try router.install([ColumbusRoutes(host: "test")])
        _ = try await Injection.withContainer(container) { try await router.open("iss://test/experiments", context: presenter) }
        #expect(presenter.shown == ["Experiments"])
    }
}
