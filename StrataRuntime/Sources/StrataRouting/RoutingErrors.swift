/// Why a pattern could not be registered. Registration checks everything before it changes the
/// router, so a failed registration leaves it as it was.
public enum RouteRegistrationError: Error, Equatable, CustomStringConvertible {
    /// The pattern is not valid; `column` is 1-based.
    case invalidPattern(String, column: Int, message: String)
    /// The pattern names a parameter type the router does not know.
    case unknownParameterType(pattern: String, type: String, known: [String])
    /// The pattern matches the same URLs as one already registered; `example` is such a URL.
    case conflict(pattern: String, owner: String, existing: String, existingOwner: String, example: String)

    /// A one-line message and a hint.
    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let column, let message):
            "invalid route pattern '\(pattern)' at column \(column): \(message)"
        case .unknownParameterType(let pattern, let type, let known):
            "route pattern '\(pattern)' names the unknown parameter type '\(type)'"
                + "\n    hint: known types are \(known.joined(separator: ", ")); add others with router.addParameterType(\(type).self)"
        case .conflict(let pattern, let owner, let existing, let existingOwner, let example):
            "route '\(pattern)' (\(owner)) conflicts with '\(existing)' (\(existingOwner)): both match \(example)"
                + "\n    hint: give one of them a distinct literal segment; parameters at the same place match the same URLs whatever their names and types"
        }
    }
}

/// Why a URL was not opened.
public enum RoutingError: Error, CustomStringConvertible {
    /// The text is not a URL with a scheme.
    case invalidURL(String)
    /// No route matches; the reason says how close the nearest one came.
    case noRoute(NoRouteReason)

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalidURL(let text): "'\(text)' is not a URL: it needs a scheme, as in iss://cosmonaut"
        case .noRoute(let reason): reason.description
        }
    }
}

/// Why no route matched a URL, in words: the nearest routes and what they expected instead.
public struct NoRouteReason: Sendable, Equatable, CustomStringConvertible {
    /// The URL that matched nothing.
    public let url: String
    /// What the nearest routes expected.
    public let message: String

    /// `no route for <url>: <message>`.
    public var description: String { "no route for \(url): \(message)" }
}
