import StrataRuntimeSupport
import Synchronization

/// A dependency-injection container: services are registered by type (and optionally a name and
/// an argument type) with a factory and a ``Scope``, and resolved by type.
///
/// ```swift
/// let container = Container()
/// container.register(RadioChannel.self, scope: .singleton) { _ in RadioLink() }
/// container.register(SpacesuitServicing.self) { resolver in
///     SpacesuitService(radio: try resolver.resolve())
/// }
/// let service: SpacesuitServicing = try container.resolve()
/// ```
///
/// Registering and resolving are safe from any thread at the same time. Resolving a transient,
/// graph-scoped or already made singleton service takes no lock: the registrations are an
/// immutable table published through an atomic reference, and a made singleton is read through
/// an atomic one. A shared instance is made under one creation lock, and weak or custom-scoped
/// instances are read under their registration's own lock (a custom scope can be reset).
///
/// A resolve that fails throws ``ResolutionError``; ``Injected`` traps with the same message.
/// ``verify()`` finds every such failure before the app needs the service.
///
/// A container may have a parent: what it does not register itself it resolves from the parent,
/// so a test can override a few services of the app's container.
public final class Container: Sendable {
    /// The parent asked for keys this container does not register.
    public let parent: Container?

    /// The published table. Every table ever published is kept in `state.tables` until the
    /// container is released, so a reader may use the one it loaded unretained even while a
    /// registration publishes a newer one.
    private let table: Atomic<Unmanaged<RegistrationTable>>
    /// Set by a registration until the next resolve publishes it: registering many services in a
    /// row publishes one table, not one per registration.
    private let hasUnpublished = Atomic<Bool>(false)
    private let state: Lock<State>

    private struct State {
        var entries: [ServiceKey: ServiceEntry] = [:]
        var order: [ServiceKey] = []
        var tables: [RegistrationTable]
    }

    /// An empty container, resolving what it lacks from `parent` if one is given.
    public init(parent: Container? = nil) {
        self.parent = parent
        let empty = RegistrationTable(entries: [])
        table = Atomic(Unmanaged.passUnretained(empty))
        state = Lock(State(tables: [empty]))
    }

    /// A container with every assembly's registrations, in order (a later one may override an
    /// earlier one's).
    public convenience init(parent: Container? = nil, assemblies: [any Assembly]) {
        self.init(parent: parent)
        assemble(assemblies)
    }

    // MARK: Registering

    /// Registers `factory` as the way to make `type` under `name`.
    ///
    /// Registering the same type and name again replaces the registration; resolves already
    /// under way finish with the one they found.
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .graph,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) {
        let key = ServiceKey(type, name: name)
        add(ServiceEntry(key: key, scope: scope, factory: Factory<Service, Void> { resolver, _ in try factory(resolver) }))
    }

    /// Registers `factory` as the way to make `type` under `name` from a resolve-time `Argument`
    /// (pass several values as a tuple).
    public func register<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .graph,
        factory: @escaping @Sendable (Resolver, Argument) throws -> Service
    ) {
        let key = ServiceKey(type, name: name, argument: Argument.self)
        add(ServiceEntry(key: key, scope: scope, factory: Factory<Service, Argument>(factory)))
    }

    /// Runs every assembly's ``Assembly/assemble(into:)`` on this container, in order.
    public func assemble(_ assemblies: [any Assembly]) {
        for assembly in assemblies { assembly.assemble(into: self) }
    }

    /// Whether this container or its parent registers `type` under `name`.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        entry(for: ServiceKey(type, name: name)) != nil
    }

    /// Every registration of this container (not its parent's), in the order first registered.
    public var registrations: [ServiceKey] { state.withLock { $0.order } }

    /// Forgets every instance of the custom `scope`: the next resolve of each of its services
    /// makes a new one. Instances already handed out live on with their holders.
    public func reset(_ scope: CustomScope) {
        let target = Scope.custom(scope)
        let released: [SharedInstance] = state.withLock { state in
            state.entries.values.filter { $0.scope == target }.map { entry in
                entry.shared.withLock { instance in
                    defer { instance = .none }
                    return instance
                }
            }
        }
        // The instances are released here, outside the lock: their deinits may resolve.
        _ = released
    }

    private func add(_ entry: ServiceEntry) {
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: entry.key) == nil { state.order.append(entry.key) }
            hasUnpublished.store(true, ordering: .releasing)
        }
    }

    /// Publishes the registrations made since the last resolve as a new table.
    private func publish() {
        state.withLock { state in
            guard hasUnpublished.load(ordering: .acquiring) else { return }
            let next = RegistrationTable(entries: state.order.map { state.entries[$0]! })
            state.tables.append(next)
            table.store(Unmanaged.passUnretained(next), ordering: .releasing)
            hasUnpublished.store(false, ordering: .releasing)
        }
    }

    /// The entry for `key` here or in the parent chain, with the container that registered it.
    /// Both unretained: a container outlives its resolves, and its parent outlives it.
    @usableFromInline
    func entry(for key: ServiceKey) -> (entry: Unmanaged<ServiceEntry>, owner: Unmanaged<Container>)? {
        if let found = currentTable._withUnsafeGuaranteedRef({ $0.entry(for: key) }) { return (found, Unmanaged.passUnretained(self)) }
        return parent?.entry(for: key)
    }

    /// The current table's entries (for ``verify()``).
    var publishedEntries: [ServiceEntry] { currentTable.takeUnretainedValue().entries }

    /// The table with every registration made so far, published first if need be.
    @inline(__always)
    private var currentTable: Unmanaged<RegistrationTable> {
        if hasUnpublished.load(ordering: .acquiring) { publish() }
        return table.load(ordering: .acquiring)
    }

    /// Registrations of the same service under other names or argument types, for messages.
    func alternatives(to key: ServiceKey) -> [ServiceKey] {
        var found: [ServiceKey] = []
        var container: Container? = self
        while let current = container {
            found += current.registrations.filter { $0.sameService(as: key) && $0 != key && !found.contains($0) }
            container = current.parent
        }
        return found
    }

    // MARK: Resolving
    //
    // The resolve path is inlinable, so the module that resolves specialises it for its own service
    // types: an unspecialised resolve spent most of its time looking up generic type metadata at
    // run time. What needs no type stays behind calls: the table lookup, the thread's resolution
    // stack and the errors.

    /// The service registered under `type` and `name` (the unnamed one by default).
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the registrations form a cycle,
    ///   or a factory throws.
    @inlinable
    public func resolve<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service {
        try resolve(ServiceKey(type, name: name), argument: ())
    }

    /// The service registered under `type` and `name` whose factory takes an `Argument` (several
    /// values as a tuple), made with `argument`.
    @inlinable
    public func resolve<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, argument: Argument
    ) throws(ResolutionError) -> Service {
        try resolve(ServiceKey(type, name: name, argument: Argument.self), argument: argument)
    }

    /// The service under `type` and `name`, or `nil` when neither this container nor its parent
    /// registers it. Other failures (a cycle, a throwing factory) still throw.
    @inlinable
    public func resolveIfRegistered<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service? {
        guard let found = entry(for: ServiceKey(type, name: name)) else { return nil }
        return try resolve(found, argument: ()) as Service
    }

    @inlinable
    func resolve<Service: Sendable, Argument>(_ key: ServiceKey, argument: Argument) throws(ResolutionError) -> Service {
        guard let found = entry(for: key) else { throw missingRegistration(key) }
        return try resolve(found, argument: argument)
    }

    /// The instance of the registration `entry(for:)` found.
    @inlinable
    func resolve<Service: Sendable, Argument>(
        _ found: (entry: Unmanaged<ServiceEntry>, owner: Unmanaged<Container>), argument: Argument
    ) throws(ResolutionError) -> Service {
        // Unretained use of the entry and its owner: retaining them on every resolve would make
        // threads that resolve the same service contend for its reference count.
        return try found.entry._withUnsafeGuaranteedRef { entry -> Result<Service, ResolutionError> in
            // The fast path of a made singleton touches neither the thread's stack nor a lock.
            if entry.scope.lifetime == .singleton, let instance = entry.singletonInstance(of: Service.self) {
                return .success(instance)
            }
            // A parent's factory resolves its dependencies from this container, so a child's
            // overrides reach the services it inherits; but an instance the parent shares is made
            // from the parent's registrations, or a test's mocks would end up in the app's singletons.
            let resolver = entry.scope.lifetime.isShared ? found.owner : Unmanaged.passUnretained(self)
            return resolver._withUnsafeGuaranteedRef { resolver in
                Result { () throws(ResolutionError) -> Service in try resolver.make(entry, argument: argument) }
            }
        }.get()
    }

    /// Makes (or finds) the instance of `entry` in its scope, with cycle detection.
    @inlinable
    func make<Service: Sendable, Argument>(_ entry: ServiceEntry, argument: Argument) throws(ResolutionError) -> Service {
        let stack = ResolutionStack.current
        try stack.enter(entry)
        defer { stack.leave() }
        switch stack.isVerifying && entry.scope.lifetime != .transient ? .graph : entry.scope.lifetime {
        case .transient:
            return try run(entry, argument: argument)
        case .graph:
            if let box = stack.graphInstance(of: entry) { return unsafeDowncast(box, to: Box<Service>.self).value }
            let instance: Service = try run(entry, argument: argument)
            // The outermost instance is never asked for again in this resolve: it is finished.
            if stack.depth > 1 || stack.isVerifying { stack.setGraphInstance(Box(instance), of: entry) }
            return instance
        case .singleton:
            CreationLock.shared.lock()
            defer { CreationLock.shared.unlock() }
            if let instance = entry.singletonInstance(of: Service.self) { return instance }
            let instance: Service = try run(entry, argument: argument)
            entry.setSingleton(instance)
            return instance
        case .weak, .custom:
            // Read without the creation lock first: once made, the instance is only looked up.
            if let instance: Service = Self.sharedInstance(of: entry) { return instance }
            CreationLock.shared.lock()
            defer { CreationLock.shared.unlock() }
            if let instance: Service = Self.sharedInstance(of: entry) { return instance }
            let instance: Service = try run(entry, argument: argument)
            if entry.scope.lifetime == .weak {
                guard type(of: instance as Any) is AnyClass else { throw weakScopeNeedsClassInstance(entry, made: type(of: instance)) }
                entry.setShared(.weak(WeakReference(object: instance as AnyObject)))
            } else {
                entry.setShared(.strong(Box(instance)))
            }
            return instance
        }
    }

    /// Calls the entry's factory; an error of the factory's own becomes a ``ResolutionError``
    /// naming the service, while a resolution error from a dependency passes through unchanged.
    @inlinable
    func run<Service: Sendable, Argument>(_ entry: ServiceEntry, argument: Argument) throws(ResolutionError) -> Service {
        do {
            return try entry.factory._withUnsafeGuaranteedRef { factory in
                try unsafeDowncast(factory, to: Factory<Service, Argument>.self).make(Resolver(self), argument)
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw factoryFailed(entry, underlying: error)
        }
    }

    /// The weak- or custom-scoped instance the entry holds, if it holds a live one.
    @inlinable
    static func sharedInstance<Service: Sendable>(of entry: ServiceEntry) -> Service? {
        switch entry.currentShared {
        case .none: nil
        case .strong(let box): unsafeDowncast(box, to: Box<Service>.self).value
        case .weak(let reference): reference.object.map { $0 as! Service }
        }
    }

    // MARK: Failures
    // Out of line and not generic: they run only when a resolve fails.

    @usableFromInline
    func missingRegistration(_ key: ServiceKey) -> ResolutionError {
        ResolutionError(
            problem: .missingRegistration(key, alternatives: alternatives(to: key)),
            path: ResolutionStack.current.path(to: key))
    }

    @usableFromInline
    func factoryFailed(_ entry: ServiceEntry, underlying: any Error) -> ResolutionError {
        ResolutionError(problem: .factoryFailed(entry.key, underlying: underlying), path: ResolutionStack.current.currentPath)
    }

    @usableFromInline
    func weakScopeNeedsClassInstance(_ entry: ServiceEntry, made: any Any.Type) -> ResolutionError {
        ResolutionError(
            problem: .weakScopeNeedsClassInstance(entry.key, madeType: String(describing: made)),
            path: ResolutionStack.current.currentPath)
    }
}
