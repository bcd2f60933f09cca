import DockingPortServiceCore
import SolarArrayServiceCore
import StrataDI
import StrataRouting
import UIComponents

/// The station-structure flow: the truss, its solar wings and its docking ports.
@MainActor
public final class ScaffoldCoordinator: Coordinator {
    public var children: [any Coordinator] = []
    public var onFinish: ((CoordinatorResult) -> Void)?
    @Injected private var solar: any SolarArrayServicing
    @Injected private var docking: any DockingPortServicing
    private let presenter: any Presenter

    public init(presenter: any Presenter) {
        self.presenter = presenter
    }

    public func start() {
        let flow = ScaffoldFlow(solar: solar, docking: docking)
        ScreenFlow.show("Structure", on: presenter, finishing: self) { await flow.render() }
    }

    public func start(link: DeepLink) -> Bool {
        guard link.path.elementsEqual(["structure"]) else { return false }
        start()
        return true
    }
}

/// The Scaffold domain's routes: `iss://<host>/structure`.
public struct ScaffoldRoutes: RouteProvider {
    private let host: String

    public init(host: String) { self.host = host }

    public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
        try ScreenFlow.route("iss://\(host)/structure", owner: "Scaffold", in: router) { ScaffoldCoordinator(presenter: $0) }
    }
}
