public import Foundation
public import StrataPackageIdentity

/// Where the registry keeps releases, tokens and scope settings, and the claims that let several
/// replicas write and collect archives without a lock of their own: SQLite in the registry's
/// folder (``SQLiteMetadataStore``, the default) or PostgreSQL (``PostgresMetadataStore``).
///
/// The database is where everything that must happen once is decided: a release appears by one
/// insert that the primary key (package, version) makes unique, and an archive is deleted only
/// under a deletion claim that no publish claim on the same checksum can coexist with.
public protocol MetadataStore: Sendable {
    // MARK: Releases

    /// Stores `release` and drops `claim` (the publish's claim on its archive). Throws
    /// ``PublishConflict/exists`` when the version is taken, dropping the claim all the same.
    func insert(_ release: Release, completing claim: ArchiveClaim) async throws
    func releases(of package: PackageIdentifier) async throws -> [Release]
    func release(of package: PackageIdentifier, version: SemanticVersion) async throws -> Release?
    func identifiers(forRepositoryURL url: String) async throws -> [PackageIdentifier]
    func allPackages() async throws -> [PackageIdentifier]
    /// Every checksum a release refers to.
    func referencedChecksums() async throws -> Set<String>

    // MARK: Claims on archives

    /// Claims `checksum` for a publish about to write its archive; `nil` while a collector holds a
    /// live deletion claim on it (the caller waits and tries again). Deletion claims older than
    /// `staleBefore` are dropped first: their collector died.
    func claimForPublish(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim?
    /// Drops a publish claim whose publish failed before its release was stored.
    func dropClaim(_ claim: ArchiveClaim) async throws
    /// Claims `checksum` for deletion, when no release refers to it and no publish claim newer
    /// than `staleBefore` holds it (older ones are dropped: their publish died); `nil` otherwise.
    func claimForDeletion(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim?
    /// Drops every claim older than `staleBefore` (a publish or a collector killed while holding
    /// it: nothing will drop it otherwise) and returns how many.
    func dropStaleClaims(before staleBefore: Date) async throws -> Int

    // MARK: Tokens and scopes

    func addToken(_ token: TokenRecord) async throws
    func token(secretHash: String) async throws -> TokenRecord?
    func tokens() async throws -> [TokenRecord]
    /// Marks the token revoked; false if there is no such token.
    func revokeToken(id: String, at date: Date) async throws -> Bool
    func anonymousReadScopes() async throws -> Set<String>
    func setAnonymousRead(_ allowed: Bool, scope: String) async throws
    /// Scopes whose releases may name their package otherwise than the identity they are
    /// published as (the check is on by default; the registry specification does not require it).
    func scopesWithoutManifestNameCheck() async throws -> Set<String>
    func setManifestNameCheck(_ required: Bool, scope: String) async throws

    // MARK: The connection

    /// Whether the database answers (the server's readiness check).
    func checkReachable() async throws
    func close() async throws
    /// What an operator reads in logs and errors: the file or the server (never a password).
    var location: String { get }
}

/// A row that says a publish is writing an archive, or a collector deleting one.
public struct ArchiveClaim: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case publish
        case delete
    }

    public var id: String
    public var checksum: String
    public var kind: Kind
    public var claimedAt: Date

    public init(id: String = UUID().uuidString.lowercased(), checksum: String, kind: Kind, claimedAt: Date) {
        self.id = id
        self.checksum = checksum
        self.kind = kind
        self.claimedAt = claimedAt
    }
}

/// JSON columns (manifests, dependency lists, grants), written with sorted keys so that equal
/// values are equal text.
enum JSONColumn {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode<T: Decodable>(_ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
}

/// A repository URL as compared for identifier lookup: no scheme, user, `.git` or trailing slash,
/// lowercased.
enum RepositoryURL {
    static func normalized(_ url: String) -> String {
        var text = url.trimmingCharacters(in: .whitespaces).lowercased()
        for scheme in ["https://", "http://", "ssh://", "git://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") { text = String(text[text.index(after: at)...]) }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") { text.replaceSubrange(colon...colon, with: "/") }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }
}
