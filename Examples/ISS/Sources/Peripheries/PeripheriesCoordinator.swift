import DockingPortServiceCore
import HeatRadiatorServiceCore
import SolarArrayServiceCore
import StrataDI
import StrataRouting
import UIComponents

/// The peripheries flow: heat radiators, solar arrays and docking ports.
@MainActor
public final class PeripheriesCoordinator: ScreenCoordinator {
    public nonisolated static let route = "peripheries"
    public var children: [any Coordinator] = []
    public var onFinish: ((CoordinatorResult) -> Void)?
    @Injected private var heat: any HeatRadiatorServicing
    @Injected private var solar: any SolarArrayServicing
    @Injected private var docking: any DockingPortServicing
    private let presenter: any Presenter

    public init(presenter: any Presenter) {
        self.presenter = presenter
    }

    public func start() {
        let flow = PeripheriesFlow(heat: heat, solar: solar, docking: docking)
        ScreenFlow.show("Peripheries", on: presenter, finishing: self) { await flow.render() }
    }
}

/// The Peripheries domain's route under an app's host: `iss://<host>/peripheries`.
public typealias PeripheriesRoutes = ScreenRoutes<PeripheriesCoordinator>
