import DockingPortServiceCore
import SolarArrayServiceCore
import StrataDI
import StrataRouting
import UIComponents

/// The station-structure flow: the truss, its solar wings and its docking ports.
@MainActor
public final class ScaffoldCoordinator: ScreenCoordinator {
    public nonisolated static let route = "structure"
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
}

/// The Scaffold domain's route under an app's host: `iss://<host>/structure`.
public typealias ScaffoldRoutes = ScreenRoutes<ScaffoldCoordinator>
