import Logging
import SpacesuitCore
import SpacesuitServiceCore
import StrataDI
import StrataRouting
import UIComponents

/// The spacesuit flow: every suit, or one suit when a link names it (`…/spacesuit/EMU-3005`).
/// Its services come from the container (`@Injected`), so tests inject mocks per task.
@MainActor
public final class SpacesuitCoordinator: ScreenCoordinator {
    public nonisolated static let route = "spacesuit/:suit?"
    public var children: [any Coordinator] = []
    public var onFinish: ((CoordinatorResult) -> Void)?
    @Injected private var service: any SpacesuitServicing
    @Injected private var logger: Logger
    private let presenter: any Presenter

    public init(presenter: any Presenter) {
        self.presenter = presenter
    }

    public func start() { show(only: nil) }

    public func start(link: DeepLink) -> Bool {
        guard link.path.first == "spacesuit", link.path.count <= 2 else { return false }
        show(only: link.path.dropFirst().first.map(SuitID.init))
        return true
    }

    private func show(only suit: SuitID?) {
        let flow = SpacesuitFlow(service: service, logger: logger, only: suit)
        ScreenFlow.show("Spacesuits", on: presenter, finishing: self) { await flow.render() }
    }
}

/// The Spacesuit domain's route under an app's host: `iss://<host>/spacesuit/:suit?`.
public typealias SpacesuitRoutes = ScreenRoutes<SpacesuitCoordinator>

/// The Spacesuit domain's services for other domains: suit readiness, behind SpacesuitCore.
public struct SpacesuitAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any SuitReadinessProviding).self) { resolver in
            SuitReadinessProvider(service: try resolver.resolve())
        }
    }
}
