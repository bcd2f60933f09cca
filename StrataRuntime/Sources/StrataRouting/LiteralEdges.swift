/// The literal edges of the route tree, every node's in one open-addressing hash table keyed by
/// the parent node and the segment's text.
///
/// Not a `Dictionary` per node: `Dictionary` hashes each URL segment with its seeded SipHash,
/// which cost more than the rest of a match; segments are short, and FNV-1a over their UTF-8
/// with the parent mixed in is enough to spread them.
struct LiteralEdges: Sendable {
    /// One edge, without its text: 16 bytes, so that a probe at 10,000 routes reads a quarter of
    /// the memory it read with the text inline (the table is larger than the processor's cache).
    private struct Slot: Sendable {
        /// The edge's hash with the low bit set; 0 marks an empty slot.
        var hash: UInt64 = 0
        var parent: Int32 = 0
        var child: Int32 = 0
    }

    private var slots = Array(repeating: Slot(), count: 16)
    /// Each slot's segment text, compared only where the hash and parent match.
    private var texts = Array(repeating: "", count: 16)
    private var count = 0

    /// The child of `parent` reached by the literal `text`.
    func child(of parent: Int, _ text: String) -> Int? {
        let hash = Self.hash(text, parent: parent)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].hash != 0 {
            let slot = slots[index]
            if slot.hash == hash && slot.parent == parent && texts[index] == text { return Int(slot.child) }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The texts of `parent`'s literal children, in no order (for messages: it reads every slot).
    func texts(from parent: Int) -> [String] {
        slots.indices.compactMap { index in slots[index].hash != 0 && slots[index].parent == parent ? texts[index] : nil }
    }

    /// Adds the edge from `parent` to `child` for `text`, which `parent` must not have yet.
    mutating func insert(parent: Int, _ text: String, child: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        place(Slot(hash: Self.hash(text, parent: parent), parent: Int32(parent), child: Int32(child)), text)
        count += 1
    }

    private mutating func place(_ slot: Slot, _ text: String) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: slot.hash) & mask
        while slots[index].hash != 0 { index = (index + 1) & mask }
        slots[index] = slot
        texts[index] = text
    }

    private mutating func grow() {
        let old = zip(slots, texts).filter { $0.0.hash != 0 }
        slots = Array(repeating: Slot(), count: slots.count * 2)
        texts = Array(repeating: "", count: slots.count)
        for (slot, text) in old { place(slot, text) }
    }

    private static func hash(_ text: String, parent: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: parent)
        // Over the UTF-8 buffer rather than `text.utf8`, whose iterator cost ten times as much
        // per byte. (A copy: `withUTF8` may have to make the text contiguous.)
        var text = text
        text.withUTF8 { bytes in
            // Not `&*`: Swift 6 made it a FixedWidthInteger requirement marked macOS 15 / iOS 18.
            for byte in bytes { hash = (hash ^ UInt64(byte)).multipliedReportingOverflow(by: 0x100_0000_01b3).partialValue }
        }
        // Fold the high bits in: the table index takes the low ones.
        return (hash ^ (hash >> 29)) | 1
    }
}
