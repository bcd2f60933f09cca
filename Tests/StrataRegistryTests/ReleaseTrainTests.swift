import Foundation
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataRegistry
import Testing

/// `strata release` end to end, as a team runs it: a git copy of Examples/ISS with one package
/// per module distributed through a real `strata-registry`, the toolchain's API comparison, and
/// an app that gets every module from the registry. Each test has a registry, a workspace and
/// caches of its own, so they run side by side: each is a chain of SwiftPM builds, and run one
/// after another they were the last suite of the whole run to end.
@Suite struct ReleaseTrainTests {
    /// A git repository holding Examples/ISS (at `Examples/ISS`, as in Strata's repository) in
    /// the `packages` layout with `distribution: registry`, generated and committed.
    struct Workspace {
        let root: String
        /// The user's cache of this test's strata runs (API comparisons), outside the repository.
        let cache: String
        var iss: String { root + "/Examples/ISS" }

        static func make(registry: RunningRegistry) async throws -> Workspace {
            let iss = try Fixtures.copyOfISS("strata-release")
            let workspace = Workspace(
                root: URL(fileURLWithPath: iss).deletingLastPathComponent().deletingLastPathComponent().path,
                cache: try Fixtures.temporaryFolder("strata-release-cache"))
            let loaded = try await WorkspaceLoader().load(path: iss).workspace
            let manager = FileManager.default
            for module in loaded.modules {
                for target in module.targets.values.map({ loaded.targets[$0] }) {
                    let kind = target.role == .tests ? "Tests" : "Sources"
                    let source = "\(iss)/\(kind)/\(target.name)"
                    guard manager.fileExists(atPath: source) else { continue }
                    try manager.createDirectory(atPath: "\(iss)/Packages/\(module.name)/\(kind)", withIntermediateDirectories: true)
                    try manager.moveItem(atPath: source, toPath: "\(iss)/Packages/\(module.name)/\(kind)/\(target.name)")
                }
            }
            var manifest = try String(contentsOfFile: iss + "/strata.yml", encoding: .utf8)
            manifest = manifest.replacingOccurrences(of: "\ngenerate:\n", with: "\ngenerate:\n  distribution: registry\n")
            manifest = manifest.replacingOccurrences(of: "url: http://127.0.0.1:8080", with: "url: \(registry.url)")
            try manifest.write(toFile: iss + "/strata.yml", atomically: true, encoding: .utf8)
            try ".build/\n.swiftpm/\n".write(toFile: workspace.root + "/.gitignore", atomically: true, encoding: .utf8)
            // In the repository first: CODEOWNERS paths start at its top level.
            try await workspace.git("init", "--quiet", "--initial-branch=main")
            let generated = try await workspace.strata(["generate", "--force"])
            try #require(generated.status == 0, "generate: \(generated.error)")
            try await workspace.git("config", "user.email", "release@strata.invalid")
            try await workspace.git("config", "user.name", "Release Manager")
            try await workspace.git("add", "--all")
            try await workspace.git("commit", "--quiet", "-m", "ISS, one package per module")
            return workspace
        }

        func strata(_ arguments: [String], token: String? = nil) async throws -> ProcessRunner.Result {
            try await ProcessRunner.run(Fixtures.strataExecutable, arguments, in: iss, environment: ["STRATA_REGISTRY_TOKEN": token ?? "", "STRATA_CACHE_DIR": cache])
        }

        @discardableResult
        func git(_ arguments: String...) async throws -> String {
            let result = try await ProcessRunner.run("git", ["-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"] + arguments, in: root)
            try #require(result.status == 0, "git \(arguments): \(result.error)")
            return result.output
        }

        /// Changes a file of the workspace with `edit` and commits it.
        func change(_ path: String, _ message: String, _ edit: (String) -> String) async throws {
            let file = iss + "/" + path
            try edit(try String(contentsOfFile: file, encoding: .utf8)).write(toFile: file, atomically: true, encoding: .utf8)
            try await git("commit", "--quiet", "-am", message)
        }

        func read(_ path: String) throws -> String { try String(contentsOfFile: iss + "/" + path, encoding: .utf8) }

        func remove() {
            Fixtures.removeCopy(ofISS: iss)
            try? FileManager.default.removeItem(atPath: cache)
        }
    }

    /// The plan `--dry-run --format json` prints: "Module from → to (bump)" per step.
    static func steps(_ json: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require((document["plan"] as? [String: Any])?["steps"] as? [[String: Any]])
        return steps.map { "\($0["module"]!) \($0["from"] as? String ?? "-") → \($0["to"]!) (\($0["bump"] as? String ?? "first"))" }
    }

    static let pingFunction = """

        extension NetworkClient {
            /// Asks the ground whether it is listening.
            public func ping() async throws -> Bool { try await send(Request(method: .get, path: "/ping")).isSuccess }
        }

        """

    /// `body` on a workspace of its own, with a registry of its own, after `releaseEverything`.
    private static func afterTheFirstRelease(_ body: (RunningRegistry, String, Workspace) async throws -> Void) async throws {
        try await RunningRegistry.with { registry in
            let token = try await registry.token(["*": .write], name: "release train")
            let workspace = try await Workspace.make(registry: registry)
            defer { workspace.remove() }
            try await releaseEverything(workspace, token: token)
            try await body(registry, token, workspace)
        }
    }

    /// The first release: every module at 1.0.0, each after the modules it uses; a second run
    /// changes nothing. Both scenarios start from it.
    private static func releaseEverything(_ workspace: Workspace, token: String) async throws {
        let first = try await workspace.strata(["release", "--no-verify"], token: token)
        try #require(first.status == 0, "\(first.error)")
        let published = first.error.split(separator: "\n").filter { $0.hasPrefix("strata: published ") }.map { $0.split(separator: " ")[2] }
        #expect(published.count == 18 && published.first == "strata.StrataRuntime", "\(first.error)")
        #expect(published.firstIndex(of: "iss-core.Network")! < published.firstIndex(of: "iss-service.CosmonautService")!)
        #expect(try workspace.read("strata.versions.yml").contains("  Network: { version: 1.0.0, requires: { Logging: 1.0.0, SecretsPlaceholder: 1.0.0 } }\n"))
        #expect(try await workspace.git("tag", "--list", "Network/*") == "Network/1.0.0\n")
        #expect(try workspace.read("Packages/Cosmonaut/Package.swift").contains(#".package(id: "iss-service.CosmonautService", from: "1.0.0")"#))
        // Done is done: running it again changes nothing.
        let head = try await workspace.git("rev-parse", "HEAD")
        let again = try await workspace.strata(["release"], token: token)
        #expect(again.status == 0 && again.error.contains("nothing to release"), "\(again.error)")
        #expect(try await workspace.git("rev-parse", "HEAD") == head)
    }

    /// The patch release, and (next test) the minor and major ones: two tests so that their
    /// chains of builds run side by side.
    @Test func aChangeInsideABodyIsAPatchReleaseOfThatModuleCheckedFirst() async throws {
        try await Self.afterTheFirstRelease { registry, token, workspace in

            // (a) A change inside an implementation's body: a patch release of that module alone.
            try await workspace.change("Packages/Network/Sources/Network/GroundStationClient.swift", "Network: clearer message") {
                $0.replacingOccurrences(of: #".unreachable("no attempt made")"#, with: #".unreachable("no attempt was made")"#)
            }
            let patch = try await workspace.strata(["release", "--dry-run", "--format", "json"])
            try #require(patch.status == 0, "\(patch.error)")
            #expect(try Self.steps(patch.output) == ["Network 1.0.0 → 1.0.1 (patch)"])
            #expect(patch.output.contains("Network: clearer message ("))
            // Built and tested first: here, where the train is one module. (A train's modules are
            // each checked alike; checking the four of the major release (c) cost CI two minutes
            // of CPU.)
            let patched = try await workspace.strata(["release"], token: token)
            #expect(patched.status == 0, "\(patched.error)")
            #expect(patched.error.contains("strata: checking Network: swift test"), "\(patched.error)")
            // The dry run's comparison is kept: the same commits are not built and compared again.
            #expect(patched.error.contains("strata: the API of Network was compared with its last release before, on the same files (cached)"))
            #expect(!patched.error.contains("strata: comparing the API of Network"), "\(patched.error)")
            #expect(try workspace.read("Packages/Network/CHANGELOG.md").contains("## 1.0.1 — "))
        }
    }

    @Test func minorAndMajorReleasesReachAnAppThroughTheRegistry() async throws {
        try await Self.afterTheFirstRelease { registry, token, workspace in

            // (b) A public function added to the interface: minor; dependents only with --cascade.
            try await workspace.change("Packages/Network/Sources/NetworkCore/NetworkClient.swift", "NetworkCore: ping") { $0 + Self.pingFunction }
            let minor = try await workspace.strata(["release", "--dry-run"])
            try #require(minor.status == 0, "\(minor.error)")
            #expect(minor.output.contains("Network  1.0.0 → 1.1.0  minor  API additions"), "\(minor.output)")
            #expect(minor.output.contains("adds: func NetworkClient.ping() has been added"), "\(minor.output)")
            #expect(!minor.output.contains("CosmonautService  "))
            let cascade = try await workspace.strata(["release", "--dry-run", "--cascade", "--format", "json"])
            #expect(try Self.steps(cascade.output) == [
                "Network 1.0.0 → 1.1.0 (minor)", "StationSimulator 1.0.0 → 1.0.1 (patch)", "CosmonautService 1.0.0 → 1.0.1 (patch)",
                "DockingPortService 1.0.0 → 1.0.1 (patch)", "Cosmonaut 1.0.0 → 1.0.1 (patch)", "Peripheries 1.0.0 → 1.0.1 (patch)",
                "Scaffold 1.0.0 → 1.0.1 (patch)",
            ])
            #expect(try await workspace.strata(["release", "--no-verify"], token: token).status == 0)

            // (c) A public function removed from NetworkCore: major; every dependent's requirement
            // rises and each is released after Network.
            try await workspace.change("Packages/Network/Sources/NetworkCore/NetworkClient.swift", "NetworkCore: no ping after all") {
                $0.replacingOccurrences(of: Self.pingFunction, with: "")
            }
            let major = try await workspace.strata(["release", "--dry-run", "--format", "json"])
            try #require(major.status == 0, "\(major.error)")
            #expect(try Self.steps(major.output) == [
                "Network 1.1.0 → 2.0.0 (major)", "StationSimulator 1.0.0 → 1.1.0 (minor)", "CosmonautService 1.0.0 → 1.1.0 (minor)",
                "DockingPortService 1.0.0 → 1.1.0 (minor)",
            ])
            #expect(major.output.contains("func NetworkClient.ping() has been removed"))
            let released = try await workspace.strata(["release", "--no-verify"], token: token)
            try #require(released.status == 0, "\(released.error)")
            #expect(try workspace.read("strata.versions.yml").contains("CosmonautService: { version: 1.1.0, requires: { Logging: 1.0.0, Network: 2.0.0, Persistence: 1.0.0 } }"))
            let manifest = try await registry.request("GET", "/iss-service/CosmonautService/1.1.0/Package.swift", token: token, accept: nil)
            #expect(manifest.text.contains(#".package(id: "iss-core.Network", from: "2.0.0")"#), "\(manifest.text)")
            let report = try await workspace.strata(["versions", "--format", "json"])
            #expect(report.status == 0 && report.output.contains(#""drift" : ["#) && !report.output.contains(#""dependent""#), "\(report.output)")

            // The apps' package gets every module from the registry: it resolves the new versions,
            // builds and runs.
            let root = try workspace.read("Package.swift")
            #expect(root.contains(#".package(id: "iss-core.Network", from: "2.0.0")"#) && !root.contains(".package(path: \"Packages/"))
            let set = try await ProcessRunner.run("swift", ["package-registry", "set", registry.url, "--allow-insecure-http"], in: workspace.iss)
            try #require(set.status == 0, "\(set.error)")
            let configuration = workspace.iss + "/.swiftpm/configuration/registries.json"
            var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configuration))) as? [String: Any])
            document["authentication"] = ["127.0.0.1:\(registry.port)": ["type": "token"]]
            try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: configuration))
            try "machine 127.0.0.1 login token password \(token)\n".write(toFile: workspace.root + "/netrc", atomically: true, encoding: .utf8)
            // SwiftPM's cache and fingerprints of its own: the user's remember strata.StrataRuntime
            // 1.0.0 from other runs, whose archive differed whenever StrataRuntime/ did.
            let build = try await ProcessRunner.run(
                "swift",
                ["build"] + ThrowawayBuild.options + [
                    "--product", "CosmonautApp", "--netrc-file", workspace.root + "/netrc", "--cache-path", workspace.root + "/swiftpm-cache",
                    "--security-path", workspace.root + "/swiftpm-security",
                ], in: workspace.iss)
            try #require(build.status == 0, "swift build: \(build.output)\n\(build.error)")
            let resolved = try #require(try JSONSerialization.jsonObject(with: Data(workspace.read("Package.resolved").utf8)) as? [String: Any])
            let pins = try #require(resolved["pins"] as? [[String: Any]])
            let versions = Dictionary(uniqueKeysWithValues: pins.map { ($0["identity"] as? String ?? "", ($0["state"] as? [String: Any])?["version"] as? String) })
            #expect(versions["iss-core.Network"] == "2.0.0" && versions["iss-service.CosmonautService"] == "1.1.0", "\(versions)")
            #expect(pins.allSatisfy { $0["kind"] as? String == "registry" }, "\(pins)")
            let run = try await ProcessRunner.run(workspace.iss + "/.build/debug/CosmonautApp", [], in: workspace.iss)
            #expect(run.status == 0 && run.output.contains("ISS · Cosmonaut"), "\(run.output)\(run.error)")
        }
    }

    @Test func aFailedCheckReleasesNothingAndARefusedPublishIsFinishedByContinue() async throws {
        try await RunningRegistry.with { registry in
            let everything = try await registry.token(["*": .write], name: "release train")
            let coreOnly = try await registry.token(["iss-core": .write, "*": .read], name: "core team")
            let workspace = try await Workspace.make(registry: registry)
            defer { workspace.remove() }
            try #require(try await workspace.strata(["release", "--no-verify"], token: everything).status == 0)

            // A module whose tests fail stops the train before anything is committed or published.
            try "import Testing\n\n@Test func alwaysFails() { #expect(Bool(false)) }\n".write(
                toFile: workspace.iss + "/Packages/Radio/Tests/RadioTests/Failing.swift", atomically: true, encoding: .utf8)
            try await workspace.git("add", "--all")
            try await workspace.git("commit", "--quiet", "-m", "Radio: a test that fails")
            let head = try await workspace.git("rev-parse", "HEAD")
            let failed = try await workspace.strata(["release", "Radio", "--bump", "patch"], token: everything)
            #expect(failed.status == 1, "\(failed.error)")
            #expect(failed.error.contains("[check-failed] 'swift test' of Radio's package failed, so nothing was released"), "\(failed.error)")
            #expect(try await workspace.git("rev-parse", "HEAD") == head)
            #expect(try await workspace.git("tag", "--list", "Radio/*") == "Radio/1.0.0\n")
            #expect(try await workspace.git("status", "--porcelain", "--untracked-files=no") == "")
            #expect(try await registry.request("GET", "/iss-core/Radio/1.0.1", token: everything).status == 404)
            try await workspace.git("reset", "--quiet", "--hard", "HEAD~1")

            // The registry refuses a publish in the middle (the token may not write iss-service):
            // the train stops committed and tagged, and --continue publishes only the rest.
            try await workspace.change("Packages/Network/Sources/Network/GroundStationClient.swift", "Network: clearer message") {
                $0.replacingOccurrences(of: #".unreachable("no attempt made")"#, with: #".unreachable("no attempt was made")"#)
            }
            let stopped = try await workspace.strata(["release", "Network", "--bump", "major", "--no-verify"], token: coreOnly)
            #expect(stopped.status == 1, "\(stopped.error)")
            #expect(stopped.error.contains("HTTP 403") && stopped.error.contains("strata release --continue"), "\(stopped.error)")
            #expect(stopped.error.contains("strata: published iss-core.StationSimulator 1.1.0"))
            #expect(try await workspace.git("tag", "--list", "CosmonautService/*") == "CosmonautService/1.0.0\nCosmonautService/1.1.0\n")
            #expect(try await registry.request("GET", "/iss-service/CosmonautService/1.1.0", token: everything).status == 404)
            // Another train cannot start while this one is unfinished.
            let blocked = try await workspace.strata(["release", "--dry-run"], token: everything)
            #expect(blocked.status == 0)
            let second = try await workspace.strata(["release", "Radio", "--bump", "patch", "--no-verify"], token: everything)
            #expect(second.status == 2 && second.error.contains("[release-in-progress]"), "\(second.error)")

            // A damaged state file is an error, never "nothing to release".
            let stateFile = workspace.root + "/.git/strata/release-Examples-ISS.json"
            try "{ \"format\": 1, \"pla".write(toFile: stateFile, atomically: true, encoding: .utf8)
            for arguments in [["release", "--continue"], ["release", "--dry-run"]] {
                let damaged = try await workspace.strata(arguments, token: everything)
                #expect(damaged.status == 2 && damaged.error.contains("release-Examples-ISS.json:1:1: error: [damaged-release-state] the state of the release in progress cannot be read: it is not valid JSON"), "\(damaged.error)")
            }
            // Without it, the tags and the registry still say the train is unfinished: a new one is
            // refused, and --continue finds the rest again, comparing what is published already
            // with what the release commit makes (other bytes, the same files).
            try FileManager.default.removeItem(atPath: stateFile)
            let lost = try await workspace.strata(["release", "Radio", "--bump", "patch", "--no-verify"], token: everything)
            #expect(lost.status == 2, "\(lost.error)")
            #expect(
                lost.error.contains("[unfinished-release]") && lost.error.contains("CosmonautService 1.1.0, DockingPortService 1.1.0 are tagged but unpublished"),
                "\(lost.error)")
            let finished = try await workspace.strata(["release", "--continue"], token: everything)
            #expect(finished.status == 0, "\(finished.error)")
            let publishedNow = finished.error.split(separator: "\n").filter { $0.hasPrefix("strata: published ") }
            #expect(publishedNow == ["strata: published iss-service.CosmonautService 1.1.0", "strata: published iss-service.DockingPortService 1.1.0"])
            #expect(finished.error.contains("strata: StationSimulator 1.1.0 is in the registry already"), "\(finished.error)")
            #expect(finished.error.contains("strata: note: the train's state file was gone"), "\(finished.error)")
            let releases = try await registry.request("GET", "/iss-core/Network", token: everything)
            let listed = try #require((try JSONSerialization.jsonObject(with: releases.body) as? [String: Any])?["releases"] as? [String: Any])
            #expect(Set(listed.keys) == ["1.0.0", "2.0.0"])
            let nothing = try await workspace.strata(["release", "--continue"], token: everything)
            #expect(nothing.status == 2 && nothing.error.contains("[no-release-in-progress]"), "\(nothing.error)")
            #expect(try await workspace.strata(["release"], token: everything).error.contains("nothing to release"))

            // Drift: a record in which Peripheries still requires DockingPortService 0.9.0.
            try await workspace.change("strata.versions.yml", "Peripheries pinned to an old DockingPortService") {
                $0.replacingOccurrences(of: "Peripheries: { version: 1.0.0, requires: { UIComponents: 1.0.0, HeatRadiatorService: 1.0.0, SolarArrayService: 1.0.0, DockingPortService: 1.0.0 } }", with: "Peripheries: { version: 1.0.0, requires: { UIComponents: 1.0.0, HeatRadiatorService: 1.0.0, SolarArrayService: 1.0.0, DockingPortService: 0.9.0 } }")
            }
            let drift = try await workspace.strata(["versions"])
            #expect(drift.status == 0, "\(drift.error)")
            #expect(drift.output.contains("Network              2.0.0     -  "), "\(drift.output)")
            #expect(
                drift.output.contains("  Peripheries requires DockingPortService 0.9.0 (released: 1.1.0); strata release Peripheries raises it\n"),
                "\(drift.output)")
        }
    }

    @Test func aVersionTheRegistryHoldsFromElsewhereIsRefusedBeforeTheCommit() async throws {
        try await RunningRegistry.with { registry in
            let everything = try await registry.token(["*": .write], name: "release train")
            let workspace = try await Workspace.make(registry: registry)
            defer { workspace.remove() }
            // Someone published Network 1.0.0 by hand: the first train would tag 1.0.0 on other content.
            let foreign = try TestArchive.make(TestArchive.package("Network"), root: "iss-core.Network")
            try #require(try await registry.publish("iss-core.Network", "1.0.0", archive: foreign, token: everything).status == 201)
            let head = try await workspace.git("rev-parse", "HEAD")

            let dryRun = try await workspace.strata(["release", "--dry-run"], token: everything)
            #expect(dryRun.status == 0, "\(dryRun.error)")
            #expect(
                dryRun.error.contains("strata: note: a release would be refused now: the registry already has iss-core.Network 1.0.0"), "\(dryRun.error)")
            let refused = try await workspace.strata(["release", "--no-verify"], token: everything)
            #expect(refused.status == 2, "\(refused.error)")
            #expect(refused.error.contains("[version-taken] the registry already has iss-core.Network 1.0.0"), "\(refused.error)")
            #expect(refused.error.contains("release past it (--bump, or --first-version for a first release)"), "\(refused.error)")
            #expect(try await workspace.git("rev-parse", "HEAD") == head)
            #expect(try await workspace.git("tag", "--list") == "")
            #expect(try await registry.request("GET", "/iss-shared/Logging", token: everything).status == 404)

            // As the hint says: released past it, the train goes through.
            let past = try await workspace.strata(["release", "--no-verify", "--first-version", "1.1.0"], token: everything)
            #expect(past.status == 0, "\(past.error)")
            let releases = try await registry.request("GET", "/iss-core/Network", token: everything)
            let listed = try #require((try JSONSerialization.jsonObject(with: releases.body) as? [String: Any])?["releases"] as? [String: Any])
            #expect(Set(listed.keys) == ["1.0.0", "1.1.0"])
            #expect(try await workspace.git("tag", "--list", "Network/*") == "Network/1.1.0\n")
        }
    }

    @Test func aReleaseTheRegistryHoldsWithOtherContentStopsTheTrain() async throws {
        try await RunningRegistry.with { registry in
            let everything = try await registry.token(["*": .write], name: "release train")
            let runtimeOnly = try await registry.token(["strata": .write, "*": .read], name: "runtime team")
            let workspace = try await Workspace.make(registry: registry)
            defer { workspace.remove() }
            // The train stops committed and tagged at its first module, Logging (403) …
            let stopped = try await workspace.strata(["release", "--no-verify"], token: runtimeOnly)
            #expect(stopped.status == 1 && stopped.error.contains("HTTP 403"), "\(stopped.error)")
            let stateFile = try Data(contentsOf: URL(fileURLWithPath: workspace.root + "/.git/strata/release-Examples-ISS.json"))
            let state = try #require(try JSONSerialization.jsonObject(with: stateFile) as? [String: Any])
            let steps = try #require((state["plan"] as? [String: Any])?["steps"] as? [[String: Any]])
            #expect(steps.first?["module"] as? String == "Logging" && (state["published"] as? [String])?.isEmpty == true, "\(state)")
            // … and before it goes on, someone publishes another Logging 1.0.0.
            let foreign = try TestArchive.make(TestArchive.package("Logging"), root: "iss-shared.Logging")
            try #require(try await registry.publish("iss-shared.Logging", "1.0.0", archive: foreign, token: everything).status == 201)

            for _ in 1...2 {
                let continued = try await workspace.strata(["release", "--continue"], token: everything)
                #expect(continued.status == 1, "\(continued.error)")
                #expect(
                    continued.error.contains(
                        "[release-differs] the registry already has iss-shared.Logging 1.0.0 with other content (Package.swift, Sources/Logging/"),
                    "\(continued.error)")
                #expect(!continued.error.contains("strata: published "), "\(continued.error)")
            }
            #expect(try await registry.request("GET", "/iss-core/Network", token: everything).status == 404)
        }
    }
}
