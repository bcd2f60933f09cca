#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A type a route parameter can be decoded to, named in patterns as `:id<Int>`.
///
/// String, Int, Double, Bool and UUID are built in. A custom type conforms and is added to the
/// router with ``Router/addParameterType(_:)``:
///
/// ```swift
/// struct SuitID: RouteParameter {
///     let rawValue: String
///     init?(routeParameter text: Substring) {
///         guard text.hasPrefix("EMU-") else { return nil }
///         rawValue = String(text)
///     }
///     var routeParameterText: String { rawValue }
/// }
/// router.addParameterType(SuitID.self)            // then: "iss://spacesuit/:suit<SuitID>"
/// ```
public protocol RouteParameter: Sendable {
    /// The name patterns use for the type; the type's own name by default.
    static var routeTypeName: String { get }
    /// The value a URL's (percent-decoded) segment or query value stands for, or `nil` when the
    /// text is not one.
    init?(routeParameter text: Substring)
    /// The text that stands for the value in a URL (before percent-encoding), which
    /// `init?(routeParameter:)` reads back: what ``RoutePattern/url(_:wildcard:)`` writes.
    /// `String(describing:)` of the value by default.
    var routeParameterText: String { get }
}

extension RouteParameter {
    /// The type's own name, such as `SuitID`.
    public static var routeTypeName: String { String(describing: Self.self) }

    /// `String(describing:)` of the value.
    public var routeParameterText: String { String(describing: self) }
}

extension String: RouteParameter {
    /// The text itself.
    public init?(routeParameter text: Substring) { self.init(text) }

    /// The text itself.
    public var routeParameterText: String { self }
}

extension Int: RouteParameter {
    /// A decimal integer such as `42` or `-7`.
    public init?(routeParameter text: Substring) { self.init(text, radix: 10) }
}

extension Double: RouteParameter {
    /// A decimal number such as `3.5`.
    public init?(routeParameter text: Substring) { self.init(String(text)) }  // Double(Substring) needs macOS 11
}

extension Bool: RouteParameter {
    /// `true`/`false`, `1`/`0` or `yes`/`no`.
    public init?(routeParameter text: Substring) {
        switch text.lowercased() {
        case "true", "1", "yes": self = true
        case "false", "0", "no": self = false
        default: return nil
        }
    }
}

extension UUID: RouteParameter {
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (any letter case).
    public init?(routeParameter text: Substring) { self.init(uuidString: String(text)) }

    /// The UUID's upper-case string.
    public var routeParameterText: String { uuidString }
}

/// A parameter type a router knows: its name and how to decode a value.
struct ParameterType: Sendable {
    let name: String
    let decode: @Sendable (Substring) -> (any RouteParameter)?

    init<Value: RouteParameter>(_ type: Value.Type) {
        name = Value.routeTypeName
        decode = { Value(routeParameter: $0) }
    }

    init(name: String, decode: @escaping @Sendable (Substring) -> (any RouteParameter)?) {
        self.name = name
        self.decode = decode
    }

    /// The type of `value`, as the router would know it.
    init(of value: any RouteParameter) {
        func type<Value: RouteParameter>(of _: Value) -> ParameterType { ParameterType(Value.self) }
        self = type(of: value)
    }

    static let builtIn: [ParameterType] = [
        ParameterType(String.self), ParameterType(Int.self), ParameterType(Double.self), ParameterType(Bool.self), ParameterType(UUID.self),
    ]
}
