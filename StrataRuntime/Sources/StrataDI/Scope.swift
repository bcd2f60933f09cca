/// How long an instance made by a registration lives, and who shares it.
///
/// - ``transient``: a new instance on every resolve.
/// - ``graph`` (the default): one instance per top-level resolve, shared by everything that
///   resolve builds, so a diamond (`A → B → D`, `A → C → D`) gets one `D`.
/// - ``singleton``: one instance for the container's lifetime, made on first resolve.
/// - ``weak``: shared while someone else holds it; made again once every holder let it go.
///   The instance must be a class instance.
/// - ``custom(_:)``: shared until the app resets that scope, such as a user session
///   (``Container/reset(_:)``).
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// What a resolve switches on.
    @usableFromInline let lifetime: Lifetime
    /// The custom scope, for ``Lifetime/custom`` only.
    let custom: CustomScope?

    /// A new instance on every resolve.
    public static let transient = Scope(lifetime: .transient, custom: nil)
    /// One instance per top-level resolve (the default).
    public static let graph = Scope(lifetime: .graph, custom: nil)
    /// One instance for the container's lifetime.
    public static let singleton = Scope(lifetime: .singleton, custom: nil)
    /// One instance while anything else holds it strongly.
    public static let weak = Scope(lifetime: .weak, custom: nil)

    /// One instance until ``Container/reset(_:)`` is called with `scope`.
    public static func custom(_ scope: CustomScope) -> Scope { Scope(lifetime: .custom, custom: scope) }

    /// The scope's name: `transient`, `graph`, `singleton`, `weak` or the custom scope's name.
    public var description: String { custom?.name ?? String(describing: lifetime) }
}

/// How long a scope's instances live, whichever custom scope it is: what a resolve switches on.
@usableFromInline
enum Lifetime: UInt8, Sendable {
    case transient
    case graph
    case singleton
    case weak
    case custom

    /// Whether instances outlive the resolve that made them (singleton, weak, custom).
    @inlinable var isShared: Bool {
        switch self {
        case .transient, .graph: false
        case .singleton, .weak, .custom: true
        }
    }
}

/// A named scope the app resets itself, such as a signed-in user's session.
///
/// ```swift
/// extension CustomScope { static let session = CustomScope("session") }
/// container.register(SessionStore.self, scope: .custom(.session)) { _ in SessionStore() }
/// container.reset(.session)   // on sign-out: the next resolve makes a new store
/// ```
public struct CustomScope: Hashable, Sendable, CustomStringConvertible {
    /// The name used in messages.
    public let name: String

    /// A scope called `name`; two scopes with the same name are the same scope.
    public init(_ name: String) { self.name = name }

    /// The scope's name.
    public var description: String { name }
}
