public import Foundation
public import Logging
import NIOCore
import SQLiteNIO
public import StrataPackageIdentity

/// The embedded metadata store: `registry.sqlite` in the registry's folder (releases, tokens,
/// scope settings, archive claims), opened by one server process; the `token` and `scope`
/// commands may open it beside a running server.
///
/// A release appears by one insert, whose primary key on (package, version) turns the second of
/// two concurrent publishes into a conflict. Each claim is one statement, which SQLite runs whole.
public final class SQLiteMetadataStore: MetadataStore {
    public let file: String
    private let connection: SQLiteConnection

    private init(file: String, connection: SQLiteConnection) {
        self.file = file
        self.connection = connection
    }

    public var location: String { file }

    /// Opens (creating and migrating it if needed) the database `registry.sqlite` in `folder`.
    public static func open(folder: String, logger: Logger = Logger(label: "strata-registry.sqlite")) async throws -> SQLiteMetadataStore {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/registry.sqlite"
        let connection = try await SQLiteConnection.open(storage: .file(path: file), logger: logger)
        let store = SQLiteMetadataStore(file: file, connection: connection)
        try await store.migrate()
        return store
    }

    public func close() async throws {
        try await connection.close()
    }

    public func checkReachable() async throws {
        _ = try await connection.query("SELECT 1", [])
    }

    private func migrate() async throws {
        let hadURLOwners =
            !(try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'repository_urls'", []).isEmpty)
        for statement in [
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = FULL",
            "PRAGMA busy_timeout = 5000",
            """
            CREATE TABLE IF NOT EXISTS releases (
                package_key TEXT NOT NULL, scope TEXT NOT NULL, name TEXT NOT NULL,
                version_key TEXT NOT NULL, version TEXT NOT NULL,
                checksum TEXT NOT NULL, size INTEGER NOT NULL, metadata BLOB NOT NULL,
                manifests TEXT NOT NULL, dependencies TEXT NOT NULL, repository_urls TEXT NOT NULL,
                published_at REAL NOT NULL,
                signature_format TEXT, archive_signature BLOB, metadata_signature BLOB,
                PRIMARY KEY (package_key, version_key))
            """,
            """
            CREATE TABLE IF NOT EXISTS tokens (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT NOT NULL UNIQUE, grants TEXT NOT NULL,
                created_at REAL NOT NULL, expires_at REAL, revoked_at REAL)
            """,
            "CREATE TABLE IF NOT EXISTS scopes (scope TEXT PRIMARY KEY, anonymous_read INTEGER NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS archive_claims (
                id TEXT PRIMARY KEY, checksum TEXT NOT NULL, kind TEXT NOT NULL, claimed_at REAL NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS archive_claims_checksum ON archive_claims (checksum)",
            "CREATE TABLE IF NOT EXISTS repository_urls (url TEXT PRIMARY KEY, package_key TEXT NOT NULL)",
        ] {
            _ = try await connection.query(statement, [])
        }
        if !hadURLOwners {
            // A registry from before the policy: each URL goes to the first package that named it.
            _ = try await connection.query(
                """
                INSERT OR IGNORE INTO repository_urls (url, package_key)
                SELECT json_each.value, releases.package_key FROM releases, json_each(releases.repository_urls) ORDER BY releases.published_at
                """, [])
        }
        // Registries created before scopes had settings besides anonymous reads check manifest names.
        let scopeColumns = Set(try await connection.query("PRAGMA table_info(scopes)", []).compactMap { $0.column("name")?.string })
        if !scopeColumns.contains("manifest_name_check") {
            _ = try await connection.query("ALTER TABLE scopes ADD COLUMN manifest_name_check INTEGER NOT NULL DEFAULT 1", [])
        }
        // Registries created before releases could be signed gain the columns, empty.
        let columns = Set(try await connection.query("PRAGMA table_info(releases)", []).compactMap { $0.column("name")?.string })
        for (column, type) in [("signature_format", "TEXT"), ("archive_signature", "BLOB"), ("metadata_signature", "BLOB")]
        where !columns.contains(column) {
            _ = try await connection.query("ALTER TABLE releases ADD COLUMN \(column) \(type)", [])
        }
    }

    // MARK: - Releases

    public func insert(_ release: Release, completing claim: ArchiveClaim) async throws {
        do {
            try await claimRepositoryURLs(of: release)
        } catch {
            try? await dropClaim(claim)
            throw error
        }
        // Two statements: a process killed between them leaves a claim on an archive a release
        // refers to, which no collector deletes, and which counts as dead after its lifetime.
        do {
            _ = try await connection.query(
                """
                INSERT INTO releases (package_key, scope, name, version_key, version, checksum, size, metadata, manifests,
                    dependencies, repository_urls, published_at, signature_format, archive_signature, metadata_signature)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(release.package.key), .text(release.package.scope), .text(release.package.name),
                    .text(release.version.precedenceKey), .text(release.version.description), .text(release.checksum),
                    .integer(release.size), .blob(ByteBuffer(bytes: release.metadata)), .text(JSONColumn.encode(release.manifests)),
                    .text(JSONColumn.encode(release.dependencies)), .text(JSONColumn.encode(release.repositoryURLs.map(RepositoryURL.normalized))),
                    .float(release.publishedAt.timeIntervalSince1970), release.signing.map { .text($0.format) } ?? .null,
                    release.signing.map { .blob(ByteBuffer(bytes: $0.archiveSignature)) } ?? .null,
                    release.signing?.metadataSignature.map { .blob(ByteBuffer(bytes: $0)) } ?? .null,
                ])
        } catch let error as SQLiteError where [.constraint, .constraintPrimaryKeyFailed, .constraintUniqueFailed].contains(error.reason) {
            // The other publisher stored the same version first; its archive may be this very file.
            try? await dropClaim(claim)
            throw PublishConflict.exists
        }
        try await dropClaim(claim)
    }

    /// Makes the release's package the owner of each repository URL it names that no package
    /// owns yet; throws if another package owns one. The primary key on the URL decides a race.
    private func claimRepositoryURLs(of release: Release) async throws {
        let key = release.package.key
        for url in Set(release.repositoryURLs.map(RepositoryURL.normalized)).sorted() {
            _ = try await connection.query("INSERT OR IGNORE INTO repository_urls (url, package_key) VALUES (?, ?)", [.text(url), .text(key)])
            let owner = try await connection.query("SELECT package_key FROM repository_urls WHERE url = ?", [.text(url)]).first?
                .column("package_key")?.string
            if let owner, owner != key { throw PublishConflict.repositoryURLTaken(url: url, owner: owner) }
        }
    }

    public func referencedChecksums() async throws -> Set<String> {
        Set(try await connection.query("SELECT DISTINCT checksum FROM releases", []).compactMap { $0.column("checksum")?.string })
    }

    // MARK: - Claims

    public func dropStaleClaims(before staleBefore: Date) async throws -> Int {
        try await connection.query("DELETE FROM archive_claims WHERE claimed_at < ? RETURNING id", [.float(staleBefore.timeIntervalSince1970)]).count
    }

    public func claimForPublish(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim? {
        _ = try await connection.query(
            "DELETE FROM archive_claims WHERE checksum = ? AND kind = 'delete' AND claimed_at < ?",
            [.text(checksum), .float(staleBefore.timeIntervalSince1970)])
        let claim = ArchiveClaim(checksum: checksum, kind: .publish, claimedAt: date)
        let inserted = try await connection.query(
            """
            INSERT INTO archive_claims (id, checksum, kind, claimed_at) SELECT ?, ?, 'publish', ?
            WHERE NOT EXISTS (SELECT 1 FROM archive_claims WHERE checksum = ? AND kind = 'delete') RETURNING id
            """, [.text(claim.id), .text(checksum), .float(date.timeIntervalSince1970), .text(checksum)])
        return inserted.isEmpty ? nil : claim
    }

    public func claimForDeletion(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim? {
        _ = try await connection.query(
            "DELETE FROM archive_claims WHERE checksum = ? AND claimed_at < ?", [.text(checksum), .float(staleBefore.timeIntervalSince1970)])
        let claim = ArchiveClaim(checksum: checksum, kind: .delete, claimedAt: date)
        let inserted = try await connection.query(
            """
            INSERT INTO archive_claims (id, checksum, kind, claimed_at) SELECT ?, ?, 'delete', ?
            WHERE NOT EXISTS (SELECT 1 FROM archive_claims WHERE checksum = ?)
              AND NOT EXISTS (SELECT 1 FROM releases WHERE checksum = ?) RETURNING id
            """, [.text(claim.id), .text(checksum), .float(date.timeIntervalSince1970), .text(checksum), .text(checksum)])
        return inserted.isEmpty ? nil : claim
    }

    public func dropClaim(_ claim: ArchiveClaim) async throws {
        _ = try await connection.query("DELETE FROM archive_claims WHERE id = ?", [.text(claim.id)])
    }

    public func releases(of package: PackageIdentifier) async throws -> [Release] {
        try await connection.query("SELECT * FROM releases WHERE package_key = ?", [.text(package.key)]).compactMap(Self.release)
    }

    public func release(of package: PackageIdentifier, version: SemanticVersion) async throws -> Release? {
        try await connection.query(
            "SELECT * FROM releases WHERE package_key = ? AND version_key = ?", [.text(package.key), .text(version.precedenceKey)]
        ).compactMap(Self.release).first
    }

    public func identifiers(forRepositoryURL url: String) async throws -> [PackageIdentifier] {
        let rows = try await connection.query(
            """
            SELECT releases.scope, releases.name, releases.package_key FROM releases
            JOIN repository_urls ON repository_urls.package_key = releases.package_key
            WHERE repository_urls.url = ? ORDER BY releases.published_at
            """,
            [.text(RepositoryURL.normalized(url))])
        return Self.uniquePackages(rows)
    }

    public func allPackages() async throws -> [PackageIdentifier] {
        Self.uniquePackages(try await connection.query("SELECT scope, name, package_key FROM releases ORDER BY package_key, published_at", []))
    }

    /// One identifier per package, spelt as first published.
    private static func uniquePackages(_ rows: [SQLiteRow]) -> [PackageIdentifier] {
        var seen = Set<String>()
        return rows.compactMap { row in
            guard let key = row.column("package_key")?.string, seen.insert(key).inserted, let scope = row.column("scope")?.string,
                let name = row.column("name")?.string
            else { return nil }
            return PackageIdentifier(validScope: scope, name: name)
        }
    }

    private static func release(_ row: SQLiteRow) -> Release? {
        guard let scope = row.column("scope")?.string, let name = row.column("name")?.string,
            let version = row.column("version")?.string.flatMap(SemanticVersion.init), let checksum = row.column("checksum")?.string,
            let size = row.column("size")?.integer, let published = row.column("published_at")?.double
        else { return nil }
        let metadata = row.column("metadata")?.blob.map { Data($0.readableBytesView) } ?? Data("{}".utf8)
        var signing: Release.Signing?
        if let format = row.column("signature_format")?.string, let signature = row.column("archive_signature")?.blob {
            signing = Release.Signing(
                format: format, archiveSignature: Data(signature.readableBytesView),
                metadataSignature: row.column("metadata_signature")?.blob.map { Data($0.readableBytesView) })
        }
        return Release(
            package: PackageIdentifier(validScope: scope, name: name), version: version, checksum: checksum, size: size, metadata: metadata,
            manifests: JSONColumn.decode(row.column("manifests")?.string) ?? [:],
            dependencies: JSONColumn.decode(row.column("dependencies")?.string) ?? [],
            publishedAt: Date(timeIntervalSince1970: published), repositoryURLs: JSONColumn.decode(row.column("repository_urls")?.string) ?? [],
            signing: signing
        )
    }

    // MARK: - Tokens and scopes

    public func addToken(_ token: TokenRecord) async throws {
        _ = try await connection.query(
            "INSERT INTO tokens (id, name, secret_hash, grants, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .text(token.id), .text(token.name), .text(token.secretHash), .text(JSONColumn.encode(token.grants.mapValues(\.rawValue))),
                .float(token.createdAt.timeIntervalSince1970), token.expiresAt.map { .float($0.timeIntervalSince1970) } ?? .null,
                token.revokedAt.map { .float($0.timeIntervalSince1970) } ?? .null,
            ])
    }

    public func token(secretHash: String) async throws -> TokenRecord? {
        try await connection.query("SELECT * FROM tokens WHERE secret_hash = ?", [.text(secretHash)]).compactMap(Self.token).first
    }

    public func tokens() async throws -> [TokenRecord] {
        try await connection.query("SELECT * FROM tokens ORDER BY created_at", []).compactMap(Self.token)
    }

    public func revokeToken(id: String, at date: Date) async throws -> Bool {
        guard try await connection.query("SELECT id FROM tokens WHERE id = ?", [.text(id)]).first != nil else { return false }
        _ = try await connection.query(
            "UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [.float(date.timeIntervalSince1970), .text(id)])
        return true
    }

    private static func token(_ row: SQLiteRow) -> TokenRecord? {
        guard let id = row.column("id")?.string, let name = row.column("name")?.string, let hash = row.column("secret_hash")?.string,
            let grants: [String: String] = JSONColumn.decode(row.column("grants")?.string), let created = row.column("created_at")?.double
        else { return nil }
        return TokenRecord(
            id: id, name: name, secretHash: hash, grants: grants.compactMapValues(Permission.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: created), expiresAt: row.column("expires_at")?.double.map(Date.init(timeIntervalSince1970:)),
            revokedAt: row.column("revoked_at")?.double.map(Date.init(timeIntervalSince1970:)))
    }

    public func anonymousReadScopes() async throws -> Set<String> {
        Set(try await connection.query("SELECT scope FROM scopes WHERE anonymous_read = 1", []).compactMap { $0.column("scope")?.string })
    }

    public func scopesWithoutManifestNameCheck() async throws -> Set<String> {
        Set(try await connection.query("SELECT scope FROM scopes WHERE manifest_name_check = 0", []).compactMap { $0.column("scope")?.string })
    }

    public func setManifestNameCheck(_ required: Bool, scope: String) async throws {
        _ = try await connection.query(
            """
            INSERT INTO scopes (scope, anonymous_read, manifest_name_check) VALUES (?, 0, ?)
            ON CONFLICT(scope) DO UPDATE SET manifest_name_check = excluded.manifest_name_check
            """, [.text(scope.lowercased()), .integer(required ? 1 : 0)])
    }

    public func setAnonymousRead(_ allowed: Bool, scope: String) async throws {
        _ = try await connection.query(
            "INSERT INTO scopes (scope, anonymous_read) VALUES (?, ?) ON CONFLICT(scope) DO UPDATE SET anonymous_read = excluded.anonymous_read",
            [.text(scope.lowercased()), .integer(allowed ? 1 : 0)])
    }
}
