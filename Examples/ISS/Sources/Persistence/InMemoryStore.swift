import Foundation
import PersistenceCore

/// A store that lives as long as the process: for apps run without `--store` and for tests.
public actor InMemoryStore: KeyValueStore {
    private var entries: [String: Data] = [:]

    public init() {}

    public func data(forKey key: String) throws -> Data? {
        guard Self.isValidKey(key) else { throw PersistenceError.invalidKey(key) }
        return entries[key]
    }

    public func set(_ data: Data?, forKey key: String) throws {
        guard Self.isValidKey(key) else { throw PersistenceError.invalidKey(key) }
        entries[key] = data
    }

    public func keys() -> [String] {
        entries.keys.sorted()
    }
}
