public import Foundation
public import StrataPackageIdentity

/// A published release: immutable once stored.
public struct Release: Sendable, Equatable {
    public var package: PackageIdentifier
    public var version: SemanticVersion
    /// SHA-256 of the source archive, lowercase hex (what `swift package compute-checksum` prints).
    public var checksum: String
    /// Size of the source archive in bytes.
    public var size: Int
    /// The `metadata` part as published (a JSON object), or `{}`.
    public var metadata: Data
    /// `Package.swift` and each `Package@swift-X.swift`, by file name.
    public var manifests: [String: String]
    /// Identities of the registry packages the manifest depends on (`iss-core.Network`), for the browse page.
    public var dependencies: [String]
    public var publishedAt: Date
    /// The repository URLs the metadata names, for identifier lookup.
    public var repositoryURLs: [String]
    /// The publisher's signatures, when the release is signed (SE-0391).
    public var signing: Signing?

    /// A signed release's signatures, as the publisher sent them: the registry stores and serves
    /// them; clients verify them against the certificates they trust.
    public struct Signing: Sendable, Equatable {
        /// `cms-1.0.0`, the format SwiftPM signs and verifies.
        public var format: String
        public var archiveSignature: Data
        public var metadataSignature: Data?

        /// The formats a release may be signed in: those the SwiftPM client verifies.
        public static let formats: Set<String> = ["cms-1.0.0"]

        public init(format: String, archiveSignature: Data, metadataSignature: Data?) {
            self.format = format
            self.archiveSignature = archiveSignature
            self.metadataSignature = metadataSignature
        }
    }

    public init(
        package: PackageIdentifier, version: SemanticVersion, checksum: String, size: Int, metadata: Data, manifests: [String: String],
        dependencies: [String], publishedAt: Date, repositoryURLs: [String], signing: Signing? = nil
    ) {
        self.package = package
        self.version = version
        self.checksum = checksum
        self.size = size
        self.metadata = metadata
        self.manifests = manifests
        self.dependencies = dependencies
        self.publishedAt = publishedAt
        self.repositoryURLs = repositoryURLs
        self.signing = signing
    }
}

/// What a token may do in a scope.
public enum Permission: String, Sendable, Comparable, CaseIterable {
    case read
    case write

    public static func < (a: Permission, b: Permission) -> Bool { a == .read && b == .write }
}

/// An access token as stored: its secret only as a hash.
public struct TokenRecord: Sendable, Equatable {
    public var id: String
    public var name: String
    /// SHA-256 of the secret, lowercase hex.
    public var secretHash: String
    /// Scope (lowercased) or `*` → what the token may do there.
    public var grants: [String: Permission]
    public var createdAt: Date
    public var expiresAt: Date?
    public var revokedAt: Date?

    public init(
        id: String, name: String, secretHash: String, grants: [String: Permission], createdAt: Date, expiresAt: Date?, revokedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.secretHash = secretHash
        self.grants = grants
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// What the token may do in `scope` (lowercased), if anything.
    public func permission(in scope: String) -> Permission? {
        [grants[scope], grants["*"]].compactMap { $0 }.max()
    }
}

/// Why a release could not be stored.
public enum PublishConflict: Error, Sendable, Equatable {
    /// A release of that version exists (or is being stored right now).
    case exists
    /// The release names a repository URL another package claimed first: a URL belongs to the
    /// first package whose release names it, so that `/identifiers?url=` cannot be hijacked.
    case repositoryURLTaken(url: String, owner: String)
}
