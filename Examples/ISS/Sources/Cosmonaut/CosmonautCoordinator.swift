import CosmonautServiceCore
import Logging
import SpacesuitCore
import StrataDI
import StrataRouting
import UIComponents

/// The crew flow: who is on board, their supplies and their suits' readiness.
@MainActor
public final class CosmonautCoordinator: ScreenCoordinator {
    public nonisolated static let route = "crew"
    public var children: [any Coordinator] = []
    public var onFinish: ((CoordinatorResult) -> Void)?
    @Injected private var crewService: any CosmonautServicing
    @Injected private var suits: any SuitReadinessProviding
    @Injected private var logger: Logger
    private let presenter: any Presenter

    public init(presenter: any Presenter) {
        self.presenter = presenter
    }

    public func start() {
        let flow = CosmonautFlow(crewService: crewService, suits: suits, logger: logger)
        ScreenFlow.show("Crew", on: presenter, finishing: self) { await flow.render() }
    }
}

/// The Cosmonaut domain's route under an app's host: `iss://<host>/crew`.
public typealias CosmonautRoutes = ScreenRoutes<CosmonautCoordinator>
