/// The parameters a route decoded from a URL: path parameters, declared query parameters (both
/// typed as the pattern says), the wildcard's segments and the URL itself.
public struct RouteParameters: Sendable {
    /// The URL they come from; undeclared query items are in ``RouteURL/queryItems``.
    public let url: RouteURL
    /// The segments the pattern's wildcard matched (empty when it has none or matched none).
    public let wildcard: [String]
    /// In the pattern's order. A list, not a dictionary: routes have a few parameters, and
    /// hashing their names would cost more than looking through them.
    let values: [(name: String, value: any RouteParameter)]

    /// The value of parameter `name` as `Value`, or `nil` when the URL has no such parameter (an
    /// optional segment or query parameter left out) or it has another type.
    public subscript<Value: RouteParameter>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        values.first { $0.name == name }?.value as? Value
    }

    /// The names of the parameters the URL gave.
    public var names: [String] { values.map(\.name).sorted() }
}
