import Logging
import Spacesuit
import SpacesuitCore
import SpacesuitServiceCore
import SpacesuitServiceMocks
import StrataDI
import StrataRouting
import Testing
import UIComponents

/// The domain's route and coordinator, with mocks injected for this task only.
@MainActor @Suite struct SpacesuitCoordinatorTests {
    private func mocks() -> Container {
        let container = Container()
        container.register((any SpacesuitServicing).self) { _ in
            MockSpacesuitService(statuses: [MockSpacesuitService.readyStatus("EMU-3005"), MockSpacesuitService.readyStatus("EMU-3006")])
        }
        container.register(Logger.self) { _ in .disabled }
        return container
    }

    @Test func aDeepLinkToOneSuitShowsThatSuitOnly() async throws {
        var printed: [String] = []
        let presenter = TerminalPresenter { printed.append($0) }
        let router = Router()
        try router.install([SpacesuitRoutes(host: "test")])
        let outcome = try await Injection.withContainer(mocks()) {
            try await router.open("iss://test/spacesuit/EMU-3006", context: presenter)
        }
        guard case .success = outcome else { Issue.record("expected success, got \(outcome)"); return }
        #expect(presenter.shown == ["Spacesuits"])
        #expect(printed.first?.hasPrefix("Spacesuits: 1 of 1 go for a spacewalk") == true)
        #expect(printed.first?.contains("EMU-3005") == false)
    }

    @Test func theAssemblyAnswersReadinessForOtherDomains() async throws {
        let container = mocks()
        container.assemble([SpacesuitAssembly()])
        try container.verify()
        let readiness = try container.resolve((any SuitReadinessProviding).self)
        #expect(await readiness.readiness(ofSuit: "EMU-3005").isReady)
    }
}
