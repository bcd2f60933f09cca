import StrataRuntimeSupport
import Synchronization

/// One registration: its key, its scope, its factory and, for shared scopes, the instance.
///
/// Entries are never changed after registration; registering the same key again makes a new
/// entry. The container keeps every entry it ever made until it is released, so a resolve that
/// found an entry can use it unretained.
final class ServiceEntry: Sendable {
    let key: ServiceKey
    let scope: Scope
    /// A ``Factory``, specialised for the service and argument types the key names.
    let factory: any ErasedFactory
    /// The singleton, made once and never cleared: read without a lock.
    let singleton = AtomicLazyReference<InstanceBox>()
    /// The weak or custom-scoped instance; custom scopes are reset, so it needs the lock.
    let shared = Lock<SharedInstance>(.none)

    init(key: ServiceKey, scope: Scope, factory: any ErasedFactory) {
        self.key = key
        self.scope = scope
        self.factory = factory
    }
}

/// What ``Container/verify()`` needs of a factory whose types it does not know.
protocol ErasedFactory: AnyObject, Sendable {
    /// Makes the entry's instance in `container` and drops it (entries without an argument only).
    func verify(_ entry: ServiceEntry, in container: Container) throws(ResolutionError)
}

/// The factory a registration was given, typed so that resolving it needs no dynamic cast.
final class Factory<Service: Sendable, Argument>: ErasedFactory {
    let make: @Sendable (any Resolver, Argument) throws -> Service

    init(_ make: @escaping @Sendable (any Resolver, Argument) throws -> Service) { self.make = make }

    func verify(_ entry: ServiceEntry, in container: Container) throws(ResolutionError) {
        guard let none = () as? Argument else { return }
        _ = try container.make(entry, argument: none) as Service
    }
}

/// A shared instance of any service type, as a class so that scopes can hold values and classes
/// alike and an atomic reference can publish it.
///
/// `@unchecked`: the class has no stored properties, and its only subclass, ``Box``, is final and
/// holds one immutable `Sendable` value, so every instance is safe to share.
class InstanceBox: @unchecked Sendable {}

/// A shared instance of `Service`; read with `unsafeDowncast`, since the entry's key fixes the type.
final class Box<Service: Sendable>: InstanceBox, @unchecked Sendable {
    let value: Service

    init(_ value: Service) { self.value = value }
}

/// What a weak or custom-scoped entry holds.
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
struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
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
