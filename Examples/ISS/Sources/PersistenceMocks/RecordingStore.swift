import Foundation
import PersistenceCore

/// A store for tests: keeps values in memory, records every operation, and can be told to fail.
public actor RecordingStore: KeyValueStore {
    public enum Operation: Equatable, Sendable {
        case read(String)
        case write(String)
        case remove(String)
    }

    private var entries: [String: Data] = [:]
    public private(set) var operations: [Operation] = []
    private var failure: PersistenceError?

    public init(entries: [String: Data] = [:]) {
        self.entries = entries
    }

    /// Every following operation throws `error` (nil to stop failing).
    public func failAll(with error: PersistenceError?) {
        failure = error
    }

    public func data(forKey key: String) throws -> Data? {
        operations.append(.read(key))
        if let failure { throw failure }
        return entries[key]
    }

    public func set(_ data: Data?, forKey key: String) throws {
        operations.append(data == nil ? .remove(key) : .write(key))
        if let failure { throw failure }
        entries[key] = data
    }

    public func keys() throws -> [String] {
        if let failure { throw failure }
        return entries.keys.sorted()
    }
}
