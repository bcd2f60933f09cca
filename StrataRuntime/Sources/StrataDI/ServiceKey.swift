/// What a registration is found by: the service type, an optional name, and the type of the
/// argument its factory takes, if any.
///
/// `@unchecked Sendable`: besides a `String?`, it holds metatypes, which are immutable global
/// values; Swift 6.0 does not yet treat `Any.Type` as `Sendable` by itself.
public struct ServiceKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let serviceType: any Any.Type
    @usableFromInline let argumentType: (any Any.Type)?
    /// The registration's name, or `nil` for the unnamed one.
    public let name: String?

    var service: ObjectIdentifier { ObjectIdentifier(serviceType) }
    var argument: ObjectIdentifier? { argumentType.map { ObjectIdentifier($0) } }

    /// The service type as written in Swift 6 source, such as `any SpacesuitServicing` or
    /// `RadioLink`. Computed when asked (for messages only): naming a type is far slower than
    /// resolving it.
    public var serviceTypeName: String { Self.sourceName(of: serviceType) }
    /// The argument type as written in source, or `nil` when the factory takes none.
    public var argumentTypeName: String? { argumentType.map { Self.sourceName(of: $0) } }

    /// `String(describing:)` prints a protocol's existential type without its `any`, which Swift 6
    /// requires (`ExistentialAny`); a metatype whose own type is a `.Protocol` is an existential.
    static func sourceName(of type: any Any.Type) -> String {
        let name = String(describing: type)
        let isExistential = String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
        return isExistential && name != "Any" && name != "AnyObject" ? "any \(name)" : name
    }

    /// How code names the type's metatype: `RadioLink.self`, `(any Radio).self`.
    var serviceTypeExpression: String {
        let name = serviceTypeName
        return name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
    }

    @inlinable
    init<Service>(_ service: Service.Type, name: String?) {
        self.serviceType = service
        self.argumentType = nil
        self.name = name
    }

    @inlinable
    init<Service, Argument>(_ service: Service.Type, name: String?, argument: Argument.Type) {
        self.serviceType = service
        self.argumentType = argument
        self.name = name
    }

    /// `any SpacesuitServicing`, `any SpacesuitServicing named "backup"`, `Suit (argument: SuitID)`.
    public var description: String {
        var text = serviceTypeName
        if let name { text += " named \"\(name)\"" }
        if let argumentTypeName { text += " (argument: \(argumentTypeName))" }
        return text
    }

    /// The same service without name and argument: what other registrations of it are compared to.
    func sameService(as other: ServiceKey) -> Bool { service == other.service }

    /// Two keys are equal when they name the same service type, argument type and name.
    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.service == rhs.service && lhs.argument == rhs.argument && lhs.name == rhs.name
    }

    /// Hashes the type identifiers and the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(service)
        hasher.combine(argument)
        hasher.combine(name)
    }

    /// A cheap hash for the registration table: a multiplicative mix of the type identifiers,
    /// plus the name's hash only when there is a name, so the common unnamed lookup hashes
    /// nothing but two words.
    var tableHash: Int {
        var bits = UInt(bitPattern: service)
        // `multipliedReportingOverflow` rather than `&*`: Swift 6 made `&*` a FixedWidthInteger
        // requirement marked macOS 15 / iOS 18, which the platform-floor test rightly flags.
        if let argument { bits ^= UInt(bitPattern: argument).multipliedReportingOverflow(by: 31).partialValue }
        if let name { bits ^= UInt(bitPattern: name.hashValue) }
        return Int(bitPattern: bits.multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15).partialValue >> 17)
    }
}
