/// A project's objects found by id: an open-addressing table of their positions, keyed by
/// ``ObjectKey``'s words mixed with a seed of this table's own.
///
/// A project of 5,000 targets holds some 150,000 objects, and its reader looks an id up about a
/// million times. In a `Dictionary` each lookup seeded and finalised a SipHash and its entries
/// (a key of five words and a reference) spread over 7 MB; the lookups were the largest single
/// cost of reading the targets. Here a slot is one word (a fragment of the hash beside the
/// object's position), the whole table a couple of megabytes, and the hash two multiplications.
/// The seed is drawn afresh for every table, so that a file written to make its ids collide
/// cannot know where they land.
struct ObjectIndex: Sendable {
    /// The objects, in the file's order.
    let objects: [ProjectObject]
    /// The positions (in `objects`) of the objects a later one with the same id replaced: Xcode
    /// reads an id written twice as its last object.
    let replaced: Set<Int>
    /// Each slot empty (0), or a fragment of its key's hash in the high half and its object's
    /// position + 1 in the low half.
    private let slots: [UInt64]
    /// How far right a hash is shifted to give a slot: 64 − log2(slots).
    private let shift: UInt64
    private let seed: ObjectKey.Seed

    /// Indexes `objects` by their keys; of objects with one key, the last is found.
    init(_ objects: [ProjectObject]) {
        precondition(objects.count < Int(UInt32.max) / 2, "a project file holds far fewer objects")
        var bits: UInt64 = 4
        // At most half full, so that a miss ends after a probe or two.
        while (1 << bits) < objects.count * 2 { bits += 1 }
        var generator = SystemRandomNumberGenerator()
        let seed = ObjectKey.Seed(using: &generator)
        let shift = 64 - bits
        var slots = [UInt64](repeating: 0, count: 1 << bits)
        var replaced: Set<Int> = []
        let mask = slots.count - 1
        for (position, object) in objects.enumerated() {
            let hash = object.key.hash(seed)
            var slot = Int(truncatingIfNeeded: hash >> shift)
            while slots[slot] != 0 {
                let other = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
                if slots[slot] >> 32 == Self.fragment(of: hash), objects[other].key == object.key {
                    replaced.insert(other)
                    break
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Self.fragment(of: hash) << 32 | UInt64(position + 1)
        }
        self.objects = objects
        self.replaced = replaced
        self.slots = slots
        self.shift = shift
        self.seed = seed
    }

    /// The object with this key, if there is one.
    subscript(key: ObjectKey) -> ProjectObject? {
        let hash = key.hash(seed)
        let fragment = Self.fragment(of: hash)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == fragment {
                let object = objects[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                if object.key == key { return object }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The bits of a hash a slot keeps (in its high half) beside the position: the hash's low
    /// half, which the slot's number (from the high bits) does not already tell.
    private static func fragment(of word: UInt64) -> UInt64 {
        word & 0xFFFF_FFFF
    }
}

/// A value for some of a project's objects, found by the object's position in the file rather
/// than by hashing its id: what the reader asks of every edge (the name of the target it names,
/// the target that builds a product file) without a hash.
struct PerObject<Value: Sendable>: Sendable {
    private var values: [Value?]

    /// A table for the objects of `objects`, empty.
    init(_ objects: ProjectObjects) {
        values = Array(repeating: nil, count: objects.positions)
    }

    subscript(object: ProjectObject) -> Value? {
        get { values[object.position] }
        set { values[object.position] = newValue }
    }
}
