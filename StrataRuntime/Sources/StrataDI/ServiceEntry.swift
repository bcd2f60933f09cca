import StrataRuntimeSupport

/// One registration: its key, its scope and its factory.
///
/// Entries never change after registration; registering the same key again makes a new entry and
/// drops the old one (resolves that already found it finish with it). Shared instances are not
/// kept here but in the container's ``Registry``, under the container's lock.
@usableFromInline
final class ServiceEntry: Sendable {
    @usableFromInline let key: ServiceKey
    @usableFromInline let scope: Scope
    /// A ``Factory`` typed for the service and argument types the key names.
    @usableFromInline let factory: ErasedFactory
    /// Held while this registration's shared instance is made (singleton, weak and custom scopes
    /// only): one registration's instance is made once, and registrations never wait for each
    /// other, in this container or any other.
    let creation: Lock<Void>?

    init(key: ServiceKey, scope: Scope, factory: ErasedFactory) {
        self.key = key
        self.scope = scope
        self.factory = factory
        creation = scope.lifetime.isShared ? Lock() : nil
    }
}

/// A factory whose types are not known: what an entry holds and ``Container/verify(arguments:)``
/// calls.
///
/// `@unchecked Sendable`: a class with no stored properties; its only subclass, ``Factory``,
/// holds only `let`s of `Sendable` types.
@usableFromInline
class ErasedFactory: @unchecked Sendable {
    /// Resolves the entry with `resolver` and drops the instance. `samples` are the arguments the
    /// test supplied; a factory whose argument has none there and no default is not run.
    func verify(_ entry: ServiceEntry, with resolver: Resolver, samples: [any Sendable]) throws(ResolutionError) -> VerifyOutcome {
        .verified
    }

    /// Whether the registration has a hook to run once its instance is made.
    @usableFromInline var hasInitCompleted: Bool { false }
}

/// What verifying one registration came to, when it did not throw.
enum VerifyOutcome {
    case verified
    /// The factory takes an argument of this type and no sample was given.
    case needsSample(String)
}

/// The factory a registration was given, typed so that resolving it needs no conversion of the
/// instance, and its optional `initCompleted` hook.
@usableFromInline
final class Factory<Service: Sendable, Argument>: ErasedFactory, @unchecked Sendable {
    // `@unchecked Sendable`: both stored properties are `let`s holding `@Sendable` closures.
    @usableFromInline let make: @Sendable (Resolver, Argument) throws -> Service
    @usableFromInline let initCompleted: (@Sendable (Resolver, Service) throws -> Void)?

    init(
        _ make: @escaping @Sendable (Resolver, Argument) throws -> Service,
        initCompleted: (@Sendable (Resolver, Service) throws -> Void)?
    ) {
        self.make = make
        self.initCompleted = initCompleted
    }

    @usableFromInline override var hasInitCompleted: Bool { initCompleted != nil }

    override func verify(_ entry: ServiceEntry, with resolver: Resolver, samples: [any Sendable]) throws(ResolutionError) -> VerifyOutcome {
        guard let argument = Self.sample(from: samples) else { return .needsSample(entry.key.argumentTypeName ?? "()") }
        _ = try resolver.make(entry, owner: resolver.container, argument: argument) as Service
        return .verified
    }

    /// An argument to verify with: a supplied sample of the type, or the type's own empty value
    /// (`()` for no argument, `nil` for an optional).
    private static func sample(from samples: [any Sendable]) -> Argument? {
        if let none = () as? Argument { return none }
        if let sample = samples.lazy.compactMap({ $0 as? Argument }).first { return sample }
        if let optional = Argument.self as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? Argument }
        return nil
    }
}

/// A shared instance of any service type, as a class so that scopes can hold values and classes
/// alike.
///
/// `@unchecked Sendable`: a class with no stored properties; its only subclass, ``Box``, holds
/// one immutable `Sendable` value.
@usableFromInline
class InstanceBox: @unchecked Sendable {
    @usableFromInline init() {}

    /// The value as an object, when it is a class instance (what the weak scope holds).
    var object: AnyObject? { nil }
    /// The value's dynamic type, for messages.
    var valueTypeName: String { "" }
}

/// A shared instance of `Service`.
@usableFromInline
final class Box<Service: Sendable>: InstanceBox, @unchecked Sendable {
    // `@unchecked Sendable`: its one stored property is a `let` of a `Sendable` type.
    @usableFromInline let value: Service

    @inlinable init(_ value: Service) { self.value = value }

    override var object: AnyObject? {
        let any = value as Any
        return type(of: any) is AnyClass ? any as AnyObject : nil
    }

    override var valueTypeName: String { String(describing: type(of: value as Any)) }
}

/// What the container keeps for a shared-scope registration.
@usableFromInline
enum SharedInstance: Sendable {
    case none
    /// A singleton or custom-scoped instance (a ``Box``).
    case strong(InstanceBox)
    /// A weak-scoped instance: the service value is the object itself.
    case weak(WeakReference)
}

/// A weak reference to a weak-scoped instance.
///
/// A class, so that ``SharedInstance`` holds only references: copying one out of the registry is
/// then a plain retain, where a `weak` stored inline would make every copy of the enum go through
/// its value witnesses, on every lookup of any shared instance.
///
/// `@unchecked Sendable`: it lives only in a container's ``Registry``, its one variable read and
/// written under the container's lock, and it holds only service instances, which registration
/// requires to be `Sendable`; `AnyObject` cannot say so itself.
@usableFromInline
final class WeakReference: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?

    init(object: AnyObject) { self.object = object }
}

/// What looking a key up found: the instance to return, or the registration to make one from
/// and the container that registered it.
@usableFromInline
enum Found<Service> {
    /// A live shared instance.
    case instance(Service)
    /// No instance to reuse: make one from the entry, registered by `owner` (`nil`: by the
    /// container asked, which then need not be retained once more).
    case entry(ServiceEntry, owner: Container?)
}

/// A shared instance just made or found by ``Container/sharedInstance(of:context:make:)``.
@usableFromInline
enum MadeInstance {
    /// A singleton or custom-scoped instance.
    case box(InstanceBox)
    /// A live weak-scoped instance.
    case object(AnyObject)

    /// The instance as the `Service` its registration's key names.
    @inlinable
    func value<Service: Sendable>(as _: Service.Type) -> Service {
        switch self {
        case .box(let box): (box as! Box<Service>).value
        case .object(let object): object as! Service
        }
    }
}
