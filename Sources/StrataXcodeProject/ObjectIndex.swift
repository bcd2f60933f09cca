import StrataFileSystem

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
///
/// The table is two halves, by the hash's top bit, each probed within itself: each half is
/// filled on a core of its own.
struct ObjectIndex: Sendable {
    /// The objects, in the file's order.
    let objects: Runs<ProjectObject>
    /// Their keys, by position: a lookup compares keys here, and touches an object only to hand
    /// it out (the objects that every core's edges name, targets and their products, would
    /// otherwise be read by one core while the other counts references to them).
    private let keys: Runs<ObjectKey>
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
        self.init(Runs(objects), keys: Runs(objects.map(\.key)))
    }

    /// Indexes `objects` by `keys`, which are their keys in the same order.
    init(_ objects: Runs<ProjectObject>, keys: Runs<ObjectKey>) {
        precondition(objects.count < Int(UInt32.max) / 2, "a project file holds far fewer objects")
        var bits: UInt64 = 4
        // At most half full, so that a miss ends after a probe or two.
        while (1 << bits) < objects.count * 2 { bits += 1 }
        var generator = SystemRandomNumberGenerator()
        let seed = ObjectKey.Seed(using: &generator)
        let shift = 64 - bits
        var slots = [UInt64](repeating: 0, count: 1 << bits)
        let halves = slots.withUnsafeMutableBufferPointer { slots in
            let table = Slots(slots)
            return ParallelMap.map([0, 1]) { half in table.fill(half: half, keys: keys, seed: seed, shift: shift) }
        }
        self.objects = objects
        self.keys = keys
        self.replaced = halves[0].union(halves[1])
        self.slots = slots
        self.shift = shift
        self.seed = seed
    }

    /// The slots while they are filled: two cores write them, each only its own half.
    private struct Slots: @unchecked Sendable {
        // @unchecked: the halves are disjoint, and the table outlives both writers.
        let buffer: UnsafeMutableBufferPointer<UInt64>

        init(_ buffer: UnsafeMutableBufferPointer<UInt64>) { self.buffer = buffer }

        /// Puts in every key whose slot falls in half `half` (0 or 1), in the keys' order, and
        /// gives the positions of those a later key replaced.
        func fill(half: Int, keys: Runs<ObjectKey>, seed: ObjectKey.Seed, shift: UInt64) -> Set<Int> {
            var replaced: Set<Int> = []
            let halfMask = buffer.count / 2 - 1
            for (position, key) in keys.enumerated {
                let hash = key.hash(seed)
                var slot = Int(truncatingIfNeeded: hash >> shift)
                guard slot / (halfMask + 1) == half else { continue }
                while buffer[slot] != 0 {
                    let other = Int(truncatingIfNeeded: buffer[slot] & 0xFFFF_FFFF) - 1
                    if buffer[slot] >> 32 == ObjectIndex.fragment(of: hash), keys[other] == key {
                        replaced.insert(other)
                        break
                    }
                    slot = ObjectIndex.next(after: slot, halfMask: halfMask)
                }
                buffer[slot] = ObjectIndex.fragment(of: hash) << 32 | UInt64(position + 1)
            }
            return replaced
        }
    }

    /// The slot probed after `slot`: the next in its half, the half's first after its last.
    fileprivate static func next(after slot: Int, halfMask: Int) -> Int {
        (slot & ~halfMask) | ((slot + 1) & halfMask)
    }

    /// The object with this key, if there is one.
    subscript(key: ObjectKey) -> ProjectObject? {
        position(of: key).map { objects[$0] }
    }

    /// The position of the object with this key, if there is one.
    func position(of key: ObjectKey) -> Int? {
        let hash = key.hash(seed)
        let fragment = Self.fragment(of: hash)
        let halfMask = slots.count / 2 - 1
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == fragment {
                let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if keys[position] == key { return position }
            }
            slot = Self.next(after: slot, halfMask: halfMask)
        }
    }

    /// The bits of a hash a slot keeps (in its high half) beside the position: the hash's low
    /// half, which the slot's number (from the high bits) does not already tell.
    fileprivate static func fragment(of word: UInt64) -> UInt64 {
        word & 0xFFFF_FFFF
    }
}

/// Values by position, kept in the runs they were made in, each of one length (a power of two)
/// but the last: the runs made on all cores are not copied into one array (150,000 objects
/// copied, each a reference counted, on one core).
struct Runs<Element: Sendable>: Sendable {
    private let runs: [[Element]]
    /// log2 of the runs' length.
    private let shift: Int
    let count: Int

    /// Runs all of `1 << shift` values but the last.
    init(runs: [[Element]], shift: Int) {
        precondition(runs.dropLast().allSatisfy { $0.count == 1 << shift }, "runs of one length but the last")
        self.runs = runs
        self.shift = shift
        count = runs.reduce(0) { $0 + $1.count }
    }

    /// One run of them all.
    init(_ values: [Element]) {
        self.init(runs: [values], shift: Int.bitWidth - 2)
    }

    subscript(position: Int) -> Element {
        runs[position >> shift][position & (1 << shift - 1)]
    }

    /// Every value with its position, in order.
    var enumerated: some Sequence<(offset: Int, element: Element)> {
        runs.joined().enumerated()
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

    /// The value of the object at `position`.
    subscript(position position: Int) -> Value? {
        values[position]
    }
}
