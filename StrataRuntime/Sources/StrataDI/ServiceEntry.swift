import StrataRuntimeSupport
public import Synchronization

/// One registration: its key, its scope, its factory and, for shared scopes, the instance.
///
/// Entries are never changed after registration; registering the same key again makes a new
/// entry. The container keeps every entry it ever made until it is released, so a resolve that
/// found an entry can use it unretained.
@usableFromInline
final class ServiceEntry: Sendable {
    @usableFromInline let key: ServiceKey
    @usableFromInline let scope: Scope
    /// A ``Factory``, specialised for the service and argument types the key names. The entry
    /// holds one reference to it, released when the entry goes; a resolve calls it unretained,
    /// without touching its reference count, which threads resolving the same service would
    /// otherwise contend for.
    @usableFromInline let factory: Unmanaged<ErasedFactory>
    /// The singleton, made once (under the creation lock) and never cleared: read without a lock.
    /// The entry holds one reference to it, released when the entry goes.
    @usableFromInline let singleton = Atomic<Unmanaged<InstanceBox>?>(nil)
    /// The weak or custom-scoped instance; custom scopes are reset, so it needs the lock.
    let shared = Lock<SharedInstance>(.none)

    init(key: ServiceKey, scope: Scope, factory: ErasedFactory) {
        self.key = key
        self.scope = scope
        self.factory = Unmanaged.passRetained(factory)
    }

    deinit {
        factory.release()
        singleton.load(ordering: .acquiring)?.release()
    }

    /// The singleton, if made.
    @inlinable
    func singletonInstance<Service: Sendable>(of _: Service.Type) -> Service? {
        // Unretained: the entry holds the box, and only the value is handed out.
        singleton.load(ordering: .acquiring)?._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box<Service>.self).value }
    }

    /// Keeps `instance` as the singleton. Called once, under the creation lock.
    @inlinable
    func setSingleton<Service: Sendable>(_ instance: Service) {
        singleton.store(Unmanaged.passRetained(Box(instance)), ordering: .releasing)
    }

    /// The weak or custom-scoped instance, read under the lock.
    @usableFromInline var currentShared: SharedInstance { shared.withLock { $0 } }

    /// Replaces the weak or custom-scoped instance.
    @usableFromInline func setShared(_ instance: SharedInstance) { shared.withLock { $0 = instance } }
}

/// A factory whose types are not known: what an entry holds and ``Container/verify()`` calls.
///
/// `@unchecked Sendable`: it has no stored properties, and its only subclass, ``Factory``, is
/// final and holds one immutable `@Sendable` closure.
@usableFromInline
class ErasedFactory: @unchecked Sendable {
    /// Makes the entry's instance in `container` and drops it (entries without an argument only).
    func verify(_ entry: ServiceEntry, in container: Container) throws(ResolutionError) {}
}

/// The factory a registration was given, typed so that resolving it needs no dynamic cast.
@usableFromInline
final class Factory<Service: Sendable, Argument>: ErasedFactory, @unchecked Sendable {
    @usableFromInline let make: @Sendable (Resolver, Argument) throws -> Service

    init(_ make: @escaping @Sendable (Resolver, Argument) throws -> Service) { self.make = make }

    override func verify(_ entry: ServiceEntry, in container: Container) throws(ResolutionError) {
        guard let none = () as? Argument else { return }
        _ = try container.make(entry, argument: none) as Service
    }
}

/// A shared instance of any service type, as a class so that scopes can hold values and classes
/// alike and an atomic reference can publish it.
///
/// `@unchecked`: the class has no stored properties, and its only subclass, ``Box``, is final and
/// holds one immutable `Sendable` value, so every instance is safe to share.
@usableFromInline
class InstanceBox: @unchecked Sendable {
    @usableFromInline init() {}
}

/// A shared instance of `Service`; read with `unsafeDowncast`, since the entry's key fixes the type.
@usableFromInline
final class Box<Service: Sendable>: InstanceBox, @unchecked Sendable {
    @usableFromInline let value: Service

    @inlinable init(_ value: Service) { self.value = value }
}

/// What a weak or custom-scoped entry holds.
@usableFromInline
enum SharedInstance: Sendable {
    case none
    /// A custom-scoped instance (a ``Box``).
    case strong(InstanceBox)
    /// A weak-scoped instance; the service value is the object itself.
    case weak(WeakReference)
}

/// A weak reference to a weak-scoped instance.
///
/// `@unchecked`: it only ever holds instances of services registered as `Sendable` (the
/// container's register methods require it); `AnyObject` cannot say so itself.
@usableFromInline
struct WeakReference: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?

    @inlinable init(object: AnyObject) { self.object = object }
}

/// The registrations, as an open-addressing hash table that is never changed once published:
/// readers find it through an atomic reference and use it without a lock.
final class RegistrationTable: Sendable {
    private let slots: [ServiceEntry?]
    private let mask: Int
    /// Every entry, in the order the keys were first registered.
    let entries: [ServiceEntry]

    init(entries: [ServiceEntry]) {
        var capacity = 16
        while capacity < entries.count * 2 { capacity *= 2 }
        var slots = [ServiceEntry?](repeating: nil, count: capacity)
        for entry in entries {
            var index = entry.key.tableHash & (capacity - 1)
            while slots[index] != nil { index = (index + 1) & (capacity - 1) }
            slots[index] = entry
        }
        self.slots = slots
        self.mask = capacity - 1
        self.entries = entries
    }

    /// The entry registered under `key`. Unretained: the container owns every entry.
    @inline(__always)
    func entry(for key: ServiceKey) -> Unmanaged<ServiceEntry>? {
        var index = key.tableHash & mask
        return slots.withUnsafeBufferPointer { slots in
            while let entry = slots[index] {
                if entry.key == key { return Unmanaged.passUnretained(entry) }
                index = (index + 1) & mask
            }
            return nil
        }
    }
}
