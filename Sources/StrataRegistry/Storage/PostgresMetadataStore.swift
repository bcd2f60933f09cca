public import Foundation
public import Logging
import NIOSSL
import PostgresNIO
public import StrataPackageIdentity

/// The scale-out metadata store: releases, tokens, scope settings and archive claims in a
/// PostgreSQL database that every replica shares (`--database postgres://…`).
///
/// The database enforces what must happen once: a release appears by one insert whose primary key
/// (package, version) turns every concurrent publish of the version but one into a unique
/// violation, on whichever replica it runs; and claims on an archive's checksum are taken in
/// transactions serialised by a transaction-scoped advisory lock on that checksum, so a deletion
/// claim and a publish claim never both hold it.
///
/// The schema is versioned (``PostgresSchema``): `strata-registry migrate` applies what is missing;
/// a server refuses to start on a schema older or newer than its own.
public final class PostgresMetadataStore: MetadataStore {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    public let location: String

    private init(client: PostgresClient, location: String, logger: Logger) {
        self.client = client
        self.location = location
        self.logger = logger
        runner = Task { await client.run() }
    }

    /// Connects to `url` (`postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]`;
    /// the password may come from `PGPASSWORD`). With `migrating`, applies missing migrations
    /// first; otherwise the schema must be this version's.
    public static func open(
        url: String, migrating: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "strata-registry.postgres")
    ) async throws -> PostgresMetadataStore {
        let settings = try settings(url, environment: environment)
        try await probe(settings, logger: logger)
        let location = settings.location
        let store = PostgresMetadataStore(
            client: PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: backgroundLogger(logger)), location: location,
            logger: logger)
        do {
            if migrating {
                try await PostgresSchema.migrate(store.client, logger: logger)
            } else {
                try await PostgresSchema.requireCurrent(store.client, location: location)
            }
        } catch let error as SchemaMismatch {
            try? await store.close()
            throw error
        } catch {
            try? await store.close()
            throw StorageUnavailable(what: "the database \(location)", reason: Self.explain(error))
        }
        return store
    }

    /// What went wrong, in a sentence: the pool reports a server it cannot reach as a tripped
    /// circuit breaker, and the server's own refusals carry its message.
    static func explain(_ error: any Error) -> String {
        if let psql = error as? PSQLError, let message = psql.serverInfo?[.message] {
            return "PostgreSQL refused: \(message)"
        }
        if let psql = error as? PSQLError, let underlying = psql.underlying {
            return "no connection could be made: \(underlying) (is PostgreSQL running there, and does it accept connections from this host?)"
        }
        if String(describing: error).contains("CircuitBreaker") {
            return "no connection could be made (is PostgreSQL running there, and does it accept connections from this host?)"
        }
        return String(describing: error)
    }

    /// The pool's own logger: its errors only. A query the store sends before the pool's task has
    /// started is queued, not lost, yet the pool warns about it; and every failure a request meets
    /// is logged by the server with the request.
    static func backgroundLogger(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .error)
        return quiet
    }

    /// What a `postgres://` URL names.
    struct Settings {
        enum TLSMode { case disable, prefer, require }
        var host: String
        var port: Int
        var user: String
        var password: String?
        var database: String
        var tls: TLSMode
        /// The URL without its password, for messages and logs.
        var location: String

        var clientConfiguration: PostgresClient.Configuration {
            let tlsSetting: PostgresClient.Configuration.TLS =
                switch tls {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            var configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
            configuration.options.connectTimeout = .seconds(10)
            return configuration
        }

        func connectionConfiguration() throws -> PostgresConnection.Configuration {
            let tlsSetting: PostgresConnection.Configuration.TLS =
                switch tls {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
            configuration.options.connectTimeout = .seconds(10)
            return configuration
        }
    }

    /// The settings a `postgres://` URL names (the password may come from `PGPASSWORD`).
    static func settings(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StorageURLError) -> Settings {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else { throw StorageURLError(url, "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE") }
        guard let user = components.user, !user.isEmpty else { throw StorageURLError(url, "name the user: postgres://USER@HOST/DATABASE") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw StorageURLError(url, "name the database: postgres://USER@HOST/DATABASE") }
        var tls = Settings.TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", "disable"): tls = .disable
            case ("sslmode", "prefer"): tls = .prefer
            case ("sslmode", "require"): tls = .require
            case ("sslmode", let mode): throw StorageURLError(url, "sslmode must be disable, prefer or require, not '\(mode)'")
            default: throw StorageURLError(url, "unknown parameter '\(item.name)' (known: sslmode)")
            }
        }
        return Settings(
            host: host, port: components.port ?? 5432, user: user, password: components.password ?? environment["PGPASSWORD"], database: database,
            tls: tls, location: url.redactingPassword)
    }

    /// One connection, opened and closed, before a pool is made: a pool retries an unreachable
    /// server for a minute and then reports only that it gave up; a single connection fails at
    /// once, with the reason.
    static func probe(_ settings: Settings, logger: Logger) async throws {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try settings.connectionConfiguration(), id: 0, logger: backgroundLogger(logger))
            try await connection.close()
        } catch {
            throw StorageUnavailable(what: "the database \(settings.location)", reason: explain(error))
        }
    }

    /// Applies the migrations `configuration`'s database lacks; returns the versions applied.
    static func migrate(url: String, environment: [String: String], logger: Logger) async throws -> [Int] {
        let settings = try settings(url, environment: environment)
        try await probe(settings, logger: logger)
        let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: backgroundLogger(logger))
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        return try await PostgresSchema.migrate(client, logger: logger)
    }

    public func close() async throws {
        runner.cancel()
        await runner.value
    }

    public func checkReachable() async throws {
        try await client.query("SELECT 1")
    }

    // MARK: - Releases

    public func insert(_ release: Release, completing claim: ArchiveClaim) async throws {
        let urls = release.repositoryURLs.map(RepositoryURL.normalized)
        let manifests = JSONColumn.encode(release.manifests)
        do {
            try await client.withTransaction(logger: logger) { connection in
                // Each URL the release names becomes its package's unless another package owns it;
                // the primary key on the URL decides a race, and a refusal rolls all of it back.
                for url in Set(urls).sorted() {
                    try await connection.query(
                        "INSERT INTO repository_urls (url, package_key) VALUES (\(url), \(release.package.key)) ON CONFLICT (url) DO NOTHING",
                        logger: logger)
                    for try await owner in try await connection.query("SELECT package_key FROM repository_urls WHERE url = \(url)", logger: logger)
                        .decode(String.self) where owner != release.package.key
                    {
                        throw PublishConflict.repositoryURLTaken(url: url, owner: owner)
                    }
                }
                try await connection.query(
                    """
                    INSERT INTO releases (package_key, scope, name, version_key, version, checksum, size, metadata, manifests,
                        dependencies, repository_urls, published_at, signature_format, archive_signature, metadata_signature)
                    VALUES (\(release.package.key), \(release.package.scope), \(release.package.name), \(release.version.precedenceKey),
                        \(release.version.description), \(release.checksum), \(release.size), \(release.metadata), \(manifests),
                        \(release.dependencies), \(urls), \(release.publishedAt), \(release.signing?.format),
                        \(release.signing?.archiveSignature), \(release.signing?.metadataSignature))
                    """, logger: logger)
                try await connection.query("DELETE FROM archive_claims WHERE id = \(claim.id)", logger: logger)
            }
        } catch let error as PostgresTransactionError where error.closureError is PublishConflict {
            try? await dropClaim(claim)
            throw error.closureError!
        } catch let error as PostgresTransactionError where Self.isUniqueViolation(error.closureError) {
            try? await dropClaim(claim)
            throw PublishConflict.exists
        } catch let error where Self.isUniqueViolation(error) {
            try? await dropClaim(claim)
            throw PublishConflict.exists
        }
    }

    static func isUniqueViolation(_ error: (any Error)?) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw
    }

    private static let releaseColumns = """
        scope, name, version, checksum, size, metadata, manifests, dependencies, repository_urls, published_at,
        signature_format, archive_signature, metadata_signature
        """

    public func releases(of package: PackageIdentifier) async throws -> [Release] {
        try await releases(client.query("SELECT \(unescaped: Self.releaseColumns) FROM releases WHERE package_key = \(package.key)"))
    }

    public func release(of package: PackageIdentifier, version: SemanticVersion) async throws -> Release? {
        try await releases(
            client.query(
                "SELECT \(unescaped: Self.releaseColumns) FROM releases WHERE package_key = \(package.key) AND version_key = \(version.precedenceKey)"
            )
        ).first
    }

    private func releases(_ rows: PostgresRowSequence) async throws -> [Release] {
        var found: [Release] = []
        for try await row in rows {
            let (
                scope, name, version, checksum, size, metadata, manifests, dependencies, urls, published, format, archiveSignature, metadataSignature
            ) =
                try row.decode(
                    (
                        String, String, String, String, Int, ByteBuffer, String, [String], [String], Date, String?, ByteBuffer?, ByteBuffer?
                    ).self)
            guard let version = SemanticVersion(version) else { continue }
            let signing = format.flatMap { format in
                archiveSignature.map {
                    Release.Signing(
                        format: format, archiveSignature: Data($0.readableBytesView),
                        metadataSignature: metadataSignature.map { Data($0.readableBytesView) })
                }
            }
            found.append(
                Release(
                    package: PackageIdentifier(validScope: scope, name: name), version: version, checksum: checksum, size: size,
                    metadata: Data(metadata.readableBytesView), manifests: JSONColumn.decode(manifests) ?? [:], dependencies: dependencies,
                    publishedAt: published, repositoryURLs: urls, signing: signing))
        }
        return found
    }

    public func identifiers(forRepositoryURL url: String) async throws -> [PackageIdentifier] {
        try await uniquePackages(
            client.query(
                """
                SELECT releases.scope, releases.name, releases.package_key FROM releases
                JOIN repository_urls ON repository_urls.package_key = releases.package_key
                WHERE repository_urls.url = \(RepositoryURL.normalized(url)) ORDER BY releases.published_at
                """
            ))
    }

    public func allPackages() async throws -> [PackageIdentifier] {
        try await uniquePackages(client.query("SELECT scope, name, package_key FROM releases ORDER BY package_key, published_at"))
    }

    /// One identifier per package, spelt as first published.
    private func uniquePackages(_ rows: PostgresRowSequence) async throws -> [PackageIdentifier] {
        var seen = Set<String>()
        var found: [PackageIdentifier] = []
        for try await (scope, name, key) in rows.decode((String, String, String).self) where seen.insert(key).inserted {
            found.append(PackageIdentifier(validScope: scope, name: name))
        }
        return found
    }

    public func referencedChecksums() async throws -> Set<String> {
        var found = Set<String>()
        for try await (checksum) in try await client.query("SELECT DISTINCT checksum FROM releases").decode(String.self) { found.insert(checksum) }
        return found
    }

    // MARK: - Claims

    public func claimForPublish(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim? {
        let claim = ArchiveClaim(checksum: checksum, kind: .publish, claimedAt: date)
        return try await client.withTransaction(logger: logger) { connection -> ArchiveClaim? in
            try await Self.lock(checksum, on: connection, logger: logger)
            try await connection.query(
                "DELETE FROM archive_claims WHERE checksum = \(checksum) AND kind = 'delete' AND claimed_at < \(staleBefore)", logger: logger)
            let deleting = try await connection.query(
                "SELECT 1 FROM archive_claims WHERE checksum = \(checksum) AND kind = 'delete'", logger: logger
            ).collect()
            guard deleting.isEmpty else { return nil }
            try await connection.query(
                "INSERT INTO archive_claims (id, checksum, kind, claimed_at) VALUES (\(claim.id), \(checksum), 'publish', \(date))", logger: logger)
            return claim
        }
    }

    public func claimForDeletion(checksum: String, at date: Date, staleBefore: Date) async throws -> ArchiveClaim? {
        let claim = ArchiveClaim(checksum: checksum, kind: .delete, claimedAt: date)
        return try await client.withTransaction(logger: logger) { connection -> ArchiveClaim? in
            try await Self.lock(checksum, on: connection, logger: logger)
            try await connection.query("DELETE FROM archive_claims WHERE checksum = \(checksum) AND claimed_at < \(staleBefore)", logger: logger)
            let busy = try await connection.query(
                """
                SELECT 1 FROM archive_claims WHERE checksum = \(checksum)
                UNION ALL SELECT 1 FROM releases WHERE checksum = \(checksum) LIMIT 1
                """, logger: logger
            ).collect()
            guard busy.isEmpty else { return nil }
            try await connection.query(
                "INSERT INTO archive_claims (id, checksum, kind, claimed_at) VALUES (\(claim.id), \(checksum), 'delete', \(date))", logger: logger)
            return claim
        }
    }

    /// Serialises this transaction with every other claim on `checksum`, on any replica, until it ends.
    private static func lock(_ checksum: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(checksum), 0))", logger: logger)
    }

    public func dropStaleClaims(before staleBefore: Date) async throws -> Int {
        var dropped = 0
        for try await _ in try await client.query("DELETE FROM archive_claims WHERE claimed_at < \(staleBefore) RETURNING id", logger: logger).decode(
            String.self)
        {
            dropped += 1
        }
        return dropped
    }

    public func dropClaim(_ claim: ArchiveClaim) async throws {
        try await client.query("DELETE FROM archive_claims WHERE id = \(claim.id)")
    }

    // MARK: - Tokens and scopes

    public func addToken(_ token: TokenRecord) async throws {
        try await client.query(
            """
            INSERT INTO tokens (id, name, secret_hash, grants, created_at, expires_at, revoked_at)
            VALUES (\(token.id), \(token.name), \(token.secretHash), \(JSONColumn.encode(token.grants.mapValues(\.rawValue))),
                \(token.createdAt), \(token.expiresAt), \(token.revokedAt))
            """)
    }

    public func token(secretHash: String) async throws -> TokenRecord? {
        try await tokens(
            client.query("SELECT id, name, secret_hash, grants, created_at, expires_at, revoked_at FROM tokens WHERE secret_hash = \(secretHash)")
        )
        .first
    }

    public func tokens() async throws -> [TokenRecord] {
        try await tokens(client.query("SELECT id, name, secret_hash, grants, created_at, expires_at, revoked_at FROM tokens ORDER BY created_at"))
    }

    private func tokens(_ rows: PostgresRowSequence) async throws -> [TokenRecord] {
        var found: [TokenRecord] = []
        for try await (id, name, hash, grants, created, expires, revoked) in rows.decode((String, String, String, String, Date, Date?, Date?).self) {
            let decoded: [String: String] = JSONColumn.decode(grants) ?? [:]
            found.append(
                TokenRecord(
                    id: id, name: name, secretHash: hash, grants: decoded.compactMapValues(Permission.init(rawValue:)), createdAt: created,
                    expiresAt: expires, revokedAt: revoked))
        }
        return found
    }

    public func revokeToken(id: String, at date: Date) async throws -> Bool {
        let found = try await client.query("SELECT id FROM tokens WHERE id = \(id)").collect()
        guard !found.isEmpty else { return false }
        try await client.query("UPDATE tokens SET revoked_at = \(date) WHERE id = \(id) AND revoked_at IS NULL")
        return true
    }

    public func anonymousReadScopes() async throws -> Set<String> {
        var found = Set<String>()
        for try await scope in try await client.query("SELECT scope FROM scopes WHERE anonymous_read").decode(String.self) { found.insert(scope) }
        return found
    }

    public func scopesWithoutManifestNameCheck() async throws -> Set<String> {
        var found = Set<String>()
        for try await scope in try await client.query("SELECT scope FROM scopes WHERE NOT manifest_name_check").decode(String.self) {
            found.insert(scope)
        }
        return found
    }

    public func setManifestNameCheck(_ required: Bool, scope: String) async throws {
        try await client.query(
            """
            INSERT INTO scopes (scope, anonymous_read, manifest_name_check) VALUES (\(scope.lowercased()), false, \(required))
            ON CONFLICT (scope) DO UPDATE SET manifest_name_check = excluded.manifest_name_check
            """)
    }

    public func setAnonymousRead(_ allowed: Bool, scope: String) async throws {
        try await client.query(
            """
            INSERT INTO scopes (scope, anonymous_read) VALUES (\(scope.lowercased()), \(allowed))
            ON CONFLICT (scope) DO UPDATE SET anonymous_read = excluded.anonymous_read
            """)
    }
}

/// The PostgreSQL schema's versions, applied in order by `strata-registry migrate` and recorded in
/// `strata_schema_migrations`. A migration is never edited once released: a change is a new one.
public enum PostgresSchema {
    /// Each version and what it does; the last is what this build needs.
    static let migrations: [(version: Int, description: String, statements: [String])] = [
        (
            1, "releases, tokens, scopes and archive claims",
            [
                """
                CREATE TABLE releases (
                    package_key text NOT NULL, scope text NOT NULL, name text NOT NULL,
                    version_key text NOT NULL, version text NOT NULL,
                    checksum text NOT NULL, size bigint NOT NULL, metadata bytea NOT NULL,
                    manifests text NOT NULL, dependencies text[] NOT NULL, repository_urls text[] NOT NULL,
                    published_at timestamptz NOT NULL,
                    signature_format text, archive_signature bytea, metadata_signature bytea,
                    PRIMARY KEY (package_key, version_key))
                """,
                "CREATE INDEX releases_checksum ON releases (checksum)",
                "CREATE INDEX releases_repository_urls ON releases USING gin (repository_urls)",
                """
                CREATE TABLE tokens (
                    id text PRIMARY KEY, name text NOT NULL, secret_hash text NOT NULL UNIQUE, grants text NOT NULL,
                    created_at timestamptz NOT NULL, expires_at timestamptz, revoked_at timestamptz)
                """,
                "CREATE TABLE scopes (scope text PRIMARY KEY, anonymous_read boolean NOT NULL)",
                """
                CREATE TABLE archive_claims (
                    id text PRIMARY KEY, checksum text NOT NULL, kind text NOT NULL CHECK (kind IN ('publish', 'delete')),
                    claimed_at timestamptz NOT NULL)
                """,
                "CREATE INDEX archive_claims_checksum ON archive_claims (checksum)",
            ]
        ),
        (
            2, "repository URLs owned by the first package that names them",
            [
                "CREATE TABLE repository_urls (url text PRIMARY KEY, package_key text NOT NULL)",
                """
                INSERT INTO repository_urls (url, package_key)
                SELECT DISTINCT ON (url) url, package_key FROM (SELECT unnest(repository_urls) AS url, package_key, published_at FROM releases) AS named
                ORDER BY url, published_at
                """,
            ]
        ),
        (
            3, "a scope may publish packages whose manifest names them otherwise",
            ["ALTER TABLE scopes ADD COLUMN manifest_name_check boolean NOT NULL DEFAULT true"]
        ),
    ]

    /// The version this build needs.
    public static var currentVersion: Int { migrations.last!.version }

    /// Applies every migration the database lacks, each in its own transaction, under an advisory
    /// lock so that replicas started together migrate once. Returns the versions applied.
    @discardableResult
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [Int] {
        try await client.withTransaction(logger: logger) { connection -> [Int] in
            // One key for "the schema": replicas that migrate at once wait here, one after another.
            try await connection.query("SELECT pg_advisory_xact_lock(7385201)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS strata_schema_migrations (
                    version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query("SELECT version FROM strata_schema_migrations", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            if let newest = applied.max(), newest > currentVersion {
                throw SchemaMismatch(found: newest, needed: currentVersion, location: "")
            }
            var done: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO strata_schema_migrations (version, description) VALUES (\(migration.version), \(migration.description))",
                    logger: logger)
                done.append(migration.version)
            }
            return done
        }
    }

    /// The newest migration applied, or 0 for a database that has none.
    static func version(_ client: PostgresClient) async throws -> Int {
        let exists = try await client.query("SELECT to_regclass('strata_schema_migrations') IS NOT NULL").decode(Bool.self)
        var hasTable = false
        for try await value in exists { hasTable = value }
        guard hasTable else { return 0 }
        var newest = 0
        for try await version in try await client.query("SELECT COALESCE(max(version), 0) FROM strata_schema_migrations").decode(Int.self) {
            newest = version
        }
        return newest
    }

    static func requireCurrent(_ client: PostgresClient, location: String) async throws {
        let found = try await version(client)
        if found != currentVersion { throw SchemaMismatch(found: found, needed: currentVersion, location: location) }
    }
}

/// A PostgreSQL schema at another version than this build's.
public struct SchemaMismatch: Error, CustomStringConvertible {
    public var found: Int
    public var needed: Int
    public var location: String

    public var description: String {
        found < needed
            ? "the database \(location) is at schema version \(found) and this strata-registry needs \(needed); run 'strata-registry migrate --database …' first"
            : "the database \(location) is at schema version \(found), newer than this strata-registry's \(needed); run the newer strata-registry"
    }
}
