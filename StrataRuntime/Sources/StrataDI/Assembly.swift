/// One module's registrations. Each module ships an assembly that registers its implementations
/// behind its interface protocols, and the app assembles them all at launch:
///
/// ```swift
/// public struct SpacesuitServiceAssembly: Assembly {
///     public init() {}
///     public func assemble(into container: Container) {
///         container.register(SpacesuitServicing.self, scope: .singleton) { resolver in
///             SpacesuitService(radio: try resolver.resolve())
///         }
///     }
/// }
///
/// let container = Container(assemblies: [RadioAssembly(), SpacesuitServiceAssembly()])
/// try container.verify()
/// ```
///
/// Registering the interface protocol (`SpacesuitServicing`), not the implementation type, is
/// what lets other modules depend on the interface target only.
public protocol Assembly {
    /// Registers the module's services in `container`.
    func assemble(into container: Container)
}
