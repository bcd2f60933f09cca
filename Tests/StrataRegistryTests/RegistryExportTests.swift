import Foundation
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import StrataRegistry
import Testing

/// `strata-registry export` and `import` as an operator moves a registry: from a running
/// registry's folder into a new one, and into PostgreSQL and S3, with its tokens still working.
@Suite struct RegistryExportTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-export-\(UUID().uuidString)").path

    func registry(_ arguments: [String], environment: [String: String] = TestS3.environment) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(RunningRegistry.executable, arguments, environment: environment)
    }

    @Test func aRegistryMovesToAnotherBackendWithItsTokens() async throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let backup = scratch + "/backup"
        let (token, archives) = try await RunningRegistry.with { source in
            let token = try await source.token(["iss-core": .write, "*": .read], name: "ci")
            var archives: [String: Data] = [:]
            for (name, version) in [("Network", "1.0.0"), ("Network", "1.1.0"), ("Radio", "2.0.0")] {
                let archive = try TestArchive.make(TestArchive.package(name).merging(["VERSION": version]) { a, _ in a }, root: name)
                #expect(try await source.publish("iss-core.\(name)", version, archive: archive, token: token).status == 201)
                archives["\(name) \(version)"] = archive
            }
            try await source.storage.setAnonymousRead(true, scope: "iss-core")
            let waived = try await registry(["scope", "manifest-name", "iss-tools", "--no-require", "--data", source.folder] + (source.backends?.arguments ?? []))
            #expect(waived.status == 0, "\(waived.error)")
            let exported = try await registry(["export", backup, "--data", source.folder] + (source.backends?.arguments ?? []))
            #expect(exported.status == 0, "\(exported.error)")
            #expect(exported.output.contains("exported 3 releases, 1 tokens and 1 anonymous-read scopes"))
            let again = try await registry(["export", backup, "--data", source.folder] + (source.backends?.arguments ?? []))
            #expect(again.status == 2 && again.error.contains("exists; export writes a new folder"))
            return (token, archives)
        }
        let document = try String(contentsOfFile: backup + "/registry.json", encoding: .utf8)
        #expect(!document.contains(token), "secrets are never exported")

        // Into a new folder, and into PostgreSQL and S3 where they are at hand.
        var targets: [[String]] = [["--data", scratch + "/folder"]]
        let backends = SharedBackendServers.enabled ? try await SharedBackends.pooled() : nil
        if let backends { targets.append(["--data", scratch + "/unused"] + backends.arguments) }
        do {
            for target in targets {
                let imported = try await registry(["import", backup] + target)
                #expect(imported.status == 0, "\(imported.error)")
                #expect(imported.output.contains("imported 3 releases (0 already there), 1 tokens and 1 anonymous-read scopes"), "\(imported.output)")
                let repeated = try await registry(["import", backup] + target)
                #expect(repeated.output.contains("imported 0 releases (3 already there), 0 tokens and 0 anonymous-read scopes"), "\(repeated.output)")

                // A registry on the imported data: the old token reads and publishes, the archives are the same bytes.
                let served = try await RunningRegistry.start(arguments: target.count > 2 ? Array(target.dropFirst(2)) : [], dataFolder: target[1])
                do {
                    for (release, archive) in archives {
                        let parts = release.split(separator: " ")
                        let zip = try await served.request("GET", "/iss-core/\(parts[0])/\(parts[1]).zip", token: token, accept: nil)
                        #expect(zip.status == 200 && zip.body == archive, "\(release)")
                    }
                    #expect(try await served.request("GET", "/iss-core/Network", accept: "application/vnd.swift.registry.v1+json").status == 200, "anonymous read kept")
                    #expect(try await served.storage.scopesWithoutManifestNameCheck() == ["iss-tools"], "scope settings kept")
                    let next = try TestArchive.make(TestArchive.package("Network").merging(["VERSION": "1.2.0"]) { a, _ in a })
                    #expect(try await served.publish("iss-core.Network", "1.2.0", archive: next, token: token).status == 201)
                } catch {
                    await served.stop()
                    throw error
                }
                await served.stop()
            }
            await backends?.stop()
        } catch {
            await backends?.stop()
            throw error
        }
    }

    @Test func aTamperedOrConflictingExportIsRefused() async throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let backup = scratch + "/backup"
        let target = ["--data", scratch + "/target"]
        try await RunningRegistry.with { source in
            let token = try await source.token(["iss-core": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            #expect(try await source.publish("iss-core.Network", "1.0.0", archive: archive, token: token).status == 201)
            #expect(try await registry(["export", backup, "--data", source.folder] + (source.backends?.arguments ?? [])).status == 0)
        }
        // Another 1.0.0 in the target: reported, left alone, status 1.
        let other = try TestArchive.make(TestArchive.package("Network").merging(["README.md": "other\n"]) { a, _ in a })
        try await RunningRegistry.with(dataFolder: scratch + "/target") { target in
            let token = try await target.token(["iss-core": .write])
            #expect(try await target.publish("iss-core.Network", "1.0.0", archive: other, token: token).status == 201)
        }
        let conflicting = try await registry(["import", backup] + target)
        #expect(conflicting.status == 1 && conflicting.error.contains("stored with other contents, left as they are: iss-core.Network 1.0.0"))

        // A changed archive: refused before anything is stored.
        let archives = try FileManager.default.contentsOfDirectory(atPath: backup + "/archives")
        let path = backup + "/archives/" + archives[0]
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: path))
        let tampered = try await registry(["import", backup, "--data", scratch + "/fresh"])
        #expect(tampered.status == 2 && tampered.error.contains("does not match the checksum or size"))
        let missing = try await registry(["import", scratch + "/nowhere", "--data", scratch + "/fresh"])
        #expect(missing.status == 2 && missing.error.contains("registry.json is missing"))
    }
}
