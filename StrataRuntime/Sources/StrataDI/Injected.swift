import StrataRuntimeSupport

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

/// Where the process runs, for an app that sets up a different container for SwiftUI previews
/// and UI tests than for users:
///
/// ```swift
/// switch InjectionContext.current {
/// case .app: Injection.use(Container(assemblies: appAssemblies))
/// case .preview: Injection.use(Container(assemblies: appAssemblies).overriding { $0.register((any CrewServicing).self) { _ in SampleCrew() } })
/// case .test: break   // tests use Injection.withContainer, per task
/// }
/// ```
public enum InjectionContext: Sendable, Equatable {
    /// A user runs the app.
    case app
    /// Xcode renders a SwiftUI preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    case preview
    /// A test runner (XCTest or Swift Testing, in Xcode or `swift test`) runs the code.
    case test

    /// The context of this process, from its environment and executable.
    public static var current: InjectionContext {
        var environment: [String: String] = [:]
        for name in ["XCODE_RUNNING_FOR_PREVIEWS", "XCTestConfigurationFilePath", "XCTestSessionIdentifier"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return detect(environment: environment, executable: CommandLine.arguments.first ?? "")
    }

    /// The context a process with `environment` running `executable` is in.
    public static func detect(environment: [String: String], executable: String) -> InjectionContext {
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
        if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestSessionIdentifier"] != nil { return .test }
        // `swift test` runs the tests in an `.xctest` bundle (Linux) or through `xctest` (macOS).
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        return name.hasSuffix(".xctest") || name == "xctest" || name.hasSuffix("PackageTests") ? .test : .app
    }
}

extension Container {
    /// A container for a preview or a UI test: this container's registrations, with what
    /// `configure` registers in their place (a child container, so this one is unchanged).
    ///
    /// ```swift
    /// #Preview {
    ///     Injection.withContainer(app.overriding { $0.register((any CrewServicing).self) { _ in SampleCrew() } }) {
    ///         CrewView()
    ///     }
    /// }
    /// ```
    public func overriding(_ configure: (Container) -> Void) -> Container {
        let child = Container(parent: self)
        configure(child)
        return child
    }
}

/// A dependency resolved from ``Injection/container`` on first access.
///
/// The container is chosen when the owner is made (so an object made inside
/// ``Injection/withContainer(_:operation:)-(_,()->Result)`` keeps using that container), and the service
/// is resolved the first time the property is read, then kept. Reading it does not mutate the
/// owner, so it works in structs and SwiftUI views as well as in classes; copies of the owner
/// share the resolved instance.
///
/// ```swift
/// struct SpacesuitView: View {
///     @Injected private var service: any SpacesuitServicing
/// }
/// ```
///
/// A property wrapper cannot throw, so a resolve failure stops the program with the full message
/// of ``ResolutionError`` (what was asked for, through which chain, what is registered instead)
/// and where the property is declared. Code that can recover asks the projected value instead:
/// `try $service.resolve()`. Run ``Container/verify(arguments:)`` in a test of the app's assembly
/// to find such failures first; use ``OptionalInjected`` for a service the app may leave out.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
    private let storage: InjectedStorage<Service>

    /// Injects the service registered under `name` (the unnamed one by default).
    public init(_ name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = InjectedStorage(container: Injection.container, name: name, fileID: fileID, line: line)
    }

    /// The service, resolved on first access; a failed resolve stops the program.
    public var wrappedValue: Service {
        do {
            return try resolve()
        } catch {
            storage.trap("@Injected var of type \(ServiceKey.sourceName(of: Service.self))", error)
        }
    }

    /// The wrapper itself, to resolve with errors: `try $service.resolve()`.
    public var projectedValue: Injected<Service> { self }

    /// The service, resolved on first call and then kept (shared with ``wrappedValue``).
    ///
    /// - Throws: ``ResolutionError`` when the container cannot make it.
    public func resolve() throws(ResolutionError) -> Service {
        try storage.value { container, name throws(ResolutionError) in try container.resolve(Service.self, name: name) }
    }
}

/// A dependency resolved from ``Injection/container`` on first access, or `nil` when the container
/// does not register it (a feature the app may leave out). Cycles and throwing factories still
/// stop the program, as with ``Injected``; `try $service.resolve()` throws them instead.
@propertyWrapper
public struct OptionalInjected<Service: Sendable>: Sendable {
    private let storage: InjectedStorage<Service?>

    /// Injects the service registered under `name` (the unnamed one by default), if any.
    public init(_ name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = InjectedStorage(container: Injection.container, name: name, fileID: fileID, line: line)
    }

    /// The service, or `nil`; resolved on first access.
    public var wrappedValue: Service? {
        do {
            return try resolve()
        } catch {
            storage.trap("@OptionalInjected var of type \(ServiceKey.sourceName(of: Service.self))", error)
        }
    }

    /// The wrapper itself, to resolve with errors: `try $service.resolve()`.
    public var projectedValue: OptionalInjected<Service> { self }

    /// The service or `nil`, resolved on first call and then kept.
    ///
    /// - Throws: ``ResolutionError`` for a cycle or a throwing factory.
    public func resolve() throws(ResolutionError) -> Service? {
        try storage.value { container, name throws(ResolutionError) in try container.resolveIfRegistered(Service.self, name: name) }
    }
}

/// What a property wrapper keeps: where to resolve from and, once resolved, the instance.
/// A class, so that reading the wrapper never mutates its owner.
final class InjectedStorage<Value: Sendable>: Sendable {
    let container: Container
    let name: String?
    let fileID: StaticString
    let line: UInt
    private let instance = Lock<Value?>(nil)

    init(container: Container, name: String?, fileID: StaticString, line: UInt) {
        self.container = container
        self.name = name
        self.fileID = fileID
        self.line = line
    }

    /// The kept instance, or the one `resolve` makes. It runs outside the lock (a factory may
    /// read other wrappers); if two threads race, the first to finish is kept and both get it.
    func value(_ resolve: (Container, String?) throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        if let kept = instance.withLock({ $0 }) { return kept }
        let made = try resolve(container, name)
        return instance.withLock { kept in
            if let kept { return kept }
            kept = made
            return made
        }
    }

    func trap(_ what: String, _ error: ResolutionError) -> Never {
        let named = name.map { " named \"\($0)\"" } ?? ""
        fatalError(
            "StrataDI: \(what)\(named), declared at \(fileID):\(line), could not be resolved: \(error)"
                + "\n    hint: run container.verify() in a test of the app's assembly; use try $property.resolve() where the app can recover",
            file: fileID, line: line)
    }
}
