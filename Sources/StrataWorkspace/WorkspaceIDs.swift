/// The position of a target, layer or module in its workspace's list, as a type of its own so
/// that a layer's number cannot index the targets (nor a target's the layers) and still compile.
public protocol WorkspaceID: Strideable, Hashable, Sendable where Stride == Int {
    /// The position in the list, from 0.
    var index: Int { get }
    init(_ index: Int)
}

extension WorkspaceID {
    @inlinable public func distance(to other: Self) -> Int { other.index - index }
    @inlinable public func advanced(by offset: Int) -> Self { Self(index + offset) }
    @inlinable public static func < (left: Self, right: Self) -> Bool { left.index < right.index }
    @inlinable public static func == (left: Self, right: Self) -> Bool { left.index == right.index }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

extension DefaultStringInterpolation {
    /// An id in a message is most likely a mistake, a number where a name is meant: the
    /// compiler warns at each one. (An unavailable overload would not do: the type checker
    /// passes over it for the general one.)
    @available(*, deprecated, message: "interpolate the target's, layer's or module's name, or '.index' where the number is meant")
    public mutating func appendInterpolation<ID: WorkspaceID>(_ id: ID) { appendLiteral(String(id.index)) }
}

/// A target of a workspace: its place in `Workspace.targets`, and its node in `Workspace.graph`.
public struct TargetID: WorkspaceID {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
}

/// A layer of a workspace: its place in `Workspace.layers` (0 is the top layer).
public struct LayerID: WorkspaceID {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
}

/// A module of a workspace: its place in `Workspace.modules`.
public struct ModuleID: WorkspaceID {
    public let index: Int
    @inlinable public init(_ index: Int) { self.index = index }
}

/// An array indexed by one kind of `WorkspaceID` only: `workspace.targets[id]` takes a
/// `TargetID`, `workspace.layers[id]` a `LayerID`. Everything else is `Array`'s: it is a
/// random-access, mutable collection whose `indices` are the ids.
public struct IDArray<ID: WorkspaceID, Element>: RandomAccessCollection, MutableCollection {
    /// The elements in id order.
    public var elements: [Element]

    @inlinable public init(_ elements: [Element]) { self.elements = elements }
    @inlinable public init() { self.elements = [] }
    @inlinable public init(repeating element: Element, count: Int) { self.elements = Array(repeating: element, count: count) }

    @inlinable public var startIndex: ID { ID(0) }
    @inlinable public var endIndex: ID { ID(elements.count) }
    @inlinable public var count: Int { elements.count }
    @inlinable public var isEmpty: Bool { elements.isEmpty }

    @inlinable public subscript(id: ID) -> Element {
        get { elements[id.index] }
        _modify { yield &elements[id.index] }
    }

    /// Whether `id` names an element.
    @inlinable public func contains(id: ID) -> Bool { id.index >= 0 && id.index < elements.count }

    /// Appends `element` and returns its id.
    @discardableResult
    @inlinable public mutating func append(_ element: Element) -> ID {
        elements.append(element)
        return ID(elements.count - 1)
    }

    /// The elements with their ids, in id order.
    @inlinable public var withIDs: Zip2Sequence<Range<ID>, [Element]> { zip(indices, elements) }

    /// The same ids mapped to other elements.
    @inlinable public func mapElements<T>(_ transform: (Element) throws -> T) rethrows -> IDArray<ID, T> {
        IDArray<ID, T>(try elements.map(transform))
    }
}

extension IDArray: Sendable where Element: Sendable {}
extension IDArray: Equatable where Element: Equatable {}
extension IDArray: Hashable where Element: Hashable {}

extension IDArray: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) { self.elements = elements }
}
