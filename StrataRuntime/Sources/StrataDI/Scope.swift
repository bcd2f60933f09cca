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
    enum Kind: Hashable, Sendable {
        case transient
        case graph
        case singleton
        case weak
        case custom(CustomScope)
    }

    let kind: Kind

    /// A new instance on every resolve.
    public static let transient = Scope(kind: .transient)
    /// One instance per top-level resolve (the default).
    public static let graph = Scope(kind: .graph)
    /// One instance for the container's lifetime.
    public static let singleton = Scope(kind: .singleton)
    /// One instance while anything else holds it strongly.
    public static let weak = Scope(kind: .weak)

    /// One instance until ``Container/reset(_:)`` is called with `scope`.
    public static func custom(_ scope: CustomScope) -> Scope { Scope(kind: .custom(scope)) }

    var lifetime: Lifetime {
        switch kind {
        case .transient: .transient
        case .graph: .graph
        case .singleton: .singleton
        case .weak: .weak
        case .custom: .custom
        }
    }

    /// The scope's name: `transient`, `graph`, `singleton`, `weak` or the custom scope's name.
    public var description: String {
        switch kind {
        case .transient: "transient"
        case .graph: "graph"
        case .singleton: "singleton"
        case .weak: "weak"
        case .custom(let scope): scope.name
        }
    }
}

/// A scope's kind without the custom scope's name: what a resolve switches on.
@usableFromInline
enum Lifetime: UInt8, Sendable {
    case transient
    case graph
    case singleton
    case weak
    case custom

    /// Whether instances outlive the resolve that made them (singleton, weak, custom).
    @inlinable var isShared: Bool { self != .transient && self != .graph }
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
