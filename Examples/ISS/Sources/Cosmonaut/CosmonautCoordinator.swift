import CosmonautServiceCore
import Logging
import SpacesuitCore
import StrataDI
import StrataRouting
import UIComponents

/// The crew flow: who is on board, their supplies and their suits' readiness.
@MainActor
public final class CosmonautCoordinator: Coordinator {
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

    public func start(link: DeepLink) -> Bool {
        guard link.path.elementsEqual(["crew"]) else { return false }
        start()
        return true
    }
}

/// The Cosmonaut domain's routes: `iss://<host>/crew`.
public struct CosmonautRoutes: RouteProvider {
    private let host: String

    public init(host: String) { self.host = host }

    public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
        try ScreenFlow.route("iss://\(host)/crew", owner: "Cosmonaut", in: router) { CosmonautCoordinator(presenter: $0) }
    }
}
