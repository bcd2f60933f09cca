/// What a registration is found by: the service type, an optional name, and the type of the
/// argument its factory takes, if any.
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
    let service: ObjectIdentifier
    let argument: ObjectIdentifier?
    /// The registration's name, or `nil` for the unnamed one.
    public let name: String?
    /// The service type as written in source, such as `SpacesuitServicing`.
    public let serviceTypeName: String
    /// The argument type as written in source, or `nil` when the factory takes none.
    public let argumentTypeName: String?

    init<Service>(_ service: Service.Type, name: String?) {
        self.service = ObjectIdentifier(service)
        self.argument = nil
        self.name = name
        self.serviceTypeName = String(describing: service)
        self.argumentTypeName = nil
    }

    init<Service, Argument>(_ service: Service.Type, name: String?, argument: Argument.Type) {
        self.service = ObjectIdentifier(service)
        self.argument = ObjectIdentifier(argument)
        self.name = name
        self.serviceTypeName = String(describing: service)
        self.argumentTypeName = String(describing: argument)
    }

    /// `SpacesuitServicing`, `SpacesuitServicing named "backup"`, `Suit (argument: SuitID)`.
    public var description: String {
        var text = serviceTypeName
        if let name { text += " named \"\(name)\"" }
        if let argumentTypeName { text += " (argument: \(argumentTypeName))" }
        return text
    }

    /// The same service without name and argument: what other registrations of it are compared to.
    func sameService(as other: ServiceKey) -> Bool { service == other.service }

    // Hashing and equality ignore the type names: they follow from the identifiers.
    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.service == rhs.service && lhs.argument == rhs.argument && lhs.name == rhs.name
    }

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
        if let argument { bits ^= UInt(bitPattern: argument) &* 31 }
        if let name { bits ^= UInt(bitPattern: name.hashValue) }
        return Int(bitPattern: (bits &* 0x9E37_79B9_7F4A_7C15) >> 17)
    }
}
