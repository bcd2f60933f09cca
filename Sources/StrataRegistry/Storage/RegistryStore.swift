public import Foundation
public import StrataPackageIdentity

/// The registry's storage: releases, tokens and scopes in a ``MetadataStore``, source archives in
/// an ``ArchiveStore``. SQLite and a folder by default; PostgreSQL and an S3-compatible bucket when
/// several replicas share them.
///
/// **Publishing is exactly-once across processes.** A publish claims its archive's checksum in the
/// database, writes the archive, then inserts the release, whose primary key (package, version)
/// lets exactly one of any number of concurrent publishes of a version through, on any replica.
/// The release becomes visible only with that insert, after its archive is whole; a process killed
/// before it leaves an archive and a claim, never a release.
///
/// **Garbage collection** (``collectGarbage(grace:now:)``) deletes archives no release refers to,
/// such as the one a killed publish left. One may be deleted only under a deletion claim, which the
/// database grants only while no release refers to the checksum and no live publish claims it;
/// and a publish cannot claim a checksum while it is being deleted. So a collector on one replica
/// never deletes the archive a publish on another is about to refer to, even when both are the
/// same bytes. Claims older than the grace period count as dead (their process was killed).
public final class RegistryStore: Sendable {
    public let metadata: any MetadataStore
    public let archives: any ArchiveStore
    /// How long a claim may be held before it counts as abandoned; an archive younger than this is
    /// never collected.
    public let claimLifetime: TimeInterval
    /// Archives served recently, kept in memory (they never change).
    let cache: ArchiveCache

    /// - Parameter archiveCacheBytes: how many bytes of recently served archives to keep in
    ///   memory; what a download finds there does not reach the archive store.
    public init(metadata: any MetadataStore, archives: any ArchiveStore, claimLifetime: TimeInterval = 3600, archiveCacheBytes: Int = 0) {
        self.metadata = metadata
        self.archives = archives
        self.claimLifetime = claimLifetime
        cache = ArchiveCache(capacity: archiveCacheBytes)
    }

    public func close() async throws {
        try await metadata.close()
    }

    // MARK: Publishing

    /// Stores the archive and then the release; throws ``PublishConflict/exists`` when the version
    /// is taken, here or by a concurrent publish on any replica. (Callers look for the version
    /// first, before they read or check an archive; the insert decides.)
    public func publish(_ release: Release, archive: Data) async throws {
        let claim = try await database { try await self.claim(release.checksum) }
        do {
            try await archiveStore { try await archives.put(archive, checksum: release.checksum) }
            try await Self.faultPauseAfterArchive()
        } catch {
            try? await metadata.dropClaim(claim)
            throw error
        }
        try await database { try await metadata.insert(release, completing: claim) }
    }

    /// `publish(_:archive:)` with the archive in a file (an upload spooled to disk), mapped rather
    /// than read into memory.
    public func publish(_ release: Release, archiveFile path: String) async throws {
        let archive = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        try await publish(release, archive: archive)
    }

    /// A publish claim on `checksum`, waiting while a collector deletes that very archive (which
    /// takes one delete request).
    private func claim(_ checksum: String) async throws -> ArchiveClaim {
        for attempt in 0..<50 {
            let now = Date()
            if let claim = try await metadata.claimForPublish(checksum: checksum, at: now, staleBefore: now - claimLifetime) { return claim }
            try await Task.sleep(for: .milliseconds(min(20 * (attempt + 1), 200)))
        }
        throw StorageUnavailable(what: "archive \(checksum)", reason: "it has been being deleted for over 10 seconds")
    }

    /// Fault injection for the crash tests: with `STRATA_REGISTRY_FAULT_PAUSE_AFTER_ARCHIVE=SECONDS`
    /// a publish stops between writing its archive and storing its release, after creating the
    /// file `STRATA_REGISTRY_FAULT_MARKER` names, so that a test can kill the server exactly there.
    private static func faultPauseAfterArchive() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let value = environment["STRATA_REGISTRY_FAULT_PAUSE_AFTER_ARCHIVE"], let seconds = Double(value) else { return }
        if let marker = environment["STRATA_REGISTRY_FAULT_MARKER"] { _ = FileManager.default.createFile(atPath: marker, contents: nil) }
        try await Task.sleep(for: .seconds(seconds))
    }

    // MARK: Garbage collection

    /// What one collection did.
    public struct Collection: Sendable, Equatable {
        /// Archives deleted: no release referred to them and no live publish claimed them.
        public var deleted: [String] = []
        /// Unreferenced archives kept: younger than the grace period, or claimed by a publish.
        public var kept = 0
        /// Claims older than the grace period dropped: their publish or collector was killed.
        public var droppedClaims = 0
    }

    /// Deletes archives no release refers to that are older than `grace` and claimed by no live
    /// publish. Safe to run on every replica at once. `grace` 0 (what a single server does when it
    /// starts, before it serves) collects every orphan.
    @discardableResult
    public func collectGarbage(grace: TimeInterval, now: Date = Date()) async throws -> Collection {
        var collection = Collection()
        // Listed before the references are read: an archive written after this list is not
        // looked at, and one listed here that a release refers to by now is seen as referenced.
        let stored = try await archives.list()
        let referenced = try await metadata.referencedChecksums()
        for archive in stored where !referenced.contains(archive.checksum) {
            guard archive.modified <= now - grace,
                let claim = try await metadata.claimForDeletion(checksum: archive.checksum, at: now, staleBefore: now - grace)
            else {
                collection.kept += 1
                continue
            }
            try await archives.delete(checksum: archive.checksum)
            try await metadata.dropClaim(claim)
            collection.deleted.append(archive.checksum)
        }
        // A publish killed after storing its release, or before writing its archive, leaves a
        // claim on no orphan: nothing above looks at it.
        collection.droppedClaims = try await metadata.dropStaleClaims(before: now - grace)
        return collection
    }

    // MARK: Reading

    public func releases(of package: PackageIdentifier) async throws -> [Release] {
        try await database { try await metadata.releases(of: package) }
    }

    public func release(of package: PackageIdentifier, version: SemanticVersion) async throws -> Release? {
        try await database { try await metadata.release(of: package, version: version) }
    }

    /// The source archive of a release, by its checksum: from memory when it was served lately.
    public func archive(checksum: String) async throws -> Data? {
        if let cached = cache.archive(checksum) { return cached }
        let data = try await archiveStore { try await archives.get(checksum: checksum) }
        if let data { cache.keep(data, checksum: checksum) }
        return data
    }

    /// Packages whose releases name `url` among their repository URLs.
    public func identifiers(forRepositoryURL url: String) async throws -> [PackageIdentifier] {
        try await database { try await metadata.identifiers(forRepositoryURL: url) }
    }

    /// Every package, for the browse page.
    public func allPackages() async throws -> [PackageIdentifier] { try await database { try await metadata.allPackages() } }

    // MARK: Tokens and scopes

    public func addToken(_ token: TokenRecord) async throws { try await database { try await metadata.addToken(token) } }

    public func token(secretHash: String) async throws -> TokenRecord? {
        try await database { try await metadata.token(secretHash: secretHash) }
    }

    public func tokens() async throws -> [TokenRecord] { try await database { try await metadata.tokens() } }

    /// Marks the token revoked; false if there is no such token.
    public func revokeToken(id: String, at date: Date) async throws -> Bool {
        try await database { try await metadata.revokeToken(id: id, at: date) }
    }

    /// Scopes (lowercased) anyone may read without a token.
    public func anonymousReadScopes() async throws -> Set<String> { try await database { try await metadata.anonymousReadScopes() } }

    public func scopesWithoutManifestNameCheck() async throws -> Set<String> {
        try await database { try await metadata.scopesWithoutManifestNameCheck() }
    }

    public func setManifestNameCheck(_ required: Bool, scope: String) async throws {
        try await database { try await metadata.setManifestNameCheck(required, scope: scope) }
    }

    public func setAnonymousRead(_ allowed: Bool, scope: String) async throws {
        try await database { try await metadata.setAnonymousRead(allowed, scope: scope) }
    }

    // MARK: Failures

    /// Runs a call to the database, naming it in what it throws: the server answers a
    /// ``StorageFailure`` with `503` and counts it, where another error is a `500`.
    private func database<T>(_ body: () async throws -> T) async throws -> T {
        try await naming(.database, metadata.location, body)
    }

    /// Runs a call to the archive store, as ``database(_:)`` does for the database.
    private func archiveStore<T>(_ body: () async throws -> T) async throws -> T {
        try await naming(.archives, archives.location, body)
    }

    /// `body`'s errors as a ``StorageFailure`` of `store`, but for answers that are not failures
    /// (a version taken) and failures already named.
    private func naming<T>(_ store: StorageFailure.Store, _ location: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PublishConflict {
            throw error
        } catch let error as StorageFailure {
            throw error
        } catch {
            throw StorageFailure(store: store, location: location, underlying: error)
        }
    }
}

/// A backend failed (the database or the object store cannot be reached, or refused): the
/// request is answered `503` and counted in `strata_registry_storage_errors_total`.
public struct StorageFailure: Error, CustomStringConvertible {
    public enum Store: String, Sendable {
        case database
        case archives
    }

    public var store: Store
    public var location: String
    public var underlying: any Error

    public var description: String {
        "the \(store == .database ? "database" : "archive store") \(location) failed: \(String(reflecting: underlying))"
    }
}
