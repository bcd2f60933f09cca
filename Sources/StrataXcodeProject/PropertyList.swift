/// An old-style (OpenStep) property list, the form Xcode writes `project.pbxproj` in, parsed once
/// into one flat array of nodes in document order: each node is a few integers (its kind, where
/// it starts and ends, where its subtree ends), and a string is decoded only when a reader asks
/// for it. A 20 MB project holds about a million values; a tree of Swift strings, arrays and
/// enums took longer to build and to free than to read the whole project from it.
public final class PropertyList: Sendable {
    /// The file's bytes, which the nodes point into.
    public let bytes: [UInt8]
    let nodes: [Node]

    init(bytes: [UInt8], nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// Another list over the same nodes and bytes (neither is copied).
    func sharingStorage() -> PropertyList {
        PropertyList(bytes: bytes, nodes: nodes)
    }

    /// The root value, which the parser requires to be a dictionary.
    public var root: PropertyListNode { PropertyListNode(list: self, index: 0) }

    // Readers on all cores ask the list by node number, not through nodes: a node returned from
    // a call is one more reference to the list, and two cores counting references to one object
    // take turns at its memory (reading 5,000 targets on two cores took as long as on one).

    /// The number of the node holding the value of the last key whose text is `wanted` in the
    /// dictionary node `dictionary`, compared as bytes without decoding the keys; nil when no key
    /// is `wanted` or the node is not a dictionary. The reader asks a million of these of a large
    /// project.
    func value(forKey wanted: UnsafeBufferPointer<UInt8>, in dictionary: Int32) -> Int32? {
        var found: Int32?
        forEachEntry(of: dictionary) { _, key, value, bytes in
            if Self.matches(key, wanted, in: bytes) { found = value }
        }
        return found
    }

    /// `value(forKey:in:)` for a key known when Strata is built (`isa`, `name`, `path`).
    func value(forKey key: StaticString, in dictionary: Int32) -> Int32? {
        key.withUTF8Buffer { value(forKey: $0, in: dictionary) }
    }

    /// The values of two keys known when Strata is built, in one pass over the dictionary node
    /// `dictionary` (an edge's object is asked for two fields, of which it has one or none).
    func values(forKeys first: StaticString, _ second: StaticString, in dictionary: Int32) -> (Int32?, Int32?) {
        first.withUTF8Buffer { first in
            second.withUTF8Buffer { second in
                var found: (Int32?, Int32?)
                forEachEntry(of: dictionary) { _, key, value, bytes in
                    if Self.matches(key, first, in: bytes) { found.0 = value }
                    if Self.matches(key, second, in: bytes) { found.1 = value }
                }
                return found
            }
        }
    }

    /// Calls `body` with each entry of the dictionary node `dictionary` (none for another kind
    /// of value): its key's number and node, its value's number, and the bytes, all read
    /// through pointers.
    @inline(__always)
    private func forEachEntry(
        of dictionary: Int32, _ body: (_ keyNumber: Int32, _ key: Node, _ value: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBufferPointer { bytes in
                guard nodes[Int(dictionary)].kind == .dictionary else { return }
                var key = dictionary + 1
                let end = nodes[Int(dictionary)].next
                while key < end {
                    let value = nodes[Int(key)].next
                    guard value < end else { return }
                    body(key, nodes[Int(key)], value, bytes)
                    key = nodes[Int(value)].next
                }
            }
        }
    }

    /// Whether a key node's text is `wanted`.
    private static func matches(_ key: Node, _ wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let range = key.textRange else { return false }
        guard key.kind != .escaped else { return key.text(in: bytes).map { Array($0.utf8) == Array(wanted) } ?? false }
        return range.count == wanted.count && bytes[range].elementsEqual(wanted)
    }

    /// The text of the string node `index`, escapes decoded; nil for any other kind of value.
    func string(at index: Int32) -> String? {
        let node = nodes[Int(index)]
        return bytes.withUnsafeBufferPointer { node.text(in: $0) }
    }

    /// The string node `index` as an object id's key, made from the bytes without a `String`;
    /// nil for any other kind of value.
    func key(at index: Int32) -> ObjectKey? {
        let node = nodes[Int(index)]
        guard let range = node.textRange else { return nil }
        guard node.kind != .escaped else { return string(at: index).map(ObjectKey.init) }
        return bytes.withUnsafeBufferPointer { ObjectKey(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The strings among the items of the array node `index`; empty for any other kind of value.
    func strings(in index: Int32) -> [String] {
        items(of: index).compactMap { string(at: $0) }
    }

    /// The numbers of the key and value nodes of each entry of the dictionary node `index`, in
    /// order; empty for any other kind of value.
    func entries(of index: Int32) -> [(key: Int32, value: Int32)] {
        var entries: [(key: Int32, value: Int32)] = []
        forEachEntry(of: index) { key, _, value, _ in entries.append((key, value)) }
        return entries
    }

    /// The numbers of the items of the array node `index`; empty for any other kind of value.
    func items(of index: Int32) -> [Int32] {
        guard nodes[Int(index)].kind == .array else { return [] }
        var items: [Int32] = []
        var item = index + 1
        let end = nodes[Int(index)].next
        while item < end {
            items.append(item)
            item = nodes[Int(item)].next
        }
        return items
    }

    /// One value. A dictionary's children are its keys and values in turn; an array's its items.
    struct Node: Sendable, Equatable {
        var kind: Kind
        /// Where the value starts: its first character, the opening quote, bracket or brace.
        var start: Int32
        /// Where a string's text ends (before a closing quote) or a data value's `>` is.
        var end: Int32
        /// The index of the node after this one's subtree: its next sibling, if it has one.
        var next: Int32
    }

    enum Kind: UInt8, Sendable {
        /// Letters, digits and `_$+/:.-`, the text as it stands.
        case unquoted
        /// In quotes, without escapes: the text between the quotes as it stands.
        case quoted
        /// In quotes, with backslash escapes to decode.
        case escaped
        case data
        case array
        case dictionary
    }
}

extension PropertyList.Node {
    /// Where a string's text lies in the bytes (between its quotes, if it has them); nil for
    /// any other kind of value.
    var textRange: Range<Int>? {
        switch kind {
        case .unquoted: Int(start)..<Int(end)
        case .quoted, .escaped: Int(start) + 1..<Int(end)
        case .data, .array, .dictionary: nil
        }
    }

    /// A string's text, escapes decoded; nil for any other kind of value. The parser asks it for
    /// messages before the list exists, so it takes the bytes.
    func text(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let range = textRange else { return nil }
        guard kind == .escaped else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        return PropertyListParser.decodeEscaped(bytes, from: range.lowerBound, to: range.upperBound)
    }
}

/// A value of a property list, with the byte offset it starts at, so that whatever is read from
/// it can point at its line. A view into the ``PropertyList``: copying it copies two words.
public struct PropertyListNode: Sendable {
    let list: PropertyList
    let index: Int32

    /// Where the value starts in the file's bytes.
    public var offset: Int { Int(node.start) }

    var node: PropertyList.Node { list.nodes[Int(index)] }

    /// The value, decoded (arrays and dictionaries one level deep).
    public indirect enum Value: Sendable {
        /// A quoted or unquoted string, escapes decoded.
        case string(String)
        /// `<0fbd 7a>`: bytes written in hexadecimal.
        case data([UInt8])
        case array([PropertyListNode])
        case dictionary(PropertyListDictionary)
    }

    public var value: Value {
        switch node.kind {
        case .unquoted, .quoted, .escaped: .string(string!)
        case .data: .data(PropertyListParser.decodeData(list.bytes, from: Int(node.start) + 1, to: Int(node.end)))
        case .array: .array(array!)
        case .dictionary: .dictionary(dictionary!)
        }
    }

    /// The string, if this is one.
    public var string: String? { list.string(at: index) }

    /// The string as an object id's key, if this is a string; made from the bytes, without a `String`.
    var key: ObjectKey? { list.key(at: index) }

    /// The items, if this is an array.
    public var array: [PropertyListNode]? {
        guard node.kind == .array else { return nil }
        return children.map { PropertyListNode(list: list, index: $0) }
    }

    /// The entries, if this is a dictionary.
    public var dictionary: PropertyListDictionary? {
        node.kind == .dictionary ? PropertyListDictionary(list: list, index: index) : nil
    }

    /// The indexes of its children, in order.
    var children: PropertyListChildren { PropertyListChildren(list: list, parent: index) }

    /// What kind of value this is, for messages: "a string", "an array".
    public var kindDescription: String {
        switch node.kind {
        case .unquoted, .quoted, .escaped: "a string"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

/// The children of an array or dictionary node, by index: each the one after the last one's subtree.
struct PropertyListChildren: Sequence {
    let list: PropertyList
    let parent: Int32

    func makeIterator() -> Iterator {
        Iterator(nodes: list.nodes, current: parent + 1, end: list.nodes[Int(parent)].next)
    }

    struct Iterator: IteratorProtocol {
        let nodes: [PropertyList.Node]
        var current: Int32
        let end: Int32

        mutating func next() -> Int32? {
            guard current < end else { return nil }
            defer { current = nodes[Int(current)].next }
            return current
        }
    }
}

/// A dictionary's entries in the order the file writes them.
///
/// Lookups scan the entries: the dictionaries of a project file hold a few keys each. The one
/// large dictionary, `objects`, is indexed once by whoever reads it.
public struct PropertyListDictionary: Sendable {
    let list: PropertyList
    let index: Int32

    /// One `key = value;`.
    public struct Entry: Sendable {
        public var key: String
        public var keyOffset: Int
        public var value: PropertyListNode
    }

    /// Every entry, its key decoded.
    public var entries: [Entry] {
        pairs.map { key, value in Entry(key: key.string ?? "", keyOffset: key.offset, value: value) }
    }

    /// Every entry as the numbers of its key's node and its value's.
    var indexPairs: [(key: Int32, value: Int32)] {
        list.entries(of: index)
    }

    /// Every entry as its key's node and its value's.
    var pairs: [(key: PropertyListNode, value: PropertyListNode)] {
        indexPairs.map { (PropertyListNode(list: list, index: $0.key), PropertyListNode(list: list, index: $0.value)) }
    }

    /// The value of `key`; the last one when the file writes the key twice, as Xcode reads it.
    public subscript(key: String) -> PropertyListNode? {
        var key = key
        return key.withUTF8 { list.value(forKey: $0, in: index) }.map { PropertyListNode(list: list, index: $0) }
    }

    /// The value of a key known when Strata is built (`isa`, `name`, `path`).
    subscript(key: StaticString) -> PropertyListNode? {
        list.value(forKey: key, in: index).map { PropertyListNode(list: list, index: $0) }
    }
}

/// A property list value written out in one line, for comparing values between revisions.
enum PropertyListText {
    static func flat(_ node: PropertyListNode) -> String {
        switch node.value {
        case .string(let text): return text
        case .data(let bytes): return "<" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + ">"
        case .array(let items): return "(" + items.map(flat).joined(separator: ", ") + ")"
        case .dictionary(let entries): return "{" + entries.entries.map { "\($0.key) = \(flat($0.value))" }.joined(separator: "; ") + "}"
        }
    }
}
