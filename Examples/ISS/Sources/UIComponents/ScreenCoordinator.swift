import StrataRouting

/// What every ISS domain coordinator does once it knows its screen: render it, present it on
/// the request's presenter, and finish.
@MainActor
public enum ScreenFlow {
    /// Renders a screen with `render`, shows it on `presenter` and finishes `coordinator`.
    public static func show(
        _ title: String, on presenter: any Presenter, finishing coordinator: any Coordinator,
        render: @escaping @MainActor () async -> String
    ) {
        Task { @MainActor in
            presenter.present(TerminalScreen(title: title, text: await render()), style: .push)
            coordinator.finish(.completed(title))
        }
    }
}

/// A domain coordinator that shows one screen, reached at one route under the app's host.
@MainActor
public protocol ScreenCoordinator: Coordinator, SendableMetatype {
    /// The route under the app's host, such as `peripheries` or `spacesuit/:suit?`.
    nonisolated static var route: String { get }
    init(presenter: any Presenter)
}

extension ScreenCoordinator {
    /// Takes a link whose path is exactly ``route``; a coordinator whose route has parameters
    /// implements its own.
    public func start(link: DeepLink) -> Bool {
        guard link.path.elementsEqual(Self.route.split(separator: "/").map(String.init)) else { return false }
        start()
        return true
    }
}

/// The route of one screen coordinator under an app's host, `iss://<host>/<route>`, owned by the
/// coordinator's module: it starts the coordinator on the presenter the opener passes as context
/// and ends when the coordinator's flow ends.
public struct ScreenRoutes<Screen: ScreenCoordinator>: RouteProvider {
    private let host: String

    public init(host: String) { self.host = host }

    public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
        let owner = String(String(reflecting: Screen.self).prefix { $0 != "." })
        try router.register("iss://\(host)/\(Screen.route)", owner: owner) { request in
            guard let presenter = request.context as? any Presenter else { throw MissingPresenter(url: request.url.text) }
            return await Self.run(on: presenter, link: DeepLink(request)).outcome
        }
    }

    @MainActor
    private static func run(on presenter: any Presenter, link: DeepLink) async -> CoordinatorResult {
        await Screen(presenter: presenter).run(link: link)
    }
}

/// A route was opened without a presenter to show its screens on.
public struct MissingPresenter: Error, CustomStringConvertible {
    public let url: String
    public var description: String { "\(url) was opened without a presenter (pass one as the context)" }
}
