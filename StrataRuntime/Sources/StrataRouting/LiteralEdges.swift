/// The literal edges of the route tree, every node's in one open-addressing hash table keyed by
/// the parent node and the segment's text.
///
/// Not a `Dictionary` per node: `Dictionary` hashes each URL segment with its seeded SipHash,
/// which cost more than the rest of a match; segments are short, and FNV-1a over their UTF-8
/// with the parent mixed in is enough to spread them.
struct LiteralEdges: Sendable {
    private struct Edge: Sendable {
        let parent: Int32
        let child: Int32
        let hash: UInt64
        let text: String
    }

    private var slots: [Edge?] = Array(repeating: nil, count: 16)
    private var count = 0

    /// The child of `parent` reached by the literal `text`.
    func child(of parent: Int, _ text: String) -> Int? {
        let hash = Self.hash(text, parent: parent)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let edge = slots[index] {
            if edge.hash == hash && edge.parent == parent && edge.text == text { return Int(edge.child) }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The texts of `parent`'s literal children, in no order (for messages: it reads every slot).
    func texts(from parent: Int) -> [String] {
        slots.compactMap { edge in edge.flatMap { $0.parent == parent ? $0.text : nil } }
    }

    /// Adds the edge from `parent` to `child` for `text`, which `parent` must not have yet.
    mutating func insert(parent: Int, _ text: String, child: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        place(Edge(parent: Int32(parent), child: Int32(child), hash: Self.hash(text, parent: parent), text: text))
        count += 1
    }

    private mutating func place(_ edge: Edge) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: edge.hash) & mask
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = edge
    }

    private mutating func grow() {
        let edges = slots.compactMap { $0 }
        slots = Array(repeating: nil, count: slots.count * 2)
        for edge in edges { place(edge) }
    }

    private static func hash(_ text: String, parent: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: parent)
        // Not `&*`: Swift 6 made it a FixedWidthInteger requirement marked macOS 15 / iOS 18.
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)).multipliedReportingOverflow(by: 0x100_0000_01b3).partialValue }
        // Fold the high bits in: the table index takes the low ones.
        return hash ^ (hash >> 29)
    }
}
