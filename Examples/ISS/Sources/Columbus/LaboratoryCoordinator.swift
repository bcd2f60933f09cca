import HeatRadiatorServiceCore
import Logging
import PersistenceCore
import StrataDI
import StrataRouting
import UIComponents

/// The Columbus laboratory flow: the experiment plan against the cooling it needs.
@MainActor
public final class LaboratoryCoordinator: ScreenCoordinator {
    public nonisolated static let route = "experiments"
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
}

/// The Columbus domain's route under an app's host: `iss://<host>/experiments`.
public typealias ColumbusRoutes = ScreenRoutes<LaboratoryCoordinator>
