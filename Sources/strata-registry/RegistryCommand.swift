// strata-registry: a private Swift package registry with one scope per layer (docs/REGISTRY.md).
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import StrataCommandLine
import StrataPackageIdentity
import StrataRegistry

/// Runs the command line as every Strata executable does (bad usage ends in status 2), its
/// messages named, and SIGTERM and SIGINT left to the server's graceful shutdown.
@main
enum StrataRegistryMain {
    static func main() async {
        await CommandLineMain.run(
            StrataRegistryCommand.self, as: CommandLineTool(name: "strata-registry", namesItsMessages: true, stopsChildrenOnSignals: false),
            arguments: Array(CommandLine.arguments.dropFirst()))
    }
}

struct StrataRegistryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-registry",
        abstract: "A private Swift package registry with per-scope access control.",
        discussion: """
            The registry API is the one 'swift package-registry' and '.package(id:from:)' speak. See docs/REGISTRY.md.

            Examples:
              Serve the registry in ./registry (the default folder) on port 8080:
                strata-registry serve --port 8080
              A token for CI that may publish to the core scope:
                strata-registry token create --name ci --scope core --write
            """,
        subcommands: [Serve.self, Migrate.self, Export.self, Import.self, Token.self, Scope.self]
    )
}

/// Where the registry keeps its data.
struct DataOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The registry's folder: its SQLite database and source archives (created if missing).", valueName: "folder"))
    var data: String = "registry"

    @Option(
        help: ArgumentHelp(
            "Keep releases, tokens and scopes in PostgreSQL instead of SQLite, shared by every replica (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]; the password may come from PGPASSWORD).",
            valueName: "url"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "Keep source archives in an S3-compatible bucket instead of the folder (s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION&style=path|virtual; credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).",
            valueName: "url"))
    var storage: String?

    var configuration: StorageConfiguration {
        StorageConfiguration(folder: (data as NSString).standardizingPath, database: database, storage: storage)
    }

    /// Runs `body` with the storage open, and closes it however `body` ends (an SQLite
    /// connection must be closed before it goes away).
    func withStorage<T>(_ body: (RegistryStore) async throws -> T) async throws -> T {
        let storage = try await Self.opening { try await configuration.open() }
        do {
            let result = try await body(storage)
            try await storage.close()
            return result
        } catch {
            try? await storage.close()
            throw error
        }
    }

    /// Opens the storage, turning a database that cannot be reached or is at another schema
    /// version into one clear line and exit status 2 rather than a stack of driver errors.
    static func opening<T>(_ open: () async throws -> T) async throws -> T {
        do {
            return try await open()
        } catch let error as SchemaMismatch {
            fail(error.description)
        } catch let error as StorageURLError {
            fail(error.description)
        } catch let error as StorageUnavailable {
            fail("cannot open \(error.what): \(error.reason)")
        } catch {
            fail("cannot open the registry's storage: \(String(reflecting: error))")
        }
    }

    /// Runs an export or import, turning its bad input into one clear line and exit status 2.
    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let problem as RegistryExport.Problem {
            fail(problem.description)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("strata-registry: error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the registry server until SIGTERM or SIGINT.",
        discussion: """
            Examples:
              Serve locally for a try:
                strata-registry serve --port 8080
              Over HTTPS, with a certificate and its key:
                strata-registry serve --tls-certificate cert.pem --tls-key key.pem
              Behind a proxy, with the address clients use:
                strata-registry serve --data /srv/reg --public-url https://r.example.com
              One of several replicas ($DB and $ARCHIVES: the shared backends' URLs):
                strata-registry serve --database "$DB" --storage "$ARCHIVES" --host 0.0.0.0
            """)

    @OptionGroup var storage: DataOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one and prints it).")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "The URL clients reach the registry at, for Location and Link headers (default: http:// and the request's Host).", valueName: "url"))
    var publicURL: String?

    @Option(help: ArgumentHelp("The largest source archive accepted, in bytes (larger ones get 413).", valueName: "bytes"))
    var maxArchiveSize = 100 << 20

    @Option(help: ArgumentHelp("The largest release metadata accepted, in bytes (larger gets 413).", valueName: "bytes"))
    var maxMetadataSize = 1 << 20

    @Option(
        help: ArgumentHelp(
            "The megabytes all uploads in flight may take together, spooled to temporary files (an upload that does not fit gets 503 and Retry-After).",
            valueName: "megabytes"))
    var uploadBudget = 512

    @Option(
        help: ArgumentHelp(
            "With --database: how often this replica looks for archives no release refers to (every replica may; they never delete one another's work).",
            valueName: "seconds"))
    var collectEvery: Int = 600

    @Option(
        help: ArgumentHelp(
            "With --database: how long a publish may take before its claim on an archive counts as abandoned, and the least age of an archive that is collected.",
            valueName: "seconds"))
    var claimLifetime: Int = 3600

    @Option(
        help: ArgumentHelp(
            "How many megabytes of recently downloaded archives to keep in memory (archives never change; 0 turns it off).", valueName: "MiB"))
    var archiveCache = 256

    @Option(
        help: ArgumentHelp(
            "How to write logs to standard error: 'text' lines, or 'json', one object per line with a field per value.", valueName: "format"))
    var logFormat: LogFormat = .text

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Option(help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (the server's certificate first); needs --tls-key.", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-certificate.", valueName: "file"))
    var tlsKey: String?

    func validate() throws {
        if archiveCache < 0 { throw ValidationError("--archive-cache is a number of megabytes, 0 or more") }
        if uploadBudget < 1 { throw ValidationError("--upload-budget is a number of megabytes, 1 or more") }
        if collectEvery < 1 || claimLifetime < 1 { throw ValidationError("--collect-every and --claim-lifetime are at least 1 second") }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-certificate and --tls-key go together: give both to serve HTTPS, or neither for HTTP")
        }
    }

    func run() async throws {
        if logFormat == .json { LoggingSystem.bootstrap { JSONLogHandler(label: $0) } }
        let metrics = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: metrics))
        var logger = Logger(label: "strata-registry")
        logger.logLevel = .info
        var storageConfiguration = self.storage.configuration
        storageConfiguration.claimLifetime = TimeInterval(claimLifetime)
        storageConfiguration.archiveCacheBytes = archiveCache << 20
        let storage = try await DataOptions.opening { try await storageConfiguration.open(logger: logger) }
        do {
            try await serve(storage, shared: storageConfiguration.isShared, metrics: metrics, logger: logger)
            try await storage.close()
        } catch {
            try? await storage.close()
            throw error
        }
    }

    private func serve(_ storage: RegistryStore, shared: Bool, metrics: PrometheusCollectorRegistry, logger: Logger) async throws {
        if !shared {
            // One server owns a folder: whatever no release refers to was left by a crash.
            try await storage.collectGarbage(grace: 0)
        }
        var configuration = RegistryServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.publicURL = publicURL
        configuration.limits.archiveBytes = maxArchiveSize
        configuration.limits.metadataBytes = maxMetadataSize
        configuration.uploadBudgetBytes = uploadBudget << 20
        configuration.metrics = metrics
        if let tlsCertificate, let tlsKey {
            configuration.tls = RegistryServer.TLSFiles(certificateChain: tlsCertificate, privateKey: tlsKey)
        }
        let server = RegistryServer(storage: storage, configuration: configuration, logger: logger)
        let (host, scheme) = (self.host, tlsCertificate == nil ? "http" : "https")
        let application: any ApplicationProtocol
        do {
            application = try server.application { port in
                // One line a script can wait for: the address actually bound.
                FileHandle.standardOutput.write(Data("strata-registry: listening on \(scheme)://\(host):\(port)\n".utf8))
            }
        } catch let error as RegistryServer.TLSError {
            FileHandle.standardError.write(Data("strata-registry: error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        // Replicas sharing a bucket collect what killed publishes left, each on its own clock.
        let collector =
            shared
            ? Task { [collectEvery, claimLifetime] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(collectEvery))
                    guard !Task.isCancelled else { break }
                    do {
                        let collection = try await storage.collectGarbage(grace: TimeInterval(claimLifetime))
                        if !collection.deleted.isEmpty { logger.info("collected \(collection.deleted.count) archives no release refers to") }
                    } catch {
                        logger.error("garbage collection failed: \(error)")
                    }
                }
            } : nil
        defer { collector?.cancel() }
        try await application.runService()
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring the database's schema up to this version's (PostgreSQL; SQLite migrates itself).",
        discussion: """
            Run it once before starting replicas of a new version; running it again, or from several machines at once, does nothing more.

            Examples:
              Create or update the schema in a PostgreSQL database:
                strata-registry migrate --database postgres://registry@db.internal/reg
            """)

    @OptionGroup var storage: DataOptions

    func run() async throws {
        let applied = try await DataOptions.opening { try await storage.configuration.migrate() }
        let target = storage.database == nil ? "the SQLite database in \(storage.configuration.folder)" : "the database"
        print(
            applied.isEmpty
                ? "strata-registry: \(target) is up to date"
                : "strata-registry: applied schema version\(applied.count == 1 ? "" : "s") \(applied.map(String.init).joined(separator: ", ")) to \(target)"
        )
    }
}

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every release, archive, token and scope setting into a new folder (a backup, or the way to another backend).",
        discussion: """
            The folder holds registry.json and archives/; 'strata-registry import' reads it into any backend. Tokens are exported as stored: the hashes of their secrets, never the secrets.

            Examples:
              Back up the registry in ./registry:
                strata-registry export backup-2026-11-25
              Back up a registry on PostgreSQL and S3 (URLs as 'serve --help' shows):
                strata-registry export backup --database "$DB" --storage "$ARCHIVES"
            """)

    @OptionGroup var storage: DataOptions
    @Argument(help: ArgumentHelp("The folder to write (must not exist yet).", valueName: "folder"))
    var destination: String

    func run() async throws {
        let summary = try await storage.withStorage { store in
            try await DataOptions.reporting { try await RegistryExport.export(store, to: (destination as NSString).standardizingPath) }
        }
        print(
            "strata-registry: exported \(summary.releases) releases, \(summary.tokens) tokens and \(summary.scopes) anonymous-read scopes to \(destination)"
        )
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Store what an export holds and the registry lacks (moving from SQLite to PostgreSQL and S3, or restoring a backup).",
        discussion: """
            Every archive is checked against its release's checksum first. Releases already stored with the same checksum are skipped, so an import can be run again; a version stored with other contents is reported and left alone (exit status 1).

            Examples:
              Move the SQLite registry in ./registry to PostgreSQL and S3:
                strata-registry export moving
                strata-registry migrate --database "$DB"
                strata-registry import moving --database "$DB" --storage "$ARCHIVES"
            """)

    @OptionGroup var storage: DataOptions
    @Argument(help: ArgumentHelp("A folder 'strata-registry export' wrote.", valueName: "folder"))
    var source: String

    func run() async throws {
        let summary = try await storage.withStorage { store in
            try await DataOptions.reporting { try await RegistryExport.import(from: (source as NSString).standardizingPath, into: store) }
        }
        print(
            "strata-registry: imported \(summary.releases) releases (\(summary.skipped) already there), \(summary.tokens) tokens and \(summary.scopes) anonymous-read scopes"
        )
        guard summary.conflicts.isEmpty else {
            FileHandle.standardError.write(
                Data(
                    "strata-registry: error: stored with other contents, left as they are: \(summary.conflicts.joined(separator: ", "))\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create, list and revoke access tokens.",
        discussion: """
            Examples:
              A read-only token for every scope, valid for 90 days:
                strata-registry token create --name laptops --scope '*' --expires-in-days 90
              See the tokens:
                strata-registry token list
            """,
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token and print its secret (shown only this once).",
            discussion: """
                Examples:
                  A token for CI that may publish to two scopes:
                    strata-registry token create --name ci --scope core --scope services --write
                """)

        @OptionGroup var storage: DataOptions

        @Option(help: "A name to recognise the token by (a team, a CI job).")
        var name: String

        @Option(help: ArgumentHelp("A scope the token may use; repeat for several, '*' for all.", valueName: "scope"))
        var scope: [String] = []

        @Flag(help: "Allow publishing to the scopes, not only reading them.")
        var write = false

        @Option(help: ArgumentHelp("Expire the token after this many days.", valueName: "days"))
        var expiresInDays: Int?

        func validate() throws {
            guard !scope.isEmpty else { throw ValidationError("name at least one --scope (or --scope '*' for every scope)") }
            for scope in scope where scope != "*" {
                if let problem = PackageIdentifier.scopeProblem(scope) { throw ValidationError("--scope \(scope): \(problem)") }
            }
            if let days = expiresInDays, days <= 0 { throw ValidationError("--expires-in-days must be at least 1") }
        }

        func run() async throws {
            let secret = AccessControl.newSecret()
            let permission: Permission = write ? .write : .read
            let now = Date()
            let record = TokenRecord(
                id: AccessControl.newID(), name: name, secretHash: AccessControl.hash(secret),
                grants: Dictionary(scope.map { ($0.lowercased(), permission) }, uniquingKeysWith: max), createdAt: now,
                expiresAt: expiresInDays.map { now.addingTimeInterval(Double($0) * 86_400) })
            try await storage.withStorage { try await $0.addToken(record) }
            print(secret)
            FileHandle.standardError.write(
                Data(
                    "strata-registry: token \(record.id) '\(name)' may \(permission.rawValue) \(scope.joined(separator: ", ")); the secret above is not stored and will not be shown again\n"
                        .utf8))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tokens (never their secrets).",
            discussion: """
                Examples:
                  Every token with its scopes and expiry:
                    strata-registry token list
                """)
        @OptionGroup var storage: DataOptions

        func run() async throws {
            let formatter = ISO8601DateFormatter()
            for token in try await storage.withStorage({ try await $0.tokens() }) {
                let grants = token.grants.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.rawValue)" }.joined(separator: ",")
                var state = "active"
                if let revoked = token.revokedAt {
                    state = "revoked \(formatter.string(from: revoked))"
                } else if let expires = token.expiresAt {
                    state = (expires <= Date() ? "expired " : "expires ") + formatter.string(from: expires)
                }
                print("\(token.id)\t\(token.name)\t\(grants)\t\(state)")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a token by its id; it stops working at once.",
            discussion: """
                Examples:
                  Revoke the token 'token list' shows as 3f2a9c:
                    strata-registry token revoke 3f2a9c
                """)
        @OptionGroup var storage: DataOptions
        @Argument(help: "The token's id, as 'token list' shows it.")
        var id: String

        func run() async throws {
            let found = try await storage.withStorage { try await $0.revokeToken(id: id, at: Date()) }
            guard found else {
                FileHandle.standardError.write(
                    Data("strata-registry: error: no token with id '\(id)'; 'strata-registry token list' shows them\n".utf8))
                throw ExitCode(2)
            }
        }
    }
}

/// The scope a `scope` subcommand changes, checked as a registry scope.
struct ScopeName: ParsableArguments {
    @Argument(help: "The scope.")
    var scope: String

    func validate() throws {
        if let problem = PackageIdentifier.scopeProblem(scope) { throw ValidationError("\(scope): \(problem)") }
    }
}

struct Scope: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scope settings.",
        discussion: """
            Examples:
              Let anyone read the shared scope:
                strata-registry scope anonymous-read shared
            """,
        subcommands: [AnonymousRead.self, ManifestName.self])

    struct ManifestName: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "manifest-name",
            abstract: "Require a release's Package.swift to name the package it is published as (the default), or not.",
            discussion: """
                The registry specification does not require it, and its compatibility suite
                publishes packages whose manifest names them otherwise.

                Examples:
                  Accept any package name in the tools scope:
                    strata-registry scope manifest-name tools --no-require
                  Require it again:
                    strata-registry scope manifest-name tools
                """)
        @OptionGroup var storage: DataOptions
        @OptionGroup var named: ScopeName
        var scope: String { named.scope }
        @Flag(inversion: .prefixedNo, help: "Require (default) or accept any name in Package(name:).")
        var require = true

        func run() async throws {
            try await storage.withStorage { try await $0.setManifestNameCheck(require, scope: scope) }
        }
    }

    struct AnonymousRead: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "anonymous-read", abstract: "Let anyone read a scope without a token, or stop that.",
            discussion: """
                Examples:
                  Let anyone read the shared scope:
                    strata-registry scope anonymous-read shared
                  Require a token again:
                    strata-registry scope anonymous-read shared --no-allow
                """)
        @OptionGroup var storage: DataOptions
        @OptionGroup var named: ScopeName
        var scope: String { named.scope }
        @Flag(inversion: .prefixedNo, help: "Allow (default) or refuse anonymous reads.")
        var allow = true

        func run() async throws {
            try await storage.withStorage { try await $0.setAnonymousRead(allow, scope: scope) }
        }
    }
}
