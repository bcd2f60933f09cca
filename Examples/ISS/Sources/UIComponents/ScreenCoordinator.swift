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

    /// Registers `pattern` as a route that starts the coordinator `make` returns, on the
    /// presenter the opener passes as context, and ends when the coordinator's flow ends.
    public nonisolated static func route(
        _ pattern: String, owner: String, in router: Router,
        coordinator make: @escaping @MainActor @Sendable (any Presenter) -> any Coordinator
    ) throws(RouteRegistrationError) {
        try router.register(pattern, owner: owner) { request in
            guard let presenter = request.context as? any Presenter else { throw MissingPresenter(url: request.url.text) }
            return await run(make, on: presenter, link: DeepLink(request)).outcome
        }
    }

    private static func run(
        _ make: @MainActor (any Presenter) -> any Coordinator, on presenter: any Presenter, link: DeepLink
    ) async -> CoordinatorResult {
        await make(presenter).run(link: link)
    }
}

/// A route was opened without a presenter to show its screens on.
public struct MissingPresenter: Error, CustomStringConvertible {
    public let url: String
    public var description: String { "\(url) was opened without a presenter (pass one as the context)" }
}
