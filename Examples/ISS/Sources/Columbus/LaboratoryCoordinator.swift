import HeatRadiatorServiceCore
import Logging
import PersistenceCore
import StrataDI
import StrataRouting
import UIComponents

/// The Columbus laboratory flow: the experiment plan against the cooling it needs.
@MainActor
public final class LaboratoryCoordinator: Coordinator {
    public var children: [any Coordinator] = []
    public var onFinish: ((CoordinatorResult) -> Void)?
    @Injected private var cooling: any HeatRadiatorServicing
    @Injected private var store: any KeyValueStore
    @Injected private var logger: Logger
    private let presenter: any Presenter

    public init(presenter: any Presenter) {
        self.presenter = presenter
    }

    public func start() {
        let flow = LaboratoryFlow(cooling: cooling, store: store, logger: logger)
        ScreenFlow.show("Experiments", on: presenter, finishing: self) { await flow.render() }
    }

    public func start(link: DeepLink) -> Bool {
        guard link.path.elementsEqual(["experiments"]) else { return false }
        start()
        return true
    }
}

/// The Columbus domain's routes: `iss://<host>/experiments`.
public struct ColumbusRoutes: RouteProvider {
    private let host: String

    public init(host: String) { self.host = host }

    public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
        try ScreenFlow.route("iss://\(host)/experiments", owner: "Columbus", in: router) { LaboratoryCoordinator(presenter: $0) }
    }
}
