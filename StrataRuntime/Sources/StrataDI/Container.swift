// Public: the lookup is inlinable (specialised in the resolving module) and takes the registry's
// lock. StrataRuntimeSupport is no product, so apps still cannot import it, and nothing of it is
// in StrataDI's public API.
public import StrataRuntimeSupport

/// A dependency-injection container: services are registered by type (and optionally a name and
/// an argument type) with a factory and a ``Scope``, and resolved by type.
///
/// ```swift
/// let container = Container()
/// container.register((any RadioChannel).self, scope: .singleton) { _ in RadioLink() }
/// container.register((any SpacesuitServicing).self) { resolver in
///     SpacesuitService(radio: try resolver.resolve())
/// }
/// let service: any SpacesuitServicing = try container.resolve()
/// ```
///
/// Registering and resolving are safe from any thread at the same time. Each lookup takes the
/// container's lock for the time of one hash-table probe; factories never run under it. A shared
/// instance (singleton, weak or custom scope) is made under its own registration's creation lock,
/// so two registrations, in one container or in two, never wait for each other; see
/// <doc:Threading> for the exact guarantees.
///
/// A resolve that fails throws ``ResolutionError``; ``Injected`` traps with the same message.
/// ``verify(arguments:)`` finds every such failure before the app needs the service.
///
/// A container may have a parent: what it does not register itself it resolves from the parent,
/// so a test can override a few services of the app's container.
public final class Container: Sendable {
    /// The parent asked for keys this container does not register.
    public let parent: Container?
    @usableFromInline let registry: Lock<Registry> = Lock(Registry())

    /// An empty container, resolving what it lacks from `parent` if one is given.
    public init(parent: Container? = nil) {
        self.parent = parent
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
    ///
    /// - Parameters:
    ///   - type: the service's type, often a protocol (`(any RadioChannel).self`).
    ///   - name: tells registrations of one type apart; `nil` for the unnamed one.
    ///   - scope: how long an instance lives and who shares it; ``Scope/graph`` by default.
    ///   - initCompleted: runs once the instance is made and, for a shared scope, kept, before
    ///     anything else gets it: property injection, including dependencies that lead back to
    ///     this service (resolving it there returns this instance).
    ///   - factory: makes an instance, resolving its dependencies from the resolver it is given.
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .graph,
        initCompleted: (@Sendable (Resolver, Service) throws -> Void)? = nil,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) {
        let key = ServiceKey(type, name: name)
        add(
            ServiceEntry(
                key: key, scope: scope, factory: Factory<Service, Void>({ resolver, _ in try factory(resolver) }, initCompleted: initCompleted)))
    }

    /// Registers `factory` as the way to make `type` under `name` from a resolve-time `Argument`
    /// (pass several values as a tuple).
    ///
    /// - Parameters:
    ///   - type: the service's type, often a protocol.
    ///   - name: tells registrations of one type apart; `nil` for the unnamed one.
    ///   - scope: how long an instance lives and who shares it; ``Scope/graph`` by default.
    ///   - initCompleted: runs once the instance is made, as for a registration without an argument.
    ///   - factory: makes an instance from the resolver and the argument given to the resolve.
    public func register<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .graph,
        initCompleted: (@Sendable (Resolver, Service) throws -> Void)? = nil,
        factory: @escaping @Sendable (Resolver, Argument) throws -> Service
    ) {
        let key = ServiceKey(type, name: name, argument: Argument.self)
        add(ServiceEntry(key: key, scope: scope, factory: Factory<Service, Argument>(factory, initCompleted: initCompleted)))
    }

    /// Runs every assembly's ``Assembly/assemble(into:)`` on this container, in order.
    public func assemble(_ assemblies: [any Assembly]) {
        for assembly in assemblies { assembly.assemble(into: self) }
    }

    /// Whether this container or its parent registers `type` under `name`.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        let key = ServiceKey(type, name: name)
        return registry.withLock { $0.entry(for: key) } != nil || parent?.isRegistered(type, name: name) == true
    }

    /// Every registration of this container (not its parent's), in the order first registered.
    public var registrations: [ServiceKey] { registry.withLock { $0.order } }

    /// Forgets every instance of the custom `scope`: the next resolve of each of its services
    /// makes a new one. Instances already handed out live on with their holders.
    public func reset(_ scope: CustomScope) {
        let released = registry.withLock { $0.removeInstances(in: .custom(scope)) }
        // Released here, outside the lock: their deinits may resolve.
        _ = released
    }

    private func add(_ entry: ServiceEntry) {
        let replaced = registry.withLock { $0.insert(entry) }
        _ = replaced
    }

    // MARK: Looking up (not generic: the resolve path in Resolver.swift is)

    /// What resolving `key` starts from, here or in the parent chain; `nil` when nothing
    /// registers it. `reusing` is false while verifying: every factory runs then.
    ///
    /// Generic, so that a shared instance is read as its `Service` under the lock: the lookup
    /// retains that instance and nothing else (with both cores resolving one singleton, each
    /// retain of a shared object is a cache line the cores pass back and forth).
    @inlinable
    func lookup<Service: Sendable>(_ key: ServiceKey, as type: Service.Type, reusing: Bool) -> Found<Service>? {
        let found = registry.withLock { registry -> Found<Service>? in
            guard let slot = registry.slot(of: key) else { return nil }
            if reusing, let instance = registry.instance(at: slot, as: type) { return .instance(instance) }
            return .entry(registry.entries[slot]!, owner: nil)
        }
        if let found { return found }
        guard let parent, let found = parent.lookup(key, as: type, reusing: reusing) else { return nil }
        if case .entry(let entry, nil) = found { return .entry(entry, owner: parent) }
        return found
    }

    /// This container's entries, then the parent chain's entries this container does not
    /// override (for ``verify(arguments:)``).
    var allEntries: [ServiceEntry] {
        var entries: [ServiceEntry] = []
        var keys: Set<ServiceKey> = []
        var container: Container? = self
        while let current = container {
            for entry in current.registry.withLock({ $0.allEntries }) where keys.insert(entry.key).inserted {
                entries.append(entry)
            }
            container = current.parent
        }
        return entries
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

    // MARK: Shared instances

    /// The shared instance of `entry` (registered here), made by `make` unless another thread
    /// made it first. `make` runs under the entry's creation lock, never under the container's.
    @usableFromInline
    func sharedInstance(
        of entry: ServiceEntry, context: ResolutionContext,
        make: (ResolutionContext) throws(ResolutionError) -> InstanceBox
    ) throws(ResolutionError) -> MadeInstance {
        // The instance this very chain is still completing (its initCompleted hook is running).
        if let box = context.graph?.instance(of: entry) { return .box(box) }
        // Entering a registration this chain is already making, or that this thread is making
        // through another chain, could only wait for itself: it is a cycle.
        let thread = ThreadID.current
        if context.isMaking(entry) || registry.withLock({ $0.creator(of: entry) }) == thread {
            throw ResolutionError.cycleEntered(at: entry.key)
        }
        return try entry.creation!.withLock { () throws(ResolutionError) -> MadeInstance in
            if let made = registry.withLock({ $0.instance(of: entry) }) { return made }
            registry.withLock { $0.setCreator(thread, of: entry) }
            defer { registry.withLock { $0.setCreator(nil, of: entry) } }
            let box = try make(context.making(entry))
            if entry.scope.lifetime == .weak {
                guard let object = box.object else { throw weakScopeNeedsClassInstance(entry, made: box.valueTypeName) }
                registry.withLock { $0.setInstance(.weak(WeakReference(object: object)), of: entry) }
            } else {
                registry.withLock { $0.setInstance(.strong(box), of: entry) }
            }
            return .box(box)
        }
    }

    // MARK: Failures
    // Out of line and not generic: they run only when a resolve fails.

    @usableFromInline
    func missingRegistration(_ key: ServiceKey) -> ResolutionError {
        ResolutionError(problem: .missingRegistration(key, alternatives: alternatives(to: key)), path: [key])
    }

    func weakScopeNeedsClassInstance(_ entry: ServiceEntry, made: String) -> ResolutionError {
        ResolutionError(problem: .weakScopeNeedsClassInstance(entry.key, madeType: made), path: [entry.key])
    }
}
