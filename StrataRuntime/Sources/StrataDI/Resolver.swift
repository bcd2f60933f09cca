/// Resolves services. Factories receive one, so an implementation resolves its own dependencies;
/// ``Container`` is the one the library provides.
public protocol Resolver {
    /// The service registered under `type` and `name`.
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the registrations form a cycle,
    ///   or a factory throws.
    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service

    /// The service registered under `type` and `name` whose factory takes an `Argument`, made
    /// with `argument`.
    func resolve<Service: Sendable, Argument>(
        _ type: Service.Type, name: String?, argument: Argument
    ) throws(ResolutionError) -> Service
}

extension Resolver {
    /// The unnamed service of `type` (inferred from the context when omitted).
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws(ResolutionError) -> Service {
        try resolve(type, name: nil)
    }

    /// The unnamed service of `type` whose factory takes an `Argument`, made with `argument`.
    public func resolve<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, argument: Argument
    ) throws(ResolutionError) -> Service {
        try resolve(type, name: nil, argument: argument)
    }
}
