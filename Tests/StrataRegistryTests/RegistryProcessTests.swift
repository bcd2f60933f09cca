import Foundation
import StrataWorkspaceTestSupport
import StrataRegistry
import Testing

/// The strata-registry executable as an operator runs it: tokens from the command line, the
/// server started on a free port, stopped by SIGTERM, and killed with SIGKILL in the middle of a
/// publish without leaving a visible partial release.
@Suite struct RegistryProcessTests {
    static var executable: String {
        Fixtures.builtExecutable("strata-registry")
    }

    let data = FileManager.default.temporaryDirectory.appendingPathComponent("strata-registry-process-\(UUID().uuidString)").path

    func registry(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(Self.executable, arguments + ["--data", data])
    }

    /// Starts `strata-registry serve` and returns it with the port it printed.
    func serve(environment: [String: String] = [:]) async throws -> (LaunchedProcess, Int) {
        let output = data + "-serve-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = try await LaunchedProcess.start(
            Self.executable, ["serve", "--data", data, "--port", "0"], environment: environment, output: .file(output))
        let line = await process.firstLine(in: output)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            await process.stop(SIGKILL)
            throw RegistryTestError("strata-registry serve printed no port: '\(line)'")
        }
        return (process, port)
    }

    @Test func tokensAreCreatedListedAndRevokedFromTheCommandLine() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let created = try await registry(["token", "create", "--name", "core team", "--scope", "iss-core", "--write"])
        #expect(created.status == 0)
        let secret = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.hasPrefix("strata_"))
        #expect(created.error.contains("may write iss-core") && created.error.contains("will not be shown again"))
        let listed = try await registry(["token", "list"])
        #expect(listed.output.contains("\tcore team\tiss-core:write\tactive"))
        #expect(!listed.output.contains(secret))
        let database = try String(decoding: Data(contentsOf: URL(fileURLWithPath: data + "/registry.sqlite")), as: UTF8.self)
        #expect(!database.contains(secret), "the secret is stored only as a hash")
        let id = String(listed.output.split(separator: "\t")[0])
        #expect(try await registry(["token", "revoke", id]).status == 0)
        #expect(try await registry(["token", "list"]).output.contains("\trevoked "))
        let unknown = try await registry(["token", "revoke", "nope"])
        #expect(unknown.status == 2 && unknown.error.contains("no token with id 'nope'"))
        let bad = try await registry(["token", "create", "--name", "x", "--scope=-bad-"])
        #expect(bad.status != 0 && bad.error.contains("--scope -bad-"))
    }

    @Test func unreadableTLSFilesAreAnErrorNotACrash() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let missing = try await registry(["serve", "--port", "0", "--tls-certificate", "/nonexistent/chain.pem", "--tls-key", "/nonexistent/key.pem"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("cannot read the TLS certificate chain '/nonexistent/chain.pem'"))
        let alone = try await registry(["serve", "--port", "0", "--tls-certificate", "/nonexistent/chain.pem"])
        #expect(alone.status != 0 && alone.error.contains("--tls-certificate and --tls-key go together"))
    }

    @Test func badStorageURLsAndUnreachableBackendsExitTwoWithTheReason() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let cases: [([String], String)] = [
            (["serve", "--database", "mysql://db/registry"], "expected postgres://"),
            (["token", "list", "--database", "postgres://registry:hunter2@db/registry?sslmode=maybe"], "sslmode must be disable, prefer or require"),
            (["serve", "--storage", "s3://Archives"], "is not a valid bucket name"),
            (["migrate", "--database", "postgres://registry:hunter2@127.0.0.1:1/registry?sslmode=disable"], "no connection could be made"),
        ]
        for (arguments, reason) in cases {
            let result = try await ProcessRunner.run(
                Self.executable, arguments + ["--data", data], environment: ["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b"])
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains("strata-registry: error: ") && result.error.contains(reason), "\(arguments): \(result.error)")
            #expect(!result.error.contains("hunter2"), "passwords are never printed")
        }
        let noCredentials = try await ProcessRunner.run(
            Self.executable, ["serve", "--storage", "s3://archives", "--data", data], environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""])
        #expect(noCredentials.status == 2 && noCredentials.error.contains("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"))
        let sqlite = try await registry(["migrate"])
        #expect(sqlite.status == 0 && sqlite.output.contains("is up to date"))
    }

    @Test func jsonLogsHaveAFieldPerValue() async throws {
        try await RunningRegistry.with(arguments: ["--log-format", "json"]) { registry in
            #expect(try await registry.request("GET", "/iss-core/Network").status == 401)
            let log = try String(contentsOfFile: registry.folder + "/server.log", encoding: .utf8)
            let records = log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(!records.isEmpty && records.count == log.split(separator: "\n").count, "every line is a JSON object: \(log)")
            let request = try #require(records.first { $0["path"] as? String == "/iss-core/Network" })
            #expect(request["method"] as? String == "GET" && request["status"] as? String == "401" && request["level"] as? String == "info")
            #expect(request["duration_ms"] != nil && request["time"] != nil && request["label"] as? String == "strata-registry")
        }
    }

    @Test func sigtermStopsTheServerGracefully() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, _) = try await serve()
        #expect(await server.stop(SIGTERM) == .exited(0))
    }

    @Test func aServerKilledMidPublishLeavesNoPartialReleaseAndRestartsCleanly() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let secret = try await registry(["token", "create", "--name", "core", "--scope", "iss-core", "--write"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let archive = try TestArchive.make(TestArchive.package("Network"))

        // The publish stops between writing the archive and storing the release; the server dies there.
        let marker = data + "/.paused-after-archive"
        let (paused, port) = try await serve(environment: ["STRATA_REGISTRY_FAULT_PAUSE_AFTER_ARCHIVE": "60", "STRATA_REGISTRY_FAULT_MARKER": marker])
        let client = RegistryHTTPClient(url: "http://127.0.0.1:\(port)")
        let publish = Task { try? await client.publish("iss-core.Network", "1.0.0", archive: archive, token: secret) }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: marker) { try await Task.sleep(for: .milliseconds(50)) }
        try #require(FileManager.default.fileExists(atPath: marker), "the publish never reached the pause")
        await paused.stop(SIGKILL)
        _ = await publish.value
        try FileManager.default.removeItem(atPath: marker)
        #expect(Self.archives(in: data).count == 1, "the archive was written before the kill")

        // Restarted: no trace of the release, the orphan archive is gone, and the version is free.
        let (server, newPort) = try await serve()
        defer { server.signal(SIGKILL) }
        let restarted = RegistryHTTPClient(url: "http://127.0.0.1:\(newPort)")
        #expect(Self.archives(in: data).isEmpty)
        #expect(try await restarted.request("GET", "/iss-core/Network", token: secret).status == 404)
        #expect(try await restarted.request("GET", "/iss-core/Network/1.0.0", token: secret).status == 404)
        #expect(try await restarted.publish("iss-core.Network", "1.0.0", archive: archive, token: secret).status == 201)
        #expect(try await restarted.request("GET", "/iss-core/Network/1.0.0.zip", token: secret, accept: nil).body == archive)
        await server.stop(SIGTERM)
    }

    static func archives(in folder: String) -> [String] {
        let root = folder + "/archives"
        return ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".zip") }
    }
}
