import Foundation
import StrataWorkspaceTestSupport
import StrataRegistry
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The real servers behind the registry's shared backends, started for a test on loopback and
/// stopped by it: PostgreSQL (Debian's `postgresql`) and moto's S3 server (`pip install
/// "moto[server]"`). Where they are missing the tests that need them are skipped, and in CI
/// (`CI=true`, where `.ci/run` installs them) they are required.
enum SharedBackendServers {
    /// PostgreSQL's programs: `$STRATA_TEST_POSTGRES_BIN`, or the newest `/usr/lib/postgresql/*/bin`.
    static let postgresBin: String? = {
        if let given = ProcessInfo.processInfo.environment["STRATA_TEST_POSTGRES_BIN"] { return given }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        return versions.last.map { "\(root)/\($0)/bin" }.flatMap { FileManager.default.isExecutableFile(atPath: $0 + "/postgres") ? $0 : nil }
    }()

    static let moto: String? = Fixtures.executableOnPath("moto_server")

    static var available: Bool { postgresBin != nil && moto != nil }

    /// Whether the registry's suites run against PostgreSQL and S3 (`STRATA_REGISTRY_TEST_BACKEND=postgres-s3`)
    /// rather than SQLite and a folder.
    static var conformanceBackendIsShared: Bool {
        ProcessInfo.processInfo.environment["STRATA_REGISTRY_TEST_BACKEND"] == "postgres-s3"
    }

    static let requirement =
        "needs PostgreSQL (apt-get install postgresql) and moto (pip install 'moto[server]'); in CI, the pass with STRATA_REGISTRY_TEST_BACKEND=postgres-s3 runs it"
    /// Whether this run tests against the shared backends. Outside CI, wherever the servers are
    /// installed. In CI (where `.ci/run` installs them, so they are required) the dedicated pass
    /// does, `STRATA_REGISTRY_TEST_BACKEND=postgres-s3`, running all of the registry's suites
    /// on them; the whole suite after it leaves them to that pass. Inside the whole suite on 2
    /// cores, tests on these servers stalled four times (no CPU, no database connection, no
    /// thread in their code; see issue 48's closing note), where the dedicated pass never did.
    static var enabled: Bool {
        ProcessInfo.processInfo.environment["CI"] == nil ? available : conformanceBackendIsShared
    }

    /// Starts `program` with both output streams in `log`.
    static func launch(_ program: String, _ arguments: [String], log: String) async throws -> LaunchedProcess {
        try await LaunchedProcess.start(program, arguments, output: .file(log), error: .file(log))
    }

    /// A port nothing listens on right now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw RegistryTestError("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until something accepts connections on `port`, or `process` exits.
    static func waitForPort(_ port: Int, of process: LaunchedProcess, name: String, log: String) async throws {
        for _ in 0..<300 {
            guard process.isRunning else { break }
            if let fd = RawHTTPConnection.connectToLoopback(port: port) {
                close(fd)
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw RegistryTestError("\(name) did not start listening on 127.0.0.1:\(port): \(text)")
    }
}

/// A PostgreSQL server of the test's own: a fresh cluster in a temporary folder, trust
/// authentication on 127.0.0.1, no fsync. As root (CI) it runs as the `postgres` user, since
/// PostgreSQL refuses to run as root.
final class TestPostgres: @unchecked Sendable {
    let folder: String
    let port: Int
    private let process: LaunchedProcess
    /// The server's process group, for killing it and its workers at exit.
    var processGroup: Int32 { process.pid }

    /// The URL of `database` on this server, as `--database` takes it.
    func url(_ database: String) -> String { "postgres://strata@127.0.0.1:\(port)/\(database)?sslmode=disable" }

    private init(folder: String, port: Int, process: LaunchedProcess) {
        self.folder = folder
        self.port = port
        self.process = process
    }

    static func start() async throws -> TestPostgres {
        guard let bin = SharedBackendServers.postgresBin else { throw RegistryTestError(SharedBackendServers.requirement) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-postgres-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        // As root, each program runs as `postgres` through setpriv, which execs it in place: the
        // server's process is the one this test signals.
        let asRoot = getuid() == 0
        func command(_ arguments: [String]) -> (String, [String]) {
            asRoot ? ("/usr/bin/setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--"] + arguments) : (arguments[0], Array(arguments.dropFirst()))
        }
        let (initdb, initArguments) = command([bin + "/initdb", "-D", folder + "/data", "-A", "trust", "-U", "strata", "--no-sync", "-E", "UTF8"])
        let initialised = try await ProcessRunner.run(initdb, initArguments)
        guard initialised.status == 0 else { throw RegistryTestError("initdb failed: \(initialised.output)\(initialised.error)") }
        let port = try SharedBackendServers.freePort()
        let (postgresProgram, postgresArguments) = command([
            bin + "/postgres", "-D", folder + "/data", "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "max_connections=200",
        ])
        let log = folder + "/server.log"
        let server = try await SharedBackendServers.launch(postgresProgram, postgresArguments, log: log)
        let postgres = TestPostgres(folder: folder, port: port, process: server)
        do {
            try await SharedBackendServers.waitForPort(port, of: server, name: "PostgreSQL", log: log)
            try await postgres.waitUntilAcceptingConnections(log: log)
        } catch {
            await postgres.stop()
            throw error
        }
        return postgres
    }

    /// Waits until the server takes connections: it listens before its startup is over, and a
    /// connection made then is refused with "the database system is starting up".
    private func waitUntilAcceptingConnections(log: String) async throws {
        var last = ""
        for _ in 0..<600 {
            guard process.isRunning else { break }
            let probe = try await ProcessRunner.run(
                SharedBackendServers.postgresBin! + "/pg_isready", ["-h", "127.0.0.1", "-p", String(port), "-U", "strata", "-d", "postgres"])
            if probe.status == 0 { return }
            last = probe.output + probe.error
            try await Task.sleep(for: .milliseconds(100))
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw RegistryTestError("PostgreSQL on 127.0.0.1:\(port) did not take connections within a minute: \(last)\(text)")
    }

    /// Creates an empty database (each registry gets its own).
    func createDatabase(_ name: String) async throws {
        let made = try await ProcessRunner.run(
            SharedBackendServers.postgresBin! + "/psql",
            ["-h", "127.0.0.1", "-p", String(port), "-U", "strata", "-d", "postgres", "-q", "-c", "CREATE DATABASE \(name)"])
        guard made.status == 0 else { throw RegistryTestError("CREATE DATABASE \(name) failed: \(made.error)") }
    }

    /// Stops the server (fast shutdown) and removes its cluster.
    func stop() async {
        await process.stop(SIGINT)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// moto's S3-compatible server, in a process of its own on a free loopback port.
final class TestS3: @unchecked Sendable {
    let port: Int
    private let process: LaunchedProcess
    private let log: String
    var processGroup: Int32 { process.pid }
    static let credentials = SigV4Signer.Credentials(accessKeyID: "strata-test", secretAccessKey: "strata-test-secret")
    /// What a registry process needs in its environment to reach this server.
    static let environment = ["AWS_ACCESS_KEY_ID": credentials.accessKeyID, "AWS_SECRET_ACCESS_KEY": credentials.secretAccessKey]

    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The `--storage` URL of `bucket` on this server.
    func url(_ bucket: String, prefix: String = "") -> String { "s3://\(bucket)/\(prefix)?endpoint=\(endpoint)&region=us-east-1" }

    private init(port: Int, process: LaunchedProcess, log: String) {
        self.port = port
        self.process = process
        self.log = log
    }

    static func start() async throws -> TestS3 {
        guard let moto = SharedBackendServers.moto else { throw RegistryTestError(SharedBackendServers.requirement) }
        let port = try SharedBackendServers.freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("strata-moto-\(UUID().uuidString).log").path
        let process = try await SharedBackendServers.launch(moto, ["-H", "127.0.0.1", "-p", String(port)], log: log)
        let server = TestS3(port: port, process: process, log: log)
        do {
            try await SharedBackendServers.waitForPort(port, of: process, name: "moto_server", log: log)
        } catch {
            await server.stop()
            throw error
        }
        return server
    }

    /// A client for `bucket` (created here) on this server.
    func bucket(_ name: String, prefix: String = "", multipartThreshold: Int = 16 << 20, partSize: Int = 8 << 20) async throws -> S3Client {
        let location = S3Location(
            bucket: name, prefix: prefix, endpoint: URL(string: endpoint)!, region: "us-east-1", style: .path,
            multipartThreshold: multipartThreshold, partSize: partSize)
        let client = S3Client(location: location, credentials: Self.credentials)
        try await client.createBucket()
        return client
    }

    /// Stops the server. moto's development server ignores SIGTERM and SIGINT alike, and keeps
    /// nothing worth a graceful end: it is killed.
    func stop() async {
        await process.stop(SIGKILL)
        try? FileManager.default.removeItem(atPath: log)
    }
}

/// PostgreSQL and S3 together, with one database and one bucket: what a set of replicas shares.
final class SharedBackends: @unchecked Sendable {
    let postgres: TestPostgres
    let s3: TestS3
    let database: String
    let bucket: String
    /// Whether the servers were started for these backends alone (and stop with them), rather
    /// than taken from the run's pool.
    private let ownsServers: Bool

    var databaseURL: String { postgres.url(database) }
    var storageURL: String { s3.url(bucket, prefix: "releases") }
    var arguments: [String] { ["--database", databaseURL, "--storage", storageURL] }

    private init(postgres: TestPostgres, s3: TestS3, database: String, bucket: String, ownsServers: Bool) {
        self.postgres = postgres
        self.s3 = s3
        self.database = database
        self.bucket = bucket
        self.ownsServers = ownsServers
    }

    /// Both servers started for these backends alone, the database migrated and the bucket
    /// created: for tests that stop a server on purpose.
    static func start() async throws -> SharedBackends {
        let (postgres, s3) = try await SharedServerPool.startServers()
        return try await prepare(SharedBackends(postgres: postgres, s3: s3, database: "registry", bucket: "strata-archives", ownsServers: true))
    }

    /// A database and a bucket of their own on the run's shared servers (`SharedServerPool`),
    /// migrated and created: what each registry of the conformance pass gets.
    static func pooled() async throws -> SharedBackends {
        let (postgres, s3) = try await SharedServerPool.servers()
        let unique = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        return try await prepare(SharedBackends(postgres: postgres, s3: s3, database: "registry_\(unique)", bucket: "strata-\(unique)", ownsServers: false))
    }

    private static func prepare(_ backends: SharedBackends) async throws -> SharedBackends {
        do {
            try await backends.postgres.createDatabase(backends.database)
            _ = try await backends.s3.bucket(backends.bucket)
            // Migrating touches only the database, never the folder.
            _ = try await StorageConfiguration(folder: FileManager.default.temporaryDirectory.path, database: backends.databaseURL).migrate()
        } catch {
            await backends.stop()
            throw error
        }
        return backends
    }

    /// The registry's storage on these servers, as a replica opens it.
    func open() async throws -> RegistryStore {
        let metadata = try await PostgresMetadataStore.open(url: databaseURL)
        let archives = S3ArchiveStore(client: S3Client(location: try S3Location.parse(storageURL), credentials: TestS3.credentials))
        return RegistryStore(metadata: metadata, archives: archives)
    }

    /// Stops the servers if they are these backends' own; pooled ones run on for other tests.
    func stop() async {
        guard ownsServers else { return }
        await s3.stop()
        await postgres.stop()
    }
}

/// One PostgreSQL server and one S3 server for the whole test run, started when a test first
/// needs them and killed when the test process exits. Each pooled `SharedBackends` is a database
/// and a bucket on them: starting two servers per registry took most of the seven minutes the
/// conformance pass ran in CI.
enum SharedServerPool {
    private static let started = Mutex<Task<(TestPostgres, TestS3), any Error>?>(nil)

    static func servers() async throws -> (TestPostgres, TestS3) {
        let task = started.withLock { current in
            if let current { return current }
            let starting = Task {
                let (postgres, s3) = try await startServers()
                ExitCleanup.add(postgres.processGroup, folder: postgres.folder)
                ExitCleanup.add(s3.processGroup, folder: nil)
                return (postgres, s3)
            }
            current = starting
            return starting
        }
        return try await task.value
    }

    /// A PostgreSQL server and an S3 server, both started or neither.
    static func startServers() async throws -> (TestPostgres, TestS3) {
        let postgres = try await TestPostgres.start()
        do {
            return (postgres, try await TestS3.start())
        } catch {
            await postgres.stop()
            throw error
        }
    }
}

/// Servers killed (with everything they started) and folders removed when the test process exits.
enum ExitCleanup {
    private struct State {
        var work: [(group: Int32, folder: String?)] = []
        var registered = false
    }
    private static let state = Mutex(State())

    static func add(_ group: Int32, folder: String?) {
        let first = state.withLock { state in
            state.work.append((group, folder))
            defer { state.registered = true }
            return !state.registered
        }
        if first { atexit { ExitCleanup.run() } }
    }

    private static func run() {
        for (group, folder) in state.withLock({ $0.work }) {
            kill(-group, SIGKILL)
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }
}

extension SharedBackends {
    /// `count` replicas on new shared backends (the `i`th with `arguments[i]` and
    /// `environment[i]` for `serve`), all stopped, and the servers too, however `body` ends.
    static func withReplicas(
        _ count: Int = 2, arguments: [Int: [String]] = [:], environment: [Int: [String: String]] = [:],
        _ body: (SharedBackends, [RunningRegistry]) async throws -> Void
    ) async throws {
        let backends = try await SharedBackends.start()
        var replicas: [RunningRegistry] = []
        do {
            for index in 0..<count {
                replicas.append(
                    try await RunningRegistry.start(shared: backends, arguments: arguments[index] ?? [], environment: environment[index] ?? [:]))
            }
            try await body(backends, replicas)
        } catch {
            for replica in replicas { await replica.stop() }
            await backends.stop()
            throw error
        }
        for replica in replicas { await replica.stop() }
        await backends.stop()
    }
}
