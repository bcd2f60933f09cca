import StrataRuntimeSupport

/// What a factory resolves its own dependencies from: the container that is resolving, and where
/// in the resolve it is.
///
/// ```swift
/// container.register((any SpacesuitServicing).self) { resolver in
///     SpacesuitService(radio: try resolver.resolve(), telemetry: try resolver.resolve())
/// }
/// ```
///
/// A factory may keep its resolver and resolve later, from any thread (a dependency it needs
/// only sometimes): later resolves share nothing with the finished one but its graph-scoped
/// instances.
///
/// It is a value rather than a protocol so that every resolve is a direct, specialised call: a
/// generic method called through a protocol can be neither inlined nor specialised. It carries
/// the resolve's state (its depth, graph-scoped instances and the shared instances being made),
/// so a resolve needs no thread-local storage.
public struct Resolver: Sendable {
    /// The container resolving the service. A parent's factory gets the child container, so a
    /// child's overrides reach the services it inherits. Not public: a factory resolves, it does
    /// not register.
    @usableFromInline let container: Container
    @usableFromInline let context: ResolutionContext

    @inlinable init(_ container: Container, context: consuming ResolutionContext = ResolutionContext()) {
        self.container = container
        self.context = context
    }

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

    /// The service under `type` and `name`, or `nil` when nothing registers it. Other failures
    /// (a cycle, a throwing factory) still throw.
    @inlinable
    public func resolveIfRegistered<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service? {
        let key = ServiceKey(type, name: name)
        guard let found = container.lookup(key, as: Service.self, reusing: !context.isVerifying) else { return nil }
        return try instance(from: found, argument: ())
    }

    // MARK: The resolve path
    //
    // Inlinable, so the module that resolves specialises it for its own service types: an
    // unspecialised resolve spent most of its time looking up generic type metadata at run time.
    // The lookup is inlined too, so that it reads a shared instance as its `Service` under the
    // container's lock (``Container/lookup(_:as:reusing:)``). What needs no type stays behind
    // calls: making shared instances, and the errors.
    //
    // Every `as!` on this path cannot fail: an entry is found by a key naming `Service` and
    // `Argument`, only a `Factory<Service, Argument>` is registered under such a key, and only
    // that factory's instances are kept for it. They stay checked casts all the same (see
    // docs/ARCHITECTURE.md, "The runtime libraries").

    @inlinable
    func resolve<Service: Sendable, Argument>(_ key: ServiceKey, argument: Argument) throws(ResolutionError) -> Service {
        guard let found = container.lookup(key, as: Service.self, reusing: !context.isVerifying) else {
            throw container.missingRegistration(key)
        }
        return try instance(from: found, argument: argument)
    }

    /// What `container.resolve` does: like ``resolve(_:argument:)``, but a resolver (which
    /// retains the container) is made only when a factory is to run, so that finding a shared
    /// instance retains that instance and nothing else.
    @inlinable
    static func resolve<Service: Sendable, Argument>(
        _ key: ServiceKey, argument: Argument, in container: Container
    ) throws(ResolutionError) -> Service {
        guard let found = container.lookup(key, as: Service.self, reusing: true) else { throw container.missingRegistration(key) }
        if case .instance(let instance) = found { return instance }
        return try Resolver(container).instance(from: found, argument: argument)
    }

    /// The instance a lookup found, or made from the entry it found.
    @inlinable
    func instance<Service: Sendable, Argument>(from found: Found<Service>, argument: Argument) throws(ResolutionError) -> Service {
        switch found {
        case .instance(let instance): return instance
        case .entry(let entry, nil): return try make(entry, owner: container, argument: argument)
        case .entry(let entry, let owner?): return try make(entry, owner: owner, argument: argument)
        }
    }

    /// Makes (or finds) the instance of `entry` in its scope.
    @inlinable
    func make<Service: Sendable, Argument>(_ entry: ServiceEntry, owner: Container, argument: Argument) throws(ResolutionError) -> Service {
        guard context.depth < ResolutionContext.maximumDepth else { throw ResolutionError.cycleEntered(at: entry.key) }
        let lifetime = entry.scope.lifetime
        switch context.isVerifying && lifetime.isShared ? .graph : lifetime {
        case .transient:
            return try Self.run(entry, with: Resolver(container, context: context.entering()), argument: argument, keeping: false)
        case .graph:
            if let box = context.graph?.instance(of: entry) { return (box as! Box<Service>).value }
            // The outermost instance is never asked for again in this resolve, unless its
            // initCompleted hook resolves it: it is finished.
            let keep = context.depth > 0 || entry.factory.hasInitCompleted
            return try Self.run(entry, with: Resolver(container, context: context.entering()), argument: argument, keeping: keep)
        case .singleton, .weak, .custom:
            // A parent's factory resolves its dependencies from this container, so a child's
            // overrides reach the services it inherits; but an instance the parent shares is made
            // from the parent's registrations, or a test's mocks would end up in its singletons.
            let made = try owner.sharedInstance(of: entry, context: context) { (inner) throws(ResolutionError) -> InstanceBox in
                let instance: Service = try Self.run(entry, with: Resolver(owner, context: inner.entering()), argument: argument, keeping: true)
                return Box(instance)
            }
            return made.value(as: Service.self)
        }
    }

    /// Calls the entry's factory with `resolver`, then its initCompleted hook (with the instance
    /// kept in the resolve's graph first when `keeping`, so that the hook's dependencies that
    /// lead back here get this instance). An error of the factory's own becomes a
    /// ``ResolutionError`` naming the service; a resolution error from a dependency passes
    /// through with this service added to its path.
    ///
    /// The caller makes the resolver from the entered context in one expression, so that the
    /// context's references move into it rather than being retained once more.
    @inlinable
    static func run<Service: Sendable, Argument>(
        _ entry: ServiceEntry, with resolver: Resolver, argument: Argument, keeping: Bool
    ) throws(ResolutionError) -> Service {
        let factory = entry.factory as! Factory<Service, Argument>
        do {
            let instance = try factory.make(resolver, argument)
            if keeping { resolver.context.graph?.keep(Box(instance), for: entry) }
            if let initCompleted = factory.initCompleted { try initCompleted(resolver, instance) }
            return instance
        } catch let error as ResolutionError {
            throw error.entered(through: entry.key)
        } catch {
            throw ResolutionError(problem: .factoryFailed(entry.key, underlying: error), path: [entry.key])
        }
    }
}

/// Where a resolve is: how many factories deep, the graph-scoped instances of the top-level
/// resolve, and the shared instances being made along this chain of factories.
@usableFromInline
struct ResolutionContext: Sendable {
    /// Deeper than this, a resolve is taken for a cycle (as Swinject does at 200): a cycle of
    /// transient or graph-scoped services keeps no other trace, and no real graph nests this deep.
    @usableFromInline static let maximumDepth = 200

    /// How many factories are running in this chain.
    @usableFromInline var depth = 0
    /// Made on entering the first factory; shared by everything that resolve builds.
    @usableFromInline var graph: GraphInstances?
    /// The shared-scope registrations whose instances this chain is making, innermost first.
    @usableFromInline var chain: MakingChain?
    /// While ``Container/verify(arguments:)`` runs: shared scopes act like the graph scope.
    @usableFromInline var isVerifying = false

    @inlinable init() {}

    @inlinable init(verifying: Bool) { isVerifying = verifying }

    /// The context of a factory called from this one.
    @inlinable
    func entering() -> ResolutionContext {
        var inner = self
        inner.depth += 1
        if inner.graph == nil { inner.graph = GraphInstances() }
        return inner
    }

    /// This context, making `entry`'s shared instance.
    func making(_ entry: ServiceEntry) -> ResolutionContext {
        var inner = self
        inner.chain = MakingChain(entry: entry, next: chain)
        if inner.graph == nil { inner.graph = GraphInstances() }
        return inner
    }

    /// Whether this chain is making `entry`'s shared instance already.
    func isMaking(_ entry: ServiceEntry) -> Bool {
        var link = chain
        while let current = link {
            if current.entry === entry { return true }
            link = current.next
        }
        return false
    }
}

/// The shared-scope registrations a chain of factories is making, innermost first.
@usableFromInline
final class MakingChain: Sendable {
    let entry: ServiceEntry
    let next: MakingChain?

    init(entry: ServiceEntry, next: MakingChain?) {
        self.entry = entry
        self.next = next
    }
}

/// The graph-scoped instances of one top-level resolve: a diamond (`A → B → D`, `A → C → D`)
/// gets one `D`.
///
/// A list, not a dictionary: a resolve makes a few instances, and comparing identities costs
/// less than hashing them. Guarded by a lock because a factory may hand its resolver to another
/// thread. Copies share the list.
@usableFromInline
struct GraphInstances: Sendable {
    /// An entry and its instance: a struct rather than a tuple, whose arrays are destroyed
    /// element by element through the tuple's metadata.
    private struct Kept: Sendable {
        let entry: ServiceEntry
        let box: InstanceBox
    }

    private let kept = Lock<[Kept]>([])

    @usableFromInline init() {}

    @usableFromInline
    func instance(of entry: ServiceEntry) -> InstanceBox? {
        kept.withLock { kept in kept.first { $0.entry === entry }?.box }
    }

    @usableFromInline
    func keep(_ box: InstanceBox, for entry: ServiceEntry) {
        kept.withLock { kept in
            // Room for a typical graph at once, rather than growing one instance at a time.
            if kept.isEmpty { kept.reserveCapacity(8) }
            kept.append(Kept(entry: entry, box: box))
        }
    }
}

extension Container {
    /// The service registered under `type` and `name` (the unnamed one by default).
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the registrations form a cycle,
    ///   or a factory throws.
    @inlinable
    public func resolve<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service {
        try Resolver.resolve(ServiceKey(type, name: name), argument: (), in: self)
    }

    /// The service registered under `type` and `name` whose factory takes an `Argument` (several
    /// values as a tuple), made with `argument`.
    @inlinable
    public func resolve<Service: Sendable, Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, argument: Argument
    ) throws(ResolutionError) -> Service {
        try Resolver.resolve(ServiceKey(type, name: name, argument: Argument.self), argument: argument, in: self)
    }

    /// The service under `type` and `name`, or `nil` when neither this container nor its parent
    /// registers it. Other failures (a cycle, a throwing factory) still throw.
    @inlinable
    public func resolveIfRegistered<Service: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil
    ) throws(ResolutionError) -> Service? {
        try Resolver(self).resolveIfRegistered(type, name: name)
    }
}
