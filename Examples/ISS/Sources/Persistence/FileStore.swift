import Foundation
import Logging
import PersistenceCore

/// A store that keeps one file per key in a folder. Writes are atomic: a crash leaves the old
/// value or the new one, never half of one.
public actor FileStore: KeyValueStore {
    private let folder: URL
    private let logger: Logger

    /// Creates the folder if needed.
    public init(folder: URL, logger: Logger) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError.unavailable("cannot create \(folder.path): \(error.localizedDescription)")
        }
        self.folder = folder
        self.logger = logger.scoped("persistence")
    }

    private func url(for key: String) throws -> URL {
        guard Self.isValidKey(key) else { throw PersistenceError.invalidKey(key) }
        return folder.appendingPathComponent(key + ".json")
    }

    public func data(forKey key: String) throws -> Data? {
        let url = try url(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PersistenceError.unavailable("cannot read \(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    public func set(_ data: Data?, forKey key: String) throws {
        let url = try url(for: key)
        do {
            if let data {
                try data.write(to: url, options: .atomic)
                logger.debug("stored \(key) (\(data.count) bytes)")
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
                logger.debug("removed \(key)")
            }
        } catch {
            throw PersistenceError.unavailable("cannot write \(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    public func keys() throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
