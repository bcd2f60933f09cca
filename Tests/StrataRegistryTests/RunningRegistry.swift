import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import StrataWorkspaceTestSupport
import StrataPublish
import StrataRegistry
import ZIPFoundation

/// A real registry for a test: the `strata-registry serve` executable with a data folder of its
/// own, listening on a free loopback port, stopped with SIGTERM (and its folder removed) by
/// `stop()`. It runs as a process of its own, as an operator runs it, so that tests that block
/// threads while SwiftPM talks to it (or other suites running builds) cannot starve it.
///
/// With `STRATA_REGISTRY_TEST_BACKEND=postgres-s3` (a second run of these suites in CI) every
/// registry keeps its data in a PostgreSQL server and an S3-compatible bucket (moto) of its own,
/// started and stopped with it: the same suites are the conformance suite of both backends.
final class RunningRegistry: @unchecked Sendable {
    let folder: String
    /// The same storage, opened by the test to create tokens and look at what was stored.
    let storage: RegistryStore
    /// The PostgreSQL and S3 servers, when the registry uses them.
    let backends: SharedBackends?
    /// Whether they were started for this registry alone (and stop with it).
    private let ownsBackends: Bool
    /// Whether the data folder was made for this registry (and is removed with it).
    private let ownsFolder: Bool
    let port: Int
    let scheme: String
    private let process: LaunchedProcess
    var url: String { "\(scheme)://127.0.0.1:\(port)" }

    static var executable: String {
        Fixtures.builtExecutable("strata-registry")
    }

    /// - Parameters:
    ///   - shared: PostgreSQL and S3 servers another replica uses too; the registry uses them and
    ///     leaves them running when it stops. Without them the registry has its own backends.
    ///   - arguments, environment: more for `serve` (`--claim-lifetime`, fault injection).
    static func start(
        limits: SourceArchiveValidator.Limits = .init(), tls: RegistryServer.TLSFiles? = nil, shared: SharedBackends? = nil,
        arguments: [String] = [], environment: [String: String] = [:], dataFolder: String? = nil
    ) async throws -> RunningRegistry {
        let folder = dataFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-registry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Arguments that name the backends (an imported registry's) take the place of the suite's.
        let namesBackends = arguments.contains("--database") || arguments.contains("--storage")
        let owned = shared == nil && !namesBackends && dataFolder == nil && SharedBackendServers.conformanceBackendIsShared ? try await SharedBackends.pooled() : nil
        let backends = shared ?? owned
        let processEnvironment = TestS3.environment.merging(environment) { _, new in new }
        let process = try await LaunchedProcess.start(
            executable,
            ["serve", "--data", folder, "--port", "0", "--max-archive-size", String(limits.archiveBytes), "--max-metadata-size", String(limits.metadataBytes)]
                + (tls.map { ["--tls-certificate", $0.certificateChain, "--tls-key", $0.privateKey] } ?? []) + (backends?.arguments ?? []) + arguments,
            environment: processEnvironment, output: .file(folder + "/server.out"), error: .file(folder + "/server.log"))
        let line = await process.firstLine(in: folder + "/server.out")
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            await process.stop(SIGKILL)
            await owned?.stop()
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw RegistryTestError("strata-registry serve did not start: '\(line)' \(log)")
        }
        let storage: RegistryStore
        if let backends {
            storage = try await backends.open()
        } else if namesBackends {
            let value = { (name: String) in arguments.firstIndex(of: name).map { arguments[$0 + 1] } }
            var configuration = StorageConfiguration(folder: folder, database: value("--database"), storage: value("--storage"))
            configuration.environment = ProcessInfo.processInfo.environment.merging(processEnvironment) { _, new in new }
            storage = try await configuration.open()
        } else {
            storage = try await StorageConfiguration(folder: folder).open()
        }
        return RunningRegistry(
            folder: folder, ownsFolder: dataFolder == nil, storage: storage, backends: backends, ownsBackends: owned != nil, port: port,
            scheme: tls == nil ? "http" : "https", process: process)
    }

    /// Runs `body` with a registry that is stopped afterwards, whether `body` throws or not.
    static func with<T>(
        limits: SourceArchiveValidator.Limits = .init(), tls: RegistryServer.TLSFiles? = nil, arguments: [String] = [],
        dataFolder: String? = nil, _ body: (RunningRegistry) async throws -> T
    ) async throws -> T {
        let registry = try await start(limits: limits, tls: tls, arguments: arguments, dataFolder: dataFolder)
        do {
            let result = try await body(registry)
            await registry.stop()
            return result
        } catch {
            await registry.stop()
            throw error
        }
    }

    fileprivate init(
        folder: String, ownsFolder: Bool, storage: RegistryStore, backends: SharedBackends?, ownsBackends: Bool, port: Int, scheme: String,
        process: LaunchedProcess
    ) {
        self.folder = folder
        self.ownsFolder = ownsFolder
        self.storage = storage
        self.backends = backends
        self.ownsBackends = ownsBackends
        self.port = port
        self.scheme = scheme
        self.process = process
    }

    /// Kills the server with SIGKILL, as a crash or an OOM killer would, and waits for it.
    func kill() async {
        await process.stop(SIGKILL)
    }

    var processIdentifier: Int32 { process.pid }

    /// Stops the server with SIGTERM, as an operator does, and waits for it.
    func stop(removingData: Bool = true) async {
        await process.stop(SIGTERM)
        try? await storage.close()
        if removingData {
            if ownsBackends { await backends?.stop() }
            if ownsFolder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// A token with `grants`, stored; returns its secret.
    func token(_ grants: [String: Permission], name: String = "test", expiresAt: Date? = nil) async throws -> String {
        let secret = AccessControl.newSecret()
        try await storage.addToken(
            TokenRecord(
                id: AccessControl.newID(), name: name, secretHash: AccessControl.hash(secret), grants: grants, createdAt: Date(),
                expiresAt: expiresAt))
        return secret
    }

    var client: RegistryHTTPClient { RegistryHTTPClient(url: url) }

    /// Configures the package at `package` for this registry as `swift package-registry set`
    /// and `login` configure one: the registry in `.swiftpm/configuration/registries.json`,
    /// token authentication for its host, and `token` in the netrc file `netrc`. `isolation`:
    /// SwiftPM's global options that keep its state in the test's folder.
    func configureClient(package: String, isolation: [String], token: String, netrc: String) async throws {
        let set = try await ProcessRunner.run("swift", ["package-registry"] + isolation + ["set", url, "--allow-insecure-http"], in: package)
        guard set.status == 0 else { throw RegistryTestError("package-registry set: \(set.error)") }
        let configuration = package + "/.swiftpm/configuration/registries.json"
        guard var document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configuration))) as? [String: Any] else {
            throw RegistryTestError("\(configuration) is not a JSON object")
        }
        document["authentication"] = ["127.0.0.1:\(port)": ["type": "token"]]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: configuration))
        try "machine 127.0.0.1 login token password \(token)\n".write(toFile: netrc, atomically: true, encoding: .utf8)
    }

    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, token: String? = nil,
        accept: String? = "application/vnd.swift.registry.v1+json", timeout: TimeInterval = 120
    ) async throws -> RegistryHTTPClient.Reply {
        try await client.request(method, path, headers: headers, body: body, token: token, accept: accept, timeout: timeout)
    }

    func publish(_ identifier: String, _ version: String, archive: Data, metadata: String? = nil, token: String?) async throws -> RegistryHTTPClient.Reply {
        try await client.publish(identifier, version, archive: archive, metadata: metadata, token: token)
    }
}

/// The registry API from a test: requests as a client sends them, replies with status, headers and body.
struct RegistryHTTPClient: Sendable {
    let url: String

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    /// One client for the test run that does not follow redirects, so a 303 is seen as such.
    /// AsyncHTTPClient, as the registry's own S3 client: URLSession on Linux left concurrent
    /// requests of a loaded run waiting for ever.
    static let http = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    /// `timeout`: how long the request may take, to the last byte of the reply.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, token: String? = nil,
        accept: String? = "application/vnd.swift.registry.v1+json", timeout: TimeInterval = 120
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: url + path)
        request.method = HTTPMethod(rawValue: method)
        if let body { request.body = .bytes(ByteBuffer(data: body)) }
        if let accept { request.headers.replaceOrAdd(name: "Accept", value: accept) }
        if let token { request.headers.replaceOrAdd(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await Self.http.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
        let data = Data(buffer: try await response.body.collect(upTo: 1 << 32))
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name] = fields[name].map { $0 + ", " + value } ?? value }
        return Reply(status: Int(response.status.code), headers: fields, body: data)
    }

    /// `PUT /scope/name/version` with a multipart body of `archive` and `metadata`.
    func publish(_ identifier: String, _ version: String, archive: Data, metadata: String? = nil, token: String?) async throws -> Reply {
        let body = MultipartBody.release(archive: archive, metadata: metadata.map { Data($0.utf8) })
        let path = "/" + identifier.replacingOccurrences(of: ".", with: "/") + "/" + version
        return try await request("PUT", path, headers: ["Content-Type": body.contentType], body: body.finished, token: token)
    }
}

struct RegistryTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Source archives for tests, made with ZIPFoundation as `swift package archive-source` makes them.
enum TestArchive {
    /// A zip of `files` (path → text), each under `root/`.
    static func make(_ files: [String: String], root: String = "Network", extra: (Archive) throws -> Void = { _ in }) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        try archive.addEntry(with: root + "/", type: .directory, uncompressedSize: Int64(0), provider: { _, _ in Data() })
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: root + "/" + path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) })
        }
        try extra(archive)
        return archive.data!
    }

    static func package(_ name: String, dependencies: [String] = []) -> [String: String] {
        let packages = dependencies.map { ".package(id: \"\($0)\", from: \"1.0.0\")" }.joined(separator: ", ")
        let products = dependencies.map { dependency in
            ".product(name: \"\(dependency.split(separator: ".")[1])\", package: \"\(dependency)\")"
        }.joined(separator: ", ")
        return [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [\(packages)],
                targets: [.target(name: "\(name)", dependencies: [\(products)])]
            )

            """,
            "Sources/\(name)/\(name).swift": "public struct \(name) { public init() {} }\n",
        ]
    }
}
