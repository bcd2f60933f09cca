import StrataRuntimeSupport

/// A container's registrations and the shared instances made from them: what its lock guards.
///
/// An open-addressing hash table in parallel arrays rather than a `Dictionary` of structs: a
/// lookup probes an array of plain hashes (``ServiceKey/tableHash``, one multiplication instead
/// of SipHash) and compares a key only where the hash matches, so finding a registration copies
/// nothing and retains nothing but what it returns. Registering a key again replaces its slot,
/// so the table grows only with the number of distinct keys.
@usableFromInline
struct Registry: Sendable {
    /// Per slot: the key's table hash with the low bit set (0 marks an empty slot).
    private var hashes: [Int] = Array(repeating: 0, count: 16)
    private var keys: [ServiceKey?] = Array(repeating: nil, count: 16)
    @usableFromInline private(set) var entries: [ServiceEntry?] = Array(repeating: nil, count: 16)
    @usableFromInline private(set) var instances: [SharedInstance] = Array(repeating: .none, count: 16)
    /// The thread making the slot's shared instance, while one does.
    private var creators: [ThreadID?] = Array(repeating: nil, count: 16)
    /// Every key, in the order first registered.
    private(set) var order: [ServiceKey] = []

    /// Adds `entry`, replacing the registration of its key; returns the instance the replaced one
    /// had, to be released outside the lock (its deinit may resolve).
    mutating func insert(_ entry: ServiceEntry) -> SharedInstance {
        if let slot = slot(of: entry.key) {
            let replaced = instances[slot]
            entries[slot] = entry
            instances[slot] = .none
            creators[slot] = nil
            return replaced
        }
        if (order.count + 1) * 2 > hashes.count { grow() }
        place(key: entry.key, entry: entry, instance: .none, creator: nil)
        order.append(entry.key)
        return .none
    }

    /// The entry registered under `key`.
    func entry(for key: ServiceKey) -> ServiceEntry? { slot(of: key).flatMap { entries[$0] } }

    /// Every entry, in the order their keys were first registered.
    var allEntries: [ServiceEntry] { order.compactMap { entry(for: $0) } }

    /// The live shared instance of `entry`, if it is still the registration of its key.
    func instance(of entry: ServiceEntry) -> MadeInstance? {
        guard let slot = slot(of: entry) else { return nil }
        switch instances[slot] {
        case .none: return nil
        case .strong(let box): return .box(box)
        case .weak(let reference): return reference.object.map { .object($0) }
        }
    }

    /// The live shared instance kept in `slot`, as the `Service` its key names. Read here, under
    /// the container's lock, so that a lookup retains the instance it returns and nothing else.
    @inlinable @inline(__always)
    func instance<Service: Sendable>(at slot: Int, as _: Service.Type) -> Service? {
        switch instances[slot] {
        case .none: nil
        case .strong(let box): (box as! Box<Service>).value
        case .weak(let reference): reference.object.map { $0 as! Service }
        }
    }

    /// Keeps `instance` as `entry`'s shared instance, unless the key was registered again since.
    mutating func setInstance(_ instance: SharedInstance, of entry: ServiceEntry) {
        guard let slot = slot(of: entry) else { return }
        instances[slot] = instance
    }

    /// The thread making `entry`'s shared instance, if one is.
    func creator(of entry: ServiceEntry) -> ThreadID? { slot(of: entry).flatMap { creators[$0] } }

    mutating func setCreator(_ thread: ThreadID?, of entry: ServiceEntry) {
        guard let slot = slot(of: entry) else { return }
        creators[slot] = thread
    }

    /// Forgets the instances of every registration in `scope`; returns them, to be released
    /// outside the lock.
    mutating func removeInstances(in scope: Scope) -> [SharedInstance] {
        var removed: [SharedInstance] = []
        for slot in entries.indices where entries[slot]?.scope == scope {
            removed.append(instances[slot])
            instances[slot] = .none
        }
        return removed
    }

    // MARK: The table

    /// The slot registering `key`, if any.
    @usableFromInline
    func slot(of key: ServiceKey) -> Int? {
        let hash = key.tableHash | 1
        let mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0 {
            if hashes[slot] == hash && keys[slot] == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The slot of `entry`, if it is still the registration of its key.
    private func slot(of entry: ServiceEntry) -> Int? {
        guard let slot = slot(of: entry.key), entries[slot] === entry else { return nil }
        return slot
    }

    private mutating func place(key: ServiceKey, entry: ServiceEntry?, instance: SharedInstance, creator: ThreadID?) {
        let hash = key.tableHash | 1
        let mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        keys[slot] = key
        entries[slot] = entry
        instances[slot] = instance
        creators[slot] = creator
    }

    private mutating func grow() {
        let old = (hashes, keys, entries, instances, creators)
        let capacity = hashes.count * 2
        hashes = Array(repeating: 0, count: capacity)
        keys = Array(repeating: nil, count: capacity)
        entries = Array(repeating: nil, count: capacity)
        instances = Array(repeating: .none, count: capacity)
        creators = Array(repeating: nil, count: capacity)
        for slot in old.0.indices where old.0[slot] != 0 {
            place(key: old.1[slot]!, entry: old.2[slot], instance: old.3[slot], creator: old.4[slot])
        }
    }
}
