import DockingPortServiceCore
import HeatRadiatorServiceCore
import SolarArrayServiceCore
import StrataDI
import StrataRouting
import UIComponents

/// The peripheries flow: heat radiators, solar arrays and docking ports.
@MainActor
public final class PeripheriesCoordinator: Coordinator {
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

    public func start(link: DeepLink) -> Bool {
        guard link.path.elementsEqual(["peripheries"]) else { return false }
        start()
        return true
    }
}

/// The Peripheries domain's routes: `iss://<host>/peripheries`.
public struct PeripheriesRoutes: RouteProvider {
    private let host: String

    public init(host: String) { self.host = host }

    public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
        try ScreenFlow.route("iss://\(host)/peripheries", owner: "Peripheries", in: router) { PeripheriesCoordinator(presenter: $0) }
    }
}
