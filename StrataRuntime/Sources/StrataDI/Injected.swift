import StrataRuntimeSupport

/// Which container ``Injected`` and ``OptionalInjected`` resolve from: the app's, set once at
/// launch, unless the current task overrides it.
///
/// ```swift
/// // App launch
/// Injection.use(Container(assemblies: [NetworkAssembly(), CosmonautServiceAssembly()]))
///
/// // A test: only this task (and its child tasks) sees the mocks, so tests can run in parallel.
/// let mocks = Container()
/// mocks.register(CosmonautServicing.self) { _ in MockCosmonautService() }
/// await Injection.withContainer(mocks) {
///     let flow = CosmonautFlow()      // its @Injected properties resolve from `mocks`
///     ...
/// }
/// ```
public enum Injection {
    @TaskLocal private static var override: Container?
    private static let appContainer = Lock(Container())

    /// The container property wrappers resolve from here: the task's override, or the app's.
    public static var container: Container {
        override ?? appContainer.withLock { $0 }
    }

    /// Makes `container` the app's container. Call it once at launch, before anything with
    /// ``Injected`` properties is made.
    public static func use(_ container: Container) {
        appContainer.withLock { $0 = container }
    }

    /// Runs `operation` with `container` as the container of the current task and the tasks it
    /// creates; other tasks still see theirs.
    public static func withContainer<Result>(
        _ container: Container, operation: () throws -> Result
    ) rethrows -> Result {
        try $override.withValue(container, operation: operation)
    }

    /// Runs the asynchronous `operation` with `container` as the container of the current task
    /// and the tasks it creates; other tasks still see theirs.
    public static func withContainer<Result>(
        _ container: Container, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $override.withValue(container, operation: operation, isolation: isolation)
    }
}

/// A dependency resolved from ``Injection/container`` on first access.
///
/// The container is chosen when the owner is made (so an object made inside
/// ``Injection/withContainer(_:operation:)-(_,()->Result)`` keeps using that container), and the service
/// is resolved the first time the property is read, then kept.
///
/// ```swift
/// final class SpacesuitCoordinator {
///     @Injected private var service: SpacesuitServicing
/// }
/// ```
///
/// A property wrapper cannot throw, so a resolve failure stops the program with the same message
/// ``Container/resolve(_:name:)`` throws (``ResolutionError/description``). Run
/// ``Container/verify()`` in a test of the app's assembly to find such failures first; use
/// ``OptionalInjected`` for a service the app may leave out.
@propertyWrapper
public struct Injected<Service: Sendable> {
    private let container: Container
    private let name: String?
    private var instance: Service?

    /// Injects the service registered under `name` (the unnamed one by default).
    public init(_ name: String? = nil) {
        self.container = Injection.container
        self.name = name
    }

    /// The service, resolved on first access.
    public var wrappedValue: Service {
        mutating get {
            if let instance { return instance }
            do {
                let resolved = try container.resolve(Service.self, name: name)
                instance = resolved
                return resolved
            } catch {
                fatalError("StrataDI: @Injected \(error)", file: #fileID, line: #line)
            }
        }
    }
}

/// A dependency resolved from ``Injection/container`` on first access, or `nil` when the container
/// does not register it (a feature the app may leave out). Cycles and throwing factories still
/// stop the program, as with ``Injected``.
@propertyWrapper
public struct OptionalInjected<Service: Sendable> {
    private let container: Container
    private let name: String?
    private var instance: Service??

    /// Injects the service registered under `name` (the unnamed one by default), if any.
    public init(_ name: String? = nil) {
        self.container = Injection.container
        self.name = name
    }

    /// The service, or `nil`; resolved on first access.
    public var wrappedValue: Service? {
        mutating get {
            if let instance { return instance }
            do {
                let resolved = try container.resolveIfRegistered(Service.self, name: name)
                instance = .some(resolved)
                return resolved
            } catch {
                fatalError("StrataDI: @OptionalInjected \(error)", file: #fileID, line: #line)
            }
        }
    }
}
