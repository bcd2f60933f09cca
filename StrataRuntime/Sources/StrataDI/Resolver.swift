/// What a factory resolves its own dependencies from: the container that is resolving.
///
/// ```swift
/// container.register(SpacesuitServicing.self) { resolver in
///     SpacesuitService(radio: try resolver.resolve(), telemetry: try resolver.resolve())
/// }
/// ```
///
/// A factory may keep its resolver and resolve later (a dependency it needs only sometimes): the
/// resolver holds the container, not the resolve in progress.
///
/// It is a value rather than a protocol so that every resolve is a direct, specialised call: a
/// generic method called through a protocol can be neither inlined nor specialised.
public struct Resolver: Sendable {
    /// The container resolving the service. A parent's factory gets the child container, so a
    /// child's overrides reach the services it inherits. Not public: a factory resolves, it does
    /// not register.
    @usableFromInline let container: Container

    @inlinable init(_ container: Container) { self.container = container }

    /// The service registered under `type` and `name` (the unnamed one by default).
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the registrations form a cycle,
    ///   or a factory throws.
    @inlinable
    public func resolve<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service {
        try container.resolve(type, name: name)
    }

    /// The service registered under `type` and `name` whose factory takes an `Argument`, made
    /// with `argument`.
    @inlinable
    public func resolve<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, argument: Argument
    ) throws(ResolutionError) -> Service {
        try container.resolve(type, name: name, argument: argument)
    }

    /// The service under `type` and `name`, or `nil` when nothing registers it.
    @inlinable
    public func resolveIfRegistered<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service? {
        try container.resolveIfRegistered(type, name: name)
    }
}
