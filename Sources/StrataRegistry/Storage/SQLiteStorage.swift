public import Foundation
public import Logging
import NIOCore
import SQLiteNIO
import StrataFileSystem
public import StrataPackageIdentity

/// The embedded storage: one folder holding `registry.sqlite` (releases, tokens, scope settings)
/// and `archives/`, the source archives by checksum.
///
/// A publish writes the archive first (atomically, under its checksum, so a half-written file is
/// never visible), then inserts the release in one statement: the primary key on (package,
/// version) makes that the single point where a release appears, and turns the second of two
/// concurrent publishes into a conflict. A process killed between the two leaves only an archive
/// nothing refers to, which `open` removes.
public final class SQLiteStorage: RegistryStorage {
    public let folder: String
    private let connection: SQLiteConnection

    private init(folder: String, connection: SQLiteConnection) {
        self.folder = folder
        self.connection = connection
    }

    /// Opens (creating it if needed) the storage in `folder`. The server removes archives no
    /// release refers to (left by a crash); a second process opening the same folder beside a
    /// running server (the `token` commands) must not, as one may be a publish in progress.
    public static func open(
        folder: String, removingUnreferencedArchives: Bool = true, logger: Logger = Logger(label: "strata-registry.sqlite")
    ) async throws -> SQLiteStorage {
        try FileManager.default.createDirectory(atPath: folder + "/archives", withIntermediateDirectories: true)
        let connection = try await SQLiteConnection.open(storage: .file(path: folder + "/registry.sqlite"), logger: logger)
        let storage = SQLiteStorage(folder: folder, connection: connection)
        try await storage.migrate()
        if removingUnreferencedArchives { try await storage.removeUnreferencedArchives() }
        return storage
    }

    public func close() async throws {
        try await connection.close()
    }

    private func migrate() async throws {
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
        ] {
            _ = try await connection.query(statement, [])
        }
        // Registries created before releases could be signed gain the columns, empty.
        let columns = Set(try await connection.query("PRAGMA table_info(releases)", []).compactMap { $0.column("name")?.string })
        for (column, type) in [("signature_format", "TEXT"), ("archive_signature", "BLOB"), ("metadata_signature", "BLOB")]
        where !columns.contains(column) {
            _ = try await connection.query("ALTER TABLE releases ADD COLUMN \(column) \(type)", [])
        }
    }

    // MARK: - Archives

    func archivePath(_ checksum: String) -> String {
        "\(folder)/archives/\(checksum.prefix(2))/\(checksum).zip"
    }

    /// Archives no release refers to: left by a process killed between writing one and storing its release.
    private func removeUnreferencedArchives() async throws {
        let referenced = Set(try await connection.query("SELECT checksum FROM releases", []).compactMap { $0.column("checksum")?.string })
        let root = folder + "/archives"
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + shard)) ?? [] {
                let checksum = file.hasSuffix(".zip") ? String(file.dropLast(4)) : file
                if !referenced.contains(checksum) { try? FileManager.default.removeItem(atPath: "\(root)/\(shard)/\(file)") }
            }
        }
    }

    public func archive(checksum: String) async throws -> Data? {
        guard checksum.count == 64, checksum.allSatisfy(\.isHexDigit) else { return nil }
        return FileManager.default.contents(atPath: archivePath(checksum))
    }

    // MARK: - Releases

    public func publish(_ release: Release, archive: Data) async throws {
        if try await self.release(of: release.package, version: release.version) != nil { throw PublishConflict.exists }
        try AtomicFileWriter.write(archive, to: archivePath(release.checksum), creatingFolder: true)
        try await Self.faultPauseAfterArchive(folder: folder)
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
                    .integer(release.size), .blob(ByteBuffer(bytes: release.metadata)), .text(Self.json(release.manifests)),
                    .text(Self.json(release.dependencies)), .text(Self.json(release.repositoryURLs.map(Self.normalizedURL))),
                    .float(release.publishedAt.timeIntervalSince1970), release.signing.map { .text($0.format) } ?? .null,
                    release.signing.map { .blob(ByteBuffer(bytes: $0.archiveSignature)) } ?? .null,
                    release.signing?.metadataSignature.map { .blob(ByteBuffer(bytes: $0)) } ?? .null,
                ])
        } catch let error as SQLiteError where [.constraint, .constraintPrimaryKeyFailed, .constraintUniqueFailed].contains(error.reason) {
            // The other publisher stored the same version first; its archive may be this very file.
            throw PublishConflict.exists
        }
    }

    /// Fault injection for the crash test: with `STRATA_REGISTRY_FAULT_PAUSE_AFTER_ARCHIVE=SECONDS`
    /// a publish stops between writing its archive and storing its release, after creating
    /// `<folder>/.paused-after-archive`, so that a test can kill the server exactly there.
    private static func faultPauseAfterArchive(folder: String) async throws {
        guard let value = ProcessInfo.processInfo.environment["STRATA_REGISTRY_FAULT_PAUSE_AFTER_ARCHIVE"], let seconds = Double(value) else {
            return
        }
        _ = FileManager.default.createFile(atPath: folder + "/.paused-after-archive", contents: nil)
        try await Task.sleep(for: .seconds(seconds))
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
            "SELECT DISTINCT releases.scope, releases.name, releases.package_key FROM releases, json_each(releases.repository_urls) WHERE json_each.value = ? ORDER BY releases.package_key",
            [.text(Self.normalizedURL(url))])
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

    /// A repository URL as compared for identifier lookup: no scheme, user, `.git` or trailing slash, lowercased.
    static func normalizedURL(_ url: String) -> String {
        var text = url.trimmingCharacters(in: .whitespaces).lowercased()
        for scheme in ["https://", "http://", "ssh://", "git://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") { text = String(text[text.index(after: at)...]) }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") { text.replaceSubrange(colon...colon, with: "/") }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
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
            manifests: decode(row.column("manifests")?.string) ?? [:], dependencies: decode(row.column("dependencies")?.string) ?? [],
            publishedAt: Date(timeIntervalSince1970: published), repositoryURLs: decode(row.column("repository_urls")?.string) ?? [], signing: signing
        )
    }

    // MARK: - Tokens and scopes

    public func addToken(_ token: TokenRecord) async throws {
        _ = try await connection.query(
            "INSERT INTO tokens (id, name, secret_hash, grants, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .text(token.id), .text(token.name), .text(token.secretHash), .text(Self.json(token.grants.mapValues(\.rawValue))),
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
            let grants: [String: String] = decode(row.column("grants")?.string), let created = row.column("created_at")?.double
        else { return nil }
        return TokenRecord(
            id: id, name: name, secretHash: hash, grants: grants.compactMapValues(Permission.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: created), expiresAt: row.column("expires_at")?.double.map(Date.init(timeIntervalSince1970:)),
            revokedAt: row.column("revoked_at")?.double.map(Date.init(timeIntervalSince1970:)))
    }

    public func anonymousReadScopes() async throws -> Set<String> {
        Set(try await connection.query("SELECT scope FROM scopes WHERE anonymous_read = 1", []).compactMap { $0.column("scope")?.string })
    }

    public func setAnonymousRead(_ allowed: Bool, scope: String) async throws {
        _ = try await connection.query(
            "INSERT INTO scopes (scope, anonymous_read) VALUES (?, ?) ON CONFLICT(scope) DO UPDATE SET anonymous_read = excluded.anonymous_read",
            [.text(scope.lowercased()), .integer(allowed ? 1 : 0)])
    }

    // MARK: - JSON columns

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    private static func decode<T: Decodable>(_ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
}
