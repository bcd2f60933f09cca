import Foundation
import StrataFileSystem
import StrataPackageIdentity

/// A registry's whole contents as files, for backups and for moving between backends
/// (`strata-registry export` and `import`): `registry.json` (releases with their metadata and
/// signatures, tokens as stored, with only their secrets' hashes, and scope settings) and
/// `archives/<checksum>.zip`.
///
/// Export writes a new folder next to the destination and renames it into place, so a failed
/// export leaves nothing behind. Import is idempotent: a release already stored with the same
/// checksum is skipped, one stored with another checksum is a conflict it reports and does not
/// touch; every archive is checked against its release's checksum before anything is stored.
public enum RegistryExport {
    public static let formatVersion = 1

    /// What `registry.json` holds.
    struct Document: Codable {
        var format: Int
        var exportedAt: Date
        var releases: [ExportedRelease]
        var tokens: [ExportedToken]
        var anonymousReadScopes: [String]
        /// Absent from exports made before the setting existed.
        var scopesWithoutManifestNameCheck: [String]?
    }

    struct ExportedRelease: Codable {
        var package: String
        var version: String
        var checksum: String
        var size: Int
        var metadata: Data
        var manifests: [String: String]
        var dependencies: [String]
        var publishedAt: Date
        var repositoryURLs: [String]
        var signatureFormat: String?
        var archiveSignature: Data?
        var metadataSignature: Data?
    }

    struct ExportedToken: Codable {
        var id: String
        var name: String
        var secretHash: String
        var grants: [String: String]
        var createdAt: Date
        var expiresAt: Date?
        var revokedAt: Date?
    }

    /// What an export or import did.
    public struct Summary: Sendable, Equatable {
        public var releases = 0
        public var skipped = 0
        public var conflicts: [String] = []
        public var tokens = 0
        public var scopes = 0
    }

    /// A file or release that cannot be imported.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    // MARK: Export

    /// Writes everything `store` holds into the new folder `destination`.
    @discardableResult
    public static func export(_ store: RegistryStore, to destination: String) async throws -> Summary {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw Problem(description: "\(destination) exists; export writes a new folder")
        }
        let staging = destination + ".partial-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: staging + "/archives", withIntermediateDirectories: true)
            var summary = Summary()
            var releases: [ExportedRelease] = []
            for package in try await store.allPackages() {
                for release in try await store.releases(of: package).sorted(by: { $0.version < $1.version }) {
                    guard let archive = try await store.archive(checksum: release.checksum) else {
                        throw Problem(
                            description:
                                "the archive of \(package) \(release.version) (\(release.checksum)) is missing from \(store.archives.location)")
                    }
                    try AtomicFileWriter.write(archive, to: "\(staging)/archives/\(release.checksum).zip", creatingFolder: true)
                    releases.append(exported(release))
                    summary.releases += 1
                }
            }
            let tokens = try await store.tokens().map {
                ExportedToken(
                    id: $0.id, name: $0.name, secretHash: $0.secretHash, grants: $0.grants.mapValues(\.rawValue), createdAt: $0.createdAt,
                    expiresAt: $0.expiresAt, revokedAt: $0.revokedAt)
            }
            let scopes = try await store.anonymousReadScopes().sorted()
            summary.tokens = tokens.count
            summary.scopes = scopes.count
            let document = Document(
                format: formatVersion, exportedAt: Date(), releases: releases, tokens: tokens, anonymousReadScopes: scopes,
                scopesWithoutManifestNameCheck: try await store.scopesWithoutManifestNameCheck().sorted())
            try AtomicFileWriter.write(try encoder.encode(document), to: staging + "/registry.json", creatingFolder: true)
            try FileManager.default.moveItem(atPath: staging, toPath: destination)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func exported(_ release: Release) -> ExportedRelease {
        ExportedRelease(
            package: release.package.description, version: release.version.description, checksum: release.checksum, size: release.size,
            metadata: release.metadata, manifests: release.manifests, dependencies: release.dependencies, publishedAt: release.publishedAt,
            repositoryURLs: release.repositoryURLs, signatureFormat: release.signing?.format, archiveSignature: release.signing?.archiveSignature,
            metadataSignature: release.signing?.metadataSignature)
    }

    // MARK: Import

    /// Reads an export from `source` and stores what `store` lacks.
    @discardableResult
    public static func `import`(from source: String, into store: RegistryStore) async throws -> Summary {
        let file = source + "/registry.json"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Problem(description: "\(file) is missing: give the folder 'strata-registry export' wrote")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: data)
        } catch {
            throw Problem(description: "\(file) is not an export: \(error)")
        }
        guard document.format == formatVersion else {
            throw Problem(description: "\(file) is in export format \(document.format); this strata-registry reads format \(formatVersion)")
        }
        // Everything is read and checked before anything is stored.
        var releases: [(Release, Data)] = []
        for exported in document.releases {
            let release = try release(exported, in: file)
            let path = "\(source)/archives/\(exported.checksum).zip"
            guard let archive = FileManager.default.contents(atPath: path) else {
                throw Problem(description: "\(path) is missing (the archive of \(exported.package) \(exported.version))")
            }
            guard Checksum.sha256Hex(archive) == exported.checksum, archive.count == exported.size else {
                throw Problem(description: "\(path) does not match the checksum or size of \(exported.package) \(exported.version) in \(file)")
            }
            releases.append((release, archive))
        }
        var summary = Summary()
        for (release, archive) in releases {
            if let existing = try await store.release(of: release.package, version: release.version) {
                if existing.checksum == release.checksum {
                    summary.skipped += 1
                } else {
                    summary.conflicts.append("\(release.package) \(release.version)")
                }
                continue
            }
            do {
                try await store.publish(release, archive: archive)
                summary.releases += 1
            } catch PublishConflict.exists {
                summary.conflicts.append("\(release.package) \(release.version)")
            }
        }
        let known = Set(try await store.tokens().map(\.id))
        for token in document.tokens where !known.contains(token.id) {
            try await store.addToken(
                TokenRecord(
                    id: token.id, name: token.name, secretHash: token.secretHash, grants: token.grants.compactMapValues(Permission.init(rawValue:)),
                    createdAt: token.createdAt, expiresAt: token.expiresAt, revokedAt: token.revokedAt))
            summary.tokens += 1
        }
        for scope in document.scopesWithoutManifestNameCheck ?? [] { try await store.setManifestNameCheck(false, scope: scope) }
        let open = try await store.anonymousReadScopes()
        for scope in document.anonymousReadScopes where !open.contains(scope) {
            try await store.setAnonymousRead(true, scope: scope)
            summary.scopes += 1
        }
        return summary
    }

    static func release(_ exported: ExportedRelease, in file: String) throws -> Release {
        guard case .success(let package) = PackageIdentifier.parse(exported.package), let version = SemanticVersion(exported.version),
            Checksum.isSHA256Hex(exported.checksum)
        else {
            throw Problem(description: "\(file): '\(exported.package)' \(exported.version) is not a valid release (identifier, version or checksum)")
        }
        let signing = exported.signatureFormat.flatMap { format in
            exported.archiveSignature.map { Release.Signing(format: format, archiveSignature: $0, metadataSignature: exported.metadataSignature) }
        }
        return Release(
            package: package, version: version, checksum: exported.checksum, size: exported.size, metadata: exported.metadata,
            manifests: exported.manifests, dependencies: exported.dependencies, publishedAt: exported.publishedAt,
            repositoryURLs: exported.repositoryURLs, signing: signing)
    }
}
