import StrataRuntimeSupport

/// What a route's handler returns, or what opening a URL came to.
public enum RouteOutcome: Sendable {
    /// The flow finished successfully, with an optional result for whoever opened it.
    case success((any Sendable)? = nil)
    /// The flow failed.
    case failure(any Error)
    /// The user left the flow without finishing it.
    case cancelled
}

/// What a handler gets: the URL, the matched pattern, the decoded parameters, and the context the
/// opener passed (for instance the presenter to show screens on).
public struct RouteRequest: Sendable {
    /// The matched route and its decoded parameters.
    public let match: RouteMatch
    /// Whatever the opener passed to ``Router/open(_:context:)``.
    public let context: (any Sendable)?

    /// The URL being opened.
    public var url: RouteURL { match.parameters.url }
    /// The decoded parameters.
    public var parameters: RouteParameters { match.parameters }
}

/// Handles a matched URL: usually starts a domain's coordinator and returns when its flow ends.
public typealias RouteHandler = @Sendable (RouteRequest) async throws -> RouteOutcome

/// A route that matched a URL: its pattern, its owner and the parameters decoded from the URL.
public struct RouteMatch: Sendable {
    let route: Route
    /// The parameters decoded from the URL.
    public let parameters: RouteParameters
    /// A declared query parameter whose value did not decode, if any.
    var invalidQuery: (name: String, value: String, type: String)?

    /// The registered pattern.
    public var pattern: RoutePattern { route.pattern }
    /// Who registered it (the module, unless given).
    public var owner: String { route.owner }
    var handler: RouteHandler { route.handler }
}

/// The result of matching a URL.
public enum RouteMatchResult: Sendable {
    /// A route matched.
    case matched(RouteMatch)
    /// No route matched, and why.
    case noMatch(NoRouteReason)
    /// A route matched the path, but rejects a query value it declares (`?page=two` for
    /// `page=<Int>`); opening the URL fails with ``RoutingError/invalidParameter(_:)``.
    case rejected(RouteRejection)

    /// The match, or `nil` when no route matched or the route rejected the URL.
    public var match: RouteMatch? { if case .matched(let match) = self { match } else { nil } }
}

/// The module router: modules register URL patterns with handlers, and anything can open a URL
/// without importing the module that handles it.
///
/// ```swift
/// let router = Router()
/// try router.register("iss://cosmonaut/:id<Int>/suit?tab=") { request in
///     let id: Int = request.parameters["id"]!
///     return await SpacesuitCoordinator(cosmonaut: id).run()
/// }
/// let outcome = try await router.open("iss://cosmonaut/7/suit?tab=oxygen")
/// ```
///
/// Matching walks a tree of segments, so its cost grows with the URL's length, not with the
/// number of routes. Where routes overlap, a literal segment wins over a parameter and a
/// parameter over a wildcard; two patterns that match the same URLs are refused at registration.
/// Registering and matching are safe from any thread.
///
/// Build another module's URLs with ``RoutePattern/url(_:wildcard:)`` or ``url(for:_:wildcard:)``
/// rather than by hand.
public final class Router: Sendable {
    private let state = Lock(State())

    /// The table registrations change, and the copy matches read: matching takes the lock only to
    /// fetch the copy (made again after a registration), so matches on several threads do not wait
    /// for each other.
    private struct State {
        var table = RouteTable()
        var published: PublishedTable?
    }

    private final class PublishedTable: Sendable {
        let table: RouteTable
        init(_ table: RouteTable) { self.table = table }

        /// Matches in place: reading `table` from outside would copy it, retaining each of its arrays.
        func match(_ url: RouteURL) -> RouteMatchResult { table.match(url) }
    }

    /// An empty router that knows the built-in parameter types.
    public init() {}

    /// Lets patterns name `type` as `:name<TypeName>` (``RouteParameter/routeTypeName``).
    public func addParameterType<Value: RouteParameter>(_ type: Value.Type) {
        state.withLock { state in
            state.table.types[Value.routeTypeName] = ParameterType(type)
            state.published = nil
        }
    }

    /// Registers `handler` for the URLs `pattern` matches.
    ///
    /// - Parameters:
    ///   - pattern: the URLs to route, such as `iss://cosmonaut/spacesuit/:id<Int>`.
    ///   - owner: who registers it, for conflict messages; the calling module by default.
    ///   - fileID: where the call is, from which the calling module is read; leave the default.
    ///   - handler: what runs for a matched URL, with its parameters.
    /// - Throws: ``RouteRegistrationError`` when the pattern is invalid, names an unknown type or
    ///   conflicts with a registered one. Nothing is registered then.
    public func register(
        _ pattern: String, owner: String? = nil, fileID: String = #fileID, handler: @escaping RouteHandler
    ) throws(RouteRegistrationError) {
        let parsed = try RoutePattern(pattern)
        let owner = owner ?? String(fileID.prefix { $0 != "/" })
        try state.withLock { (state: inout State) throws(RouteRegistrationError) in
            try state.table.insert(Route(pattern: parsed, owner: owner, handler: handler))
            state.published = nil
        }
    }

    /// Registers every provider's routes, in order; stops at the first error (routes already
    /// registered by earlier providers stay).
    public func install(_ providers: [any RouteProvider]) throws(RouteRegistrationError) {
        for provider in providers { try provider.registerRoutes(in: self) }
    }

    /// The patterns registered, with their owners, in registration order.
    public var routes: [(pattern: RoutePattern, owner: String)] {
        state.withLock { $0.table.routes.map { ($0.pattern, $0.owner) } }
    }

    /// The route that matches `url` and its decoded parameters, or why none does.
    public func match(_ url: String) -> RouteMatchResult {
        guard let parsed = RouteURL(url) else {
            return .noMatch(NoRouteReason(url: url, message: "it is not a URL with a scheme"))
        }
        return match(parsed)
    }

    /// The route that matches `url` and its decoded parameters, or why none does.
    public func match(_ url: RouteURL) -> RouteMatchResult {
        let published = state.withLock { state in
            if let published = state.published { return published }
            let published = PublishedTable(state.table)
            state.published = published
            return published
        }
        return published.match(url)
    }

    /// Whether a route matches `url`.
    public func canOpen(_ url: String) -> Bool { match(url).match != nil }

    /// The parameter types patterns may name, by name.
    var parameterTypes: [String: ParameterType] { state.withLock { $0.table.types } }

    /// Opens `url`: runs the matching route's handler and returns how the flow ended. An error
    /// the handler throws becomes ``RouteOutcome/failure(_:)``, as does a query value the route
    /// rejects (``RoutingError/invalidParameter(_:)``, without running the handler).
    ///
    /// - Throws: ``RoutingError`` when `url` is not a URL or no route matches it.
    public func open(_ url: String, context: (any Sendable)? = nil) async throws(RoutingError) -> RouteOutcome {
        guard let parsed = RouteURL(url) else { throw .invalidURL(url) }
        switch match(parsed) {
        case .noMatch(let reason):
            throw .noRoute(reason)
        case .rejected(let rejection):
            return .failure(RoutingError.invalidParameter(rejection))
        case .matched(let match):
            do {
                return try await match.handler(RouteRequest(match: match, context: context))
            } catch is CancellationError {
                return .cancelled
            } catch {
                return .failure(error)
            }
        }
    }

    /// Opens `url` and reports the end of its flow through callbacks, for callers that are not
    /// async (as module routers with success and failure blocks do). A missing route, a failed
    /// flow and a cancelled one (as `CancellationError`) all go to `onFailure`.
    @discardableResult
    public func open(
        _ url: String, context: (any Sendable)? = nil,
        onSuccess: @escaping @Sendable ((any Sendable)?) -> Void,
        onFailure: @escaping @Sendable (any Error) -> Void
    ) -> Task<Void, Never> {
        Task {
            do {
                switch try await open(url, context: context) {
                case .success(let value): onSuccess(value)
                case .failure(let error): onFailure(error)
                case .cancelled: onFailure(CancellationError())
                }
            } catch {
                onFailure(error)
            }
        }
    }
}

/// A module's routes, registered by the app at launch like DI assemblies:
///
/// ```swift
/// public struct SpacesuitRoutes: RouteProvider {
///     public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
///         try router.register("iss://spacesuit/:suit?") { request in … }
///     }
/// }
/// try router.install([CosmonautRoutes(), SpacesuitRoutes()])
/// ```
public protocol RouteProvider {
    /// Registers the module's routes in `router`.
    func registerRoutes(in router: Router) throws(RouteRegistrationError)
}
