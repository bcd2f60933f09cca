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
            if let near = known.first(where: { $0.lowercased() == type.lowercased() }) {
                "route pattern '\(pattern)' names the unknown parameter type '\(type)'"
                    + "\n    hint: did you mean '\(near)'? Type names are case-sensitive, as in Swift: :name<\(near)>"
            } else {
                "route pattern '\(pattern)' names the unknown parameter type '\(type)'"
                    + "\n    hint: known types are \(known.joined(separator: ", ")); add others with router.addParameterType(\(type).self)"
            }
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
    /// A route matches, but a query value it declares does not decode (`?page=two` for
    /// `page=<Int>`). ``Router/open(_:context:)`` returns it as the route's failure.
    case invalidParameter(RouteRejection)

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalidURL(let text): "'\(text)' is not a URL: it needs a scheme, as in iss://cosmonaut"
        case .noRoute(let reason): reason.description
        case .invalidParameter(let rejection): rejection.description
        }
    }
}

/// A URL whose path matched a route but whose query value for one of the route's declared query
/// parameters is not of the declared type.
public struct RouteRejection: Sendable, CustomStringConvertible {
    /// The route that matched the path, with the parameters that did decode.
    public let match: RouteMatch
    /// The query parameter whose value did not decode.
    public let parameter: String
    /// The value as the URL gave it.
    public let value: String
    /// The type the route declares for it.
    public let expectedType: String

    /// `<url>: the query value page=two is not an Int, as <pattern> declares`.
    public var description: String {
        let article = "AEIOUaeiou".contains(expectedType.first ?? "x") && expectedType != "UUID" ? "an" : "a"
        return "\(match.parameters.url.text): the query value \(parameter)=\(value) is not \(article) \(expectedType),"
            + " as \(match.pattern.text) (\(match.owner)) declares"
    }
}

/// Why a URL could not be built from a route and values (``RoutePattern/url(_:wildcard:)``).
public enum RouteBuildingError: Error, Equatable, CustomStringConvertible {
    /// The pattern has no parameter of that name.
    case unknownParameter(pattern: String, name: String, declared: [String])
    /// A required path parameter has no value.
    case missingParameter(pattern: String, name: String)
    /// The value's type is not the one the pattern declares.
    case wrongType(pattern: String, name: String, expected: String, given: String)
    /// The value's text is empty, which a path segment cannot hold.
    case emptyValue(pattern: String, name: String)
    /// Wildcard segments were given for a pattern without a wildcard.
    case noWildcard(pattern: String)
    /// The router has no route with this pattern.
    case notRegistered(pattern: String)
    /// The URL would not read back as the values given, or would open another route.
    case unencodable(pattern: String, url: String, reason: String)

    /// A one-line message and, where it helps, a hint.
    public var description: String {
        switch self {
        case .unknownParameter(let pattern, let name, let declared):
            "route '\(pattern)' has no parameter '\(name)'"
                + "\n    hint: its parameters are \(declared.isEmpty ? "none" : declared.joined(separator: ", "))"
        case .missingParameter(let pattern, let name):
            "route '\(pattern)' needs a value for ':\(name)'"
        case .wrongType(let pattern, let name, let expected, let given):
            "route '\(pattern)' declares ':\(name)' as \(expected), but the value given is \(given)"
        case .emptyValue(let pattern, let name):
            "route '\(pattern)': the value for '\(name)' is empty, which a URL segment cannot carry"
        case .noWildcard(let pattern):
            "route '\(pattern)' has no wildcard to take the extra segments"
        case .notRegistered(let pattern):
            "no route '\(pattern)' is registered"
        case .unencodable(let pattern, let url, let reason):
            "route '\(pattern)': \(url) would not open it with these values: \(reason)"
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
