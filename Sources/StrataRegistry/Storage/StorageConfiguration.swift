public import Foundation
public import Logging

/// Which backends a registry process uses: `--data` (the folder of the embedded ones), and
/// optionally `--database postgres://…` and `--storage s3://…` for the shared ones replicas use.
public struct StorageConfiguration: Sendable {
    /// The registry's folder: the SQLite database and the archives unless the shared backends
    /// replace them.
    public var folder: String
    /// `postgres://…`, or `nil` for SQLite in the folder.
    public var database: String?
    /// `s3://…`, or `nil` for the folder's `archives/`.
    public var storage: String?
    /// How long a publish or deletion claim may be held before it counts as abandoned.
    public var claimLifetime: TimeInterval = 3600
    /// How many bytes of recently served archives each process keeps in memory.
    public var archiveCacheBytes = 0
    /// Where S3 credentials and `PGPASSWORD` are read from.
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init(folder: String, database: String? = nil, storage: String? = nil) {
        self.folder = folder
        self.database = database
        self.storage = storage
    }

    /// Whether several processes may share these backends (PostgreSQL). With SQLite in a folder,
    /// one server owns the data.
    public var isShared: Bool { database != nil }

    /// Checks the URLs and the S3 credentials without connecting: bad input is reported before
    /// anything starts.
    public func validate() throws(StorageURLError) {
        if let database { _ = try PostgresMetadataStore.settings(database, environment: environment) }
        if let storage {
            _ = try S3Location.parse(storage)
            if S3Client.environmentCredentials(environment) == nil {
                throw StorageURLError(storage, "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials)")
            }
        }
    }

    /// Opens both backends. With `migrating`, a PostgreSQL schema is brought up to date first;
    /// otherwise it must be current (SQLite always migrates itself: one process owns it).
    public func open(migrating: Bool = false, logger: Logger = Logger(label: "strata-registry.storage")) async throws -> RegistryStore {
        try validate()
        let archives: any ArchiveStore
        if let storage {
            let client = S3Client(location: try S3Location.parse(storage), credentials: S3Client.environmentCredentials(environment)!)
            archives = S3ArchiveStore(client: client)
        } else {
            archives = try FolderArchiveStore(folder: folder)
        }
        let metadata: any MetadataStore =
            if let database {
                try await PostgresMetadataStore.open(url: database, migrating: migrating, environment: environment, logger: logger)
            } else {
                try await SQLiteMetadataStore.open(folder: folder, logger: logger)
            }
        return RegistryStore(metadata: metadata, archives: archives, claimLifetime: claimLifetime, archiveCacheBytes: archiveCacheBytes)
    }

    /// Brings a PostgreSQL schema up to date; returns the versions applied (none for SQLite,
    /// which migrates itself when opened).
    public func migrate(logger: Logger = Logger(label: "strata-registry.storage")) async throws -> [Int] {
        try validate()
        guard let database else {
            let store = try await SQLiteMetadataStore.open(folder: folder, logger: logger)
            try await store.close()
            return []
        }
        return try await PostgresMetadataStore.migrate(url: database, environment: environment, logger: logger)
    }
}
