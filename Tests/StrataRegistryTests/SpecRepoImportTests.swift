import Foundation
import StrataRegistry
import StrataWorkspaceTestSupport
import Testing
import ZIPFoundation

/// `strata migrate spec-repo` against a real registry: three layers of pods, each layer's pods
/// in a git repository of its own with a tag per version and a spec repo of its own (a breaking
/// change in core, a subspec left out in feature, requirements across layers). Everything is
/// checked before the first release is sent; a run the registry stops half-way is resumed by
/// running it again; and the real SwiftPM client resolves, builds and runs an old version of
/// the top pod by identity, and a Podfile app migrated to take the new one from the registry.
@Suite(.serialized) struct SpecRepoImportTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-spec-repo-\(UUID().uuidString)").path

    // MARK: - The pods

    /// One version of a pod: its podspec's body (after name and version) and its files.
    struct Version {
        var version: String
        var podspec: String
        var files: [String: String]
        /// The tag is pushed (a spec repo may name one that is not).
        var tagged = true
    }

    /// A layer's pods repository (`repos/<layer>`), a commit and a tag per version in the order
    /// given, and its spec repo (`specs/<layer>/Specs/<Pod>/<version>/<Pod>.podspec`).
    func makeLayer(_ layer: String, pods: [(name: String, tag: String, versions: [Version])]) async throws {
        let repository = folder + "/repos/" + layer
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try await git(["init", "--quiet", "--initial-branch=main"], in: repository)
        for (name, tag, versions) in pods {
            for version in versions {
                let podspec = """
                    Pod::Spec.new do |s|
                      s.name = '\(name)'
                      s.version = '\(version.version)'
                      s.summary = '\(name) of the \(layer) layer.'
                      s.source = { :git => '\(repository)', :tag => \(tag) }
                      s.ios.deployment_target = '15.0'
                    \(version.podspec)end

                    """
                try write("repos/\(layer)/\(name).podspec", podspec)
                for (path, text) in version.files { try write("repos/\(layer)/\(path)", text) }
                try await git(["add", "--all"], in: repository)
                try await git(["commit", "--quiet", "-m", "\(name) \(version.version)"], in: repository)
                if version.tagged {
                    let tagName = tag.replacingOccurrences(of: "\"#{s.name}-#{s.version}\"", with: "\(name)-\(version.version)")
                        .replacingOccurrences(of: "s.version.to_s", with: version.version)
                    try await git(["tag", tagName], in: repository)
                }
                try write("specs/\(layer)/Specs/\(name)/\(version.version)/\(name).podspec", podspec)
            }
        }
    }

    func makePods() async throws {
        try await makeLayer(
            "core",
            pods: [
                (
                    "Formatting", "\"#{s.name}-#{s.version}\"",
                    [
                        Version(
                            version: "1.0.0", podspec: "  s.source_files = 'Formatting/**/*.swift'\n",
                            files: ["Formatting/Format.swift": "public enum Format { public static func title(_ text: String) -> String { text.uppercased() } }\n"]),
                        Version(
                            version: "1.1.0", podspec: "  s.source_files = 'Formatting/**/*.swift'\n",
                            files: [
                                "Formatting/Format.swift":
                                    "public enum Format {\n    public static func title(_ text: String) -> String { text.uppercased() }\n    public static func footer(_ text: String) -> String { \"-- \" + text }\n}\n"
                            ]),
                        // The breaking change: title(_:) is gone. The release is larger than the others (a word list).
                        Version(
                            version: "2.0.0", podspec: "  s.source_files = 'Formatting/**/*.swift'\n",
                            files: [
                                "Formatting/Format.swift": "public enum Format { public static func heading(_ text: String) -> String { \"# \" + text } }\n",
                                "Formatting/Words.swift": "let words = [\n" + (0..<400).map { _ in "    \"\(UUID().uuidString)\",\n" }.joined() + "]\n",
                            ]),
                    ]
                )
            ])
        try await makeLayer(
            "service",
            pods: [
                (
                    "ProfileService", "s.version.to_s",
                    [
                        Version(
                            version: "1.0.0", podspec: "  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Formatting', '~> 1.0'\n",
                            files: ["Sources/Profile.swift": "import Formatting\npublic enum Profile { public static var name: String { Format.title(\"ada\") } }\n"]),
                        Version(
                            version: "2.0.0", podspec: "  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Formatting', '~> 2.0'\n",
                            files: ["Sources/Profile.swift": "import Formatting\npublic enum Profile { public static var name: String { Format.heading(\"ada\") } }\n"],
                            tagged: false),
                    ]
                )
            ])
        let feature = { (requirement: String) in
            """
              s.default_subspecs = 'Screen'
              s.subspec 'Screen' do |screen|
                screen.source_files = 'Sources/Screen/*.swift'
                screen.dependency 'ProfileService', \(requirement)
              end
              s.subspec 'Preview' do |preview|
                preview.source_files = 'Sources/Preview/*.swift'
                preview.dependency 'ProfileFeature/Screen'
              end

            """
        }
        try await makeLayer(
            "feature",
            pods: [
                (
                    "ProfileFeature", "s.version.to_s",
                    [
                        Version(
                            version: "1.0.0", podspec: feature("'~> 1.0'"),
                            files: [
                                "Sources/Screen/Screen.swift": "import ProfileService\npublic enum Screen { public static var title: String { \"Profile: \" + Profile.name } }\n",
                                "Sources/Preview/Preview.swift": "enum Preview { static let sample = Screen.title }\n",
                            ]),
                        Version(version: "1.1.0", podspec: feature("'>= 2.0', '< 2.5'"), files: [:]),
                    ]
                )
            ])
        try write("pods.yml", "pods:\n  Formatting: { id: core.Formatting, from: 1.0.0, product: Formatting }\n")
        try write(
            "feature-pods.yml",
            "pods:\n  ProfileService: { id: service.ProfileService, from: 1.0.0, product: ProfileService }\n")
    }

    // MARK: - Helpers

    func write(_ path: String, _ text: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func git(_ arguments: [String], in directory: String) async throws {
        let result = try await ProcessRunner.run(
            "git", ["-c", "user.email=tests@strata.invalid", "-c", "user.name=Strata Tests", "-c", "commit.gpgsign=false"] + arguments,
            in: directory)
        try #require(result.status == 0, "git \(arguments): \(result.error)")
    }

    func strataImport(_ layer: String, to registry: RunningRegistry, token: String, _ more: [String] = []) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            Fixtures.strataExecutable, ["migrate", "spec-repo", "specs/\(layer)", "--scope", layer, "--registry", registry.url] + more, in: folder,
            environment: ["STRATA_REGISTRY_TOKEN": token])
    }

    func listed(_ identity: String, in registry: RunningRegistry, token: String) async throws -> [String] {
        let reply = try await registry.request("GET", "/" + identity.replacingOccurrences(of: ".", with: "/"), token: token)
        return ((reply.json?["releases"] as? [String: Any])?.keys.map { $0 } ?? []).sorted()
    }

    // MARK: - The import

    @Test func threeLayersOfSpecReposAreImportedAndResolvedByTheirOldAndNewVersions() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await makePods()
        let data = folder + "/registry-data"

        // A registry that refuses the large Formatting 2.0.0: the import stops half-way.
        var limits = SourceArchiveValidator.Limits()
        limits.archiveBytes = 6_000
        let token = try await RunningRegistry.with(limits: limits, dataFolder: data) { registry in
            let token = try await registry.token(["*": .write], name: "migration")
            let anonymous = try await strataImport("core", to: registry, token: "", ["--dry-run"])
            #expect(anonymous.status == 2 && anonymous.error.contains("[missing-token] the registry at \(registry.url) answers only with a token"), "\(anonymous.error)")
            let dryRun = try await strataImport("core", to: registry, token: token, ["--dry-run"])
            #expect(dryRun.status == 0, "\(dryRun.error)")
            #expect(dryRun.output.components(separatedBy: "would publish core.Formatting ").count == 4, "\(dryRun.output)")
            #expect(dryRun.error.contains("3 to publish (dry run; nothing sent)"))
            #expect(try await listed("core.Formatting", in: registry, token: token) == [])

            let stopped = try await strataImport("core", to: registry, token: token)
            #expect(stopped.status == 1)
            #expect(stopped.output.contains("published core.Formatting 1.0.0") && stopped.output.contains("published core.Formatting 1.1.0"))
            #expect(stopped.error.contains("HTTP 413") && stopped.error.contains("the same command resumes"), "\(stopped.error)")
            #expect(try await listed("core.Formatting", in: registry, token: token) == ["1.0.0", "1.1.0"])
            return token
        }

        try await RunningRegistry.with(dataFolder: data) { registry in
            let resumed = try await strataImport("core", to: registry, token: token)
            #expect(resumed.status == 0, "\(resumed.error)")
            #expect(resumed.output.contains("already published core.Formatting 1.0.0") && resumed.output.contains("already published core.Formatting 1.1.0"))
            #expect(resumed.output.contains("published core.Formatting 2.0.0 (pod Formatting"))
            #expect(resumed.error.contains("3 releases of 1 pod: 1 published, 2 already in the registry"))

            // The service layer: its pods need core's from pods.yml, and its 2.0.0 tag is missing. Nothing is sent until both are right.
            let homeless = try await strataImport("service", to: registry, token: token)
            #expect(homeless.status == 2)
            #expect(homeless.error.contains("ProfileService.podspec:8:5: error: [missing-home] pod 'ProfileService' 1.0.0 depends on 'Formatting'"), "\(homeless.error)")
            let untagged = try await strataImport("service", to: registry, token: token, ["--pods-yml", "pods.yml"])
            #expect(untagged.status == 2)
            #expect(untagged.error.contains("Specs/ProfileService/2.0.0/ProfileService.podspec:5:5: error: [unknown-revision]"), "\(untagged.error)")
            #expect(untagged.error.contains("has no tag or branch '2.0.0'"))
            let unreachable = try await strataImport("service", to: registry, token: token, ["--pods-yml", "pods.yml", "--repository", "ProfileService=repos/gone"])
            #expect(unreachable.status == 2)
            #expect(unreachable.error.contains("ProfileService.podspec:5:5: error: [unreachable-repository] git cannot list '\(folder)/repos/gone'"), "\(unreachable.error)")
            #expect(unreachable.error.contains("(the source of ProfileService 1.0.0, ProfileService 2.0.0)"))
            #expect(try await listed("service.ProfileService", in: registry, token: token) == [], "nothing is sent while a release cannot be")
            try await git(["tag", "2.0.0"], in: folder + "/repos/service")
            // The sources from a clone named by a path from the current folder.
            let service = try await strataImport("service", to: registry, token: token, ["--pods-yml", "pods.yml", "--repository", "ProfileService=repos/service"])
            #expect(service.status == 0, "\(service.error)")
            #expect(try await listed("service.ProfileService", in: registry, token: token) == ["1.0.0", "2.0.0"])

            let feature = try await strataImport("feature", to: registry, token: token, ["--pods-yml", "feature-pods.yml"])
            #expect(feature.status == 0, "\(feature.error)")
            #expect(feature.error.contains("note: ") && feature.error.contains("Preview"), "the left-out subspec is named: \(feature.error)")
            #expect(try await listed("feature.ProfileFeature", in: registry, token: token) == ["1.0.0", "1.1.0"])

            // The archive holds what the module builds: not the subspec left out, nor the podspec beside the sources.
            let archive = try await registry.request("GET", "/feature/ProfileFeature/1.0.0.zip", token: token, accept: nil)
            let entries = try Archive(data: archive.body, accessMode: .read).map(\.path).filter { !$0.hasSuffix("/") }
            #expect(entries.sorted() == ["feature.ProfileFeature/Package.swift", "feature.ProfileFeature/Sources/ProfileFeature/Screen.swift"], "\(entries)")
            let manifest = try await registry.request("GET", "/feature/ProfileFeature/1.1.0/Package.swift", token: token, accept: "application/vnd.swift.registry.v1+swift")
            #expect(manifest.text.contains(#".package(id: "service.ProfileService", "2.0.0"..<"2.5.0")"#), "\(manifest.text)")
            #expect(!manifest.text.contains("exclude:"), "what is excluded is not published, so nothing is excluded: \(manifest.text)")
            let old = try await registry.request("GET", "/service/ProfileService/1.0.0/Package.swift", token: token, accept: "application/vnd.swift.registry.v1+swift")
            #expect(old.text.contains(#".package(id: "core.Formatting", from: "1.0.0")"#), "\(old.text)")

            // The real SwiftPM client: the old version resolves core 1.x, the new one core 2.0.
            let reader = try await registry.token(["*": .read], name: "app builders")
            #expect(try await consumer("Old", requirement: #"exact: "1.0.0""#, registry: registry, token: reader) == "Profile: ADA\n")
            #expect(try pins(of: "Old") == ["core.Formatting": "1.1.0", "feature.ProfileFeature": "1.0.0", "service.ProfileService": "1.0.0"])
            #expect(try await migratedApp(registry: registry, token: reader) == "Profile: # ada\n")
            #expect(try pins(of: "Station") == ["core.Formatting": "2.0.0", "feature.ProfileFeature": "1.1.0", "service.ProfileService": "2.0.0"])
        }
    }

    /// The app of a Podfile that takes ProfileFeature from the spec repos, migrated with its pod
    /// from the registry (pods.yml), generated, built and run; returns what it printed.
    func migratedApp(registry: RunningRegistry, token: String) async throws -> String {
        try write(
            "Station/strata.yml",
            """
            name: Station
            layers: [{ name: app, patterns: ["*"] }]
            adopt: { packages: [], podfile: Podfile, spec-repos: [../specs/feature, ../specs/service, ../specs/core] }

            """)
        try write("Station/Podfile", "platform :ios, '15.0'\ntarget 'Station' do\n  pod 'ProfileFeature', '~> 1.1'\nend\n")
        try write("Station/Station/main.swift", "import ProfileFeature\nprint(Screen.title)\n")
        try write("Station/pods.yml", "pods:\n  ProfileFeature: { id: feature.ProfileFeature, up-to-next-minor-from: 1.1.0, product: ProfileFeature }\n")
        let station = folder + "/Station"
        let migrated = try await ProcessRunner.run(Fixtures.strataExecutable, ["migrate"], in: station)
        try #require(migrated.status == 0, "strata migrate: \(migrated.error)")
        #expect(migrated.error.contains("the migrated graph is the pods' graph"), "\(migrated.error)")
        let generated = try await ProcessRunner.run(Fixtures.strataExecutable, ["generate", "--quiet"], in: station)
        try #require(generated.status == 0, "strata generate: \(generated.error)")
        let package = try String(contentsOfFile: station + "/Package.swift", encoding: .utf8)
        #expect(package.contains(#".package(id: "feature.ProfileFeature", .upToNextMinor(from: "1.1.0"))"#), "\(package)")
        let isolation = ["--cache-path", folder + "/swiftpm-cache", "--config-path", folder + "/swiftpm-config", "--security-path", folder + "/swiftpm-security"]
        try await registry.configureClient(package: station, isolation: isolation, token: token, netrc: folder + "/netrc")
        let build = try await ProcessRunner.run(
            "swift", ["build"] + isolation + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc"], in: station)
        try #require(build.status == 0, "swift build of the migrated app: \(build.output)\n\(build.error)")
        let check = try await ProcessRunner.run(Fixtures.strataExecutable, ["check"], in: station)
        #expect(check.status == 0 && check.output.contains("no violations"), "\(check.output)\n\(check.error)")
        return try await ProcessRunner.run(station + "/.build/debug/Station", []).output
    }

    /// Package.resolved of the consumer `name`: identity → version.
    func pins(of name: String) throws -> [String: String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/\(name)/Package.resolved"))) as? [String: Any]
        var pins: [String: String] = [:]
        for pin in document?["pins"] as? [[String: Any]] ?? [] {
            if let identity = pin["identity"] as? String, let version = (pin["state"] as? [String: Any])?["version"] as? String { pins[identity] = version }
        }
        return pins
    }

    /// A package depending on `feature.ProfileFeature` at `requirement` through the registry
    /// alone, built and run; returns what it printed.
    func consumer(_ name: String, requirement: String, registry: RunningRegistry, token: String) async throws -> String {
        try write(
            "\(name)/Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                dependencies: [.package(id: "feature.ProfileFeature", \(requirement))],
                targets: [.executableTarget(name: "\(name)", dependencies: [.product(name: "ProfileFeature", package: "feature.ProfileFeature")])]
            )

            """)
        try write("\(name)/Sources/\(name)/main.swift", "import ProfileFeature\nprint(Screen.title)\n")
        let isolation = ["--cache-path", folder + "/swiftpm-cache", "--config-path", folder + "/swiftpm-config", "--security-path", folder + "/swiftpm-security"]
        try await registry.configureClient(package: folder + "/" + name, isolation: isolation, token: token, netrc: folder + "/netrc")
        let build = try await ProcessRunner.run(
            "swift", ["build"] + isolation + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc"], in: folder + "/" + name)
        try #require(build.status == 0, "swift build of \(name): \(build.output)\n\(build.error)")
        return try await ProcessRunner.run(folder + "/\(name)/.build/debug/\(name)", []).output
    }
}
