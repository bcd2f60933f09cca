import Foundation

/// Durable storage as services and domains see it: bytes under string keys.
public protocol KeyValueStore: Sendable {
    func data(forKey key: String) async throws -> Data?
    /// Stores `data` under `key`; nil removes the key.
    func set(_ data: Data?, forKey key: String) async throws
    /// Every key, sorted.
    func keys() async throws -> [String]
}

/// What can go wrong storing data.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidKey(String)
    case corrupt(key: String, reason: String)
    case unavailable(String)

    public var description: String {
        switch self {
        case .invalidKey(let key): "'\(key)' is not a valid key (use letters, digits, '-', '_' and '.')"
        case .corrupt(let key, let reason): "stored value for '\(key)' is unreadable: \(reason)"
        case .unavailable(let reason): "storage unavailable: \(reason)"
        }
    }
}

extension KeyValueStore {
    /// The JSON value under `key`, or nil if there is none.
    public func value<Value: Decodable>(_ type: Value.Type, forKey key: String) async throws -> Value? {
        guard let data = try await data(forKey: key) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw PersistenceError.corrupt(key: key, reason: "\(error)")
        }
    }

    /// Stores `value` as JSON under `key`.
    public func setValue<Value: Encodable>(_ value: Value, forKey key: String) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await set(try encoder.encode(value), forKey: key)
    }

    /// True for keys that are safe as file names everywhere.
    public static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 128 && !key.hasPrefix(".")
            && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
