public import Foundation

/// Source archives in an S3-compatible bucket, shared by every replica: `archives/<first two hex
/// digits>/<checksum>.zip` under the location's prefix. A PUT makes an object visible whole or not
/// at all, and archives above the multipart threshold go up in parts, completed in one request.
public struct S3ArchiveStore: ArchiveStore {
    public let client: S3Client

    public init(client: S3Client) {
        self.client = client
    }

    public var location: String { client.location.description }

    func key(_ checksum: String) -> String {
        "\(client.location.prefix)archives/\(checksum.prefix(2))/\(checksum).zip"
    }

    public func put(_ archive: Data, checksum: String) async throws {
        precondition(Checksum.isSHA256Hex(checksum), "an archive's key is its SHA-256")
        if archive.count > client.location.multipartThreshold {
            try await client.multipartUpload(key(checksum), archive)
        } else {
            // The key is the archive's SHA-256, which is also the payload hash SigV4 signs.
            try await client.putObject(key(checksum), archive, sha256: checksum)
        }
    }

    public func get(checksum: String) async throws -> Data? {
        guard Checksum.isSHA256Hex(checksum) else { return nil }
        return try await client.getObject(key(checksum))
    }

    public func delete(checksum: String) async throws {
        guard Checksum.isSHA256Hex(checksum) else { return }
        try await client.deleteObject(key(checksum))
    }

    public func list() async throws -> [StoredArchive] {
        let prefix = client.location.prefix + "archives/"
        return try await client.listObjects(prefix: prefix).compactMap { object in
            guard object.key.hasSuffix(".zip"), let name = object.key.split(separator: "/").last else { return nil }
            let checksum = String(name.dropLast(4))
            return Checksum.isSHA256Hex(checksum) ? StoredArchive(checksum: checksum, modified: object.modified) : nil
        }
    }

    public func checkReachable() async throws {
        try await client.headBucket()
    }
}
