/// How a coordinator's flow ended.
public enum CoordinatorResult: Sendable {
    /// The flow finished, with an optional result.
    case completed((any Sendable)? = nil)
    /// The flow failed.
    case failed(any Error)
    /// The user left the flow without finishing it.
    case cancelled

    /// The same ending as a route's outcome.
    public var outcome: RouteOutcome {
        switch self {
        case .completed(let value): .success(value)
        case .failed(let error): .failure(error)
        case .cancelled: .cancelled
        }
    }
}

/// Something a presenter can show: on iOS a view controller, in a terminal app a screen of text.
/// The library never looks inside; the app's ``Presenter`` knows the concrete type.
public protocol Presentable {}

/// How a screen is shown.
public enum PresentationStyle: Sendable, Hashable {
    /// On top of the current flow's stack (a navigation push).
    case push
    /// Over everything, to be dismissed (a modal sheet).
    case modal
    /// In place of everything shown so far (a new root).
    case root
}

/// Shows screens. The app implements it on its UI toolkit (an iOS app on a
/// `UINavigationController`, the ISS terminal apps on standard output), so coordinators, and the
/// library, never need UIKit.
@MainActor
public protocol Presenter: AnyObject, Sendable {
    /// Shows `screen` in `style`.
    func present(_ screen: any Presentable, style: PresentationStyle)
    /// Removes `screen` (and whatever was shown above it).
    func dismiss(_ screen: any Presentable)
}

/// Drives one flow of a domain: which screens to show, in which order, and when it is done.
///
/// A coordinator starts children for sub-flows, is told when they finish, and reports its own end
/// through ``onFinish``. `start(link:)` takes a deep link; a coordinator that cannot handle it
/// returns `false` so that its parent can try another.
///
/// ```swift
/// @MainActor final class SpacesuitCoordinator: Coordinator {
///     var children: [any Coordinator] = []
///     var onFinish: ((CoordinatorResult) -> Void)?
///     func start() { presenter.present(SuitListScreen(), style: .push) }
///     func start(link: DeepLink) -> Bool { … }
/// }
/// ```
@MainActor
public protocol Coordinator: AnyObject {
    /// The children whose flows are running.
    var children: [any Coordinator] { get set }
    /// Called once when the flow ends; set by whoever started the coordinator.
    var onFinish: ((CoordinatorResult) -> Void)? { get set }
    /// Starts the flow at its first screen.
    func start()
    /// Starts the flow at the place `link` names, or returns `false` (and starts nothing) when
    /// the link is not one of this flow's.
    func start(link: DeepLink) -> Bool
}

extension Coordinator {
    /// By default a coordinator takes no deep links.
    public func start(link: DeepLink) -> Bool { false }

    /// Ends the flow: calls ``onFinish`` once with `result` and clears it.
    public func finish(_ result: CoordinatorResult) {
        let handler = onFinish
        onFinish = nil
        handler?(result)
    }

    /// Starts `child` (at `link`, if given) as a child of this coordinator: it stays in
    /// ``children`` until it finishes, then `onFinish` gets its result.
    ///
    /// - Returns: `false`, without adding the child, when `link` is given and the child does not
    ///   take it.
    @discardableResult
    public func startChild(
        _ child: any Coordinator, link: DeepLink? = nil, onFinish: @escaping (CoordinatorResult) -> Void = { _ in }
    ) -> Bool {
        children.append(child)
        child.onFinish = { [weak self, weak child] result in
            if let self, let child { self.children.removeAll { $0 === child } }
            onFinish(result)
        }
        if let link {
            guard child.start(link: link) else {
                children.removeAll { $0 === child }
                child.onFinish = nil
                return false
            }
        } else {
            child.start()
        }
        return true
    }

    /// Starts the flow (at `link`, if given) and waits until it finishes: what a route handler
    /// returns. A link the coordinator does not take fails with ``DeepLinkError``.
    public func run(link: DeepLink? = nil) async -> CoordinatorResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<CoordinatorResult, Never>) in
            onFinish = { continuation.resume(returning: $0) }
            if let link {
                if !start(link: link) {
                    onFinish = nil
                    continuation.resume(returning: .failed(DeepLinkError(link: link, coordinator: String(describing: type(of: self)))))
                }
            } else {
                start()
            }
        }
    }
}

/// A deep link handed to ``Coordinator/start(link:)``: the URL, split, and the parameters of the
/// route that matched it, if a router matched it.
public struct DeepLink: Sendable, CustomStringConvertible {
    /// The URL.
    public let url: RouteURL
    /// The parameters of the route that matched, or `nil` when no router was involved.
    public let parameters: RouteParameters?

    /// A link to `url` (nil when `url` has no scheme).
    public init?(_ url: String) {
        guard let parsed = RouteURL(url) else { return nil }
        self.url = parsed
        self.parameters = nil
    }

    /// The link a route's request stands for, with its decoded parameters.
    public init(_ request: RouteRequest) {
        url = request.url
        parameters = request.parameters
    }

    /// The link's path after the host: `iss://cosmonaut/42/suit` → `["42", "suit"]`.
    public var path: ArraySlice<String> { url.segments.dropFirst() }

    /// The URL.
    public var description: String { url.text }
}

/// A coordinator was given a deep link it does not take.
public struct DeepLinkError: Error, CustomStringConvertible {
    /// The link.
    public let link: DeepLink
    /// The coordinator's type.
    public let coordinator: String

    /// `<coordinator> does not take the link <url>`.
    public var description: String { "\(coordinator) does not take the link \(link)" }
}
