public import Foundation
import StrataFileSystem

/// Where source archives are kept, content-addressed: an archive's key is its SHA-256, so the
/// same bytes published twice are one object, and writing an archive again writes the same bytes.
///
/// Implemented by a folder on this machine (``FolderArchiveStore``, the default) and by an
/// S3-compatible object store (``S3ArchiveStore``, for several replicas). Which archives are still
/// needed is the metadata's business: ``RegistryStore`` decides, through ``MetadataStore``'s
/// claims, when one may be deleted.
public protocol ArchiveStore: Sendable {
    /// Writes `archive` under `checksum`, whole or not at all: a reader never sees part of it.
    func put(_ archive: Data, checksum: String) async throws
    /// The archive stored under `checksum`, or `nil`.
    func get(checksum: String) async throws -> Data?
    /// Removes the archive under `checksum`; removing one that is not there is no error.
    func delete(checksum: String) async throws
    /// Every archive stored, with when it was written (what garbage collection looks at).
    func list() async throws -> [StoredArchive]
    /// Whether the store answers (the server's readiness check).
    func checkReachable() async throws
    /// What an operator reads in logs and errors: the folder or the bucket.
    var location: String { get }
}

/// An archive found by ``ArchiveStore/list()``.
public struct StoredArchive: Sendable, Equatable {
    public var checksum: String
    public var modified: Date

    public init(checksum: String, modified: Date) {
        self.checksum = checksum
        self.modified = modified
    }
}

/// The default archive store: `archives/<first two hex digits>/<checksum>.zip` in the registry's
/// folder, each written atomically (a temporary file renamed into place).
public struct FolderArchiveStore: ArchiveStore {
    public let folder: String

    /// The store in `folder` (the registry's data folder); `archives/` is created if missing.
    public init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder + "/archives", withIntermediateDirectories: true)
    }

    public var location: String { folder + "/archives" }

    func path(_ checksum: String) -> String {
        "\(folder)/archives/\(checksum.prefix(2))/\(checksum).zip"
    }

    public func put(_ archive: Data, checksum: String) async throws {
        precondition(Checksum.isSHA256Hex(checksum), "an archive's key is its SHA-256")
        try AtomicFileWriter.write(archive, to: path(checksum), creatingFolder: true)
    }

    public func get(checksum: String) async throws -> Data? {
        guard Checksum.isSHA256Hex(checksum) else { return nil }
        return FileManager.default.contents(atPath: path(checksum))
    }

    public func delete(checksum: String) async throws {
        guard Checksum.isSHA256Hex(checksum), FileManager.default.fileExists(atPath: path(checksum)) else { return }
        try FileManager.default.removeItem(atPath: path(checksum))
    }

    public func list() async throws -> [StoredArchive] {
        let root = folder + "/archives"
        var found: [StoredArchive] = []
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + shard)) ?? [] where file.hasSuffix(".zip") {
                let checksum = String(file.dropLast(4))
                guard Checksum.isSHA256Hex(checksum) else { continue }
                let attributes = try? FileManager.default.attributesOfItem(atPath: "\(root)/\(shard)/\(file)")
                found.append(StoredArchive(checksum: checksum, modified: attributes?[.modificationDate] as? Date ?? .distantPast))
            }
        }
        return found
    }

    public func checkReachable() async throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isFolder), isFolder.boolValue,
            FileManager.default.isWritableFile(atPath: location)
        else { throw StorageUnavailable(what: "archive folder \(location)", reason: "missing or not writable") }
    }
}

/// A storage backend that does not answer: the readiness check's failure, and a request's `503`.
public struct StorageUnavailable: Error, CustomStringConvertible {
    public var what: String
    public var reason: String

    public init(what: String, reason: String) {
        self.what = what
        self.reason = reason
    }

    public var description: String { "\(what): \(reason)" }
}
