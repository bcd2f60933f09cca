import Foundation
import StrataWorkspaceTestSupport
import StrataRegistry
import Testing
import ZIPFoundation

/// `strata publish`: a workspace's module, found by its layer's scope in strata.yml, archived by
/// the toolchain and published to a real registry; and every way it can be refused.
@Suite struct PublishCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-publish-\(UUID().uuidString)").path

    func write(_ path: String, _ text: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// An adopt-mode workspace: Packages/Network (layer core) and Packages/Feature (layer feature),
    /// and a root package mixing both layers' modules.
    func makeWorkspace(registry: String, scopes: String = "{ core: iss-core }") throws {
        try write(
            "strata.yml",
            """
            layers:
              - { name: feature, patterns: ["Feature*", "App*"] }
              - { name: core, patterns: ["*"] }
            adopt: { packages: ["Packages/*", "."] }
            registry: { url: \(registry), scopes: \(scopes) }

            """)
        for (name, dependency) in [("Network", nil), ("Feature", "Network")] as [(String, String?)] {
            let packages = dependency.map { ".package(path: \"../\($0)\")" } ?? ""
            let products = dependency.map { ".product(name: \"\($0)\", package: \"\($0)\")" } ?? ""
            try write(
                "Packages/\(name)/Package.swift",
                """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)", targets: ["\(name)"])],
                    dependencies: [\(packages)],
                    targets: [.target(name: "\(name)", dependencies: [\(products)])]
                )

                """)
            try write("Packages/\(name)/Sources/\(name)/\(name).swift", "public enum \(name) {}\n")
        }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Mixed", targets: [.target(name: "AppShell"), .target(name: "CoreUtilities")])

            """)
        try write("Sources/AppShell/AppShell.swift", "enum AppShell {}\n")
        try write("Sources/CoreUtilities/CoreUtilities.swift", "enum CoreUtilities {}\n")
    }

    func strata(_ arguments: [String], token: String? = nil) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(Fixtures.strataExecutable, arguments, in: folder, environment: ["STRATA_REGISTRY_TOKEN": token ?? ""])
    }

    func git(_ arguments: String...) async throws {
        let result = try await ProcessRunner.run(
            "git", ["-c", "user.email=tests@strata.invalid", "-c", "user.name=Strata Tests", "-c", "commit.gpgsign=false"] + arguments, in: folder)
        try #require(result.status == 0, "git \(arguments): \(result.error)")
    }

    @Test func aModuleIsPublishedToItsLayersScope() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let token = try await registry.token(["iss-core": .write])
            try makeWorkspace(registry: registry.url)
            try write("Packages/Network/.build/debug/junk", "never published\n")
            try write("Packages/Network/.build-tsan/debug/junk", "never published\n")

            let dry = try await strata(["publish", "Network", "--version", "1.0.0", "--dry-run"])
            #expect(dry.status == 0, "\(dry.error)")
            #expect(dry.output.hasPrefix("would publish iss-core.Network 1.0.0 ("))
            #expect(try await registry.request("GET", "/iss-core/Network", token: token).status == 404)

            let published = try await strata(["publish", "Network", "--version", "1.0.0"], token: token)
            #expect(published.status == 0, "\(published.error)")
            #expect(published.output.hasPrefix("published iss-core.Network 1.0.0 ("))
            #expect(published.output.contains("\(registry.url)/iss-core/Network/1.0.0"))
            let info = try await registry.request("GET", "/iss-core/Network/1.0.0", token: token)
            #expect(info.status == 200)
            // Build folders in the package folder, SwiftPM's own and other scratch paths, stay out.
            let archive = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: token, accept: nil)
            let entries = try Archive(data: archive.body, accessMode: .read).map(\.path)
            #expect(entries.contains("iss-core.Network/Package.swift"), "\(entries)")
            #expect(!entries.contains { $0.contains(".build") }, "\(entries)")

            // Releases never change: the same version again is the registry's refusal, exit 1.
            let again = try await strata(["publish", "Network", "--version", "1.0.0"], token: token)
            #expect(again.status == 1)
            #expect(again.error.contains("HTTP 409") && again.error.contains("already exists"))

            // The version from a `<Module>/<version>` tag on HEAD, and a token from a file.
            try await git("init", "--quiet", "--initial-branch=main")
            try await git("add", "--all")
            try await git("commit", "--quiet", "-m", "workspace")
            try await git("tag", "Network/1.1.0")
            try write("token", token + "\n")
            let tagged = try await strata(["publish", "Network", "--token-file", folder + "/token"])
            #expect(tagged.status == 0, "\(tagged.error)")
            #expect(tagged.output.hasPrefix("published iss-core.Network 1.1.0 ("))
        }
    }

    @Test func badRequestsExitTwoAndRefusalsExitOne() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let reader = try await registry.token(["iss-core": .read])
            try makeWorkspace(registry: registry.url)
            let cases: [([String], String?, String)] = [
                (["publish", "Network", "--version", "1.0.0"], nil, "STRATA_REGISTRY_TOKEN"),
                (["publish", "Netwrk", "--version", "1.0.0"], reader, "did you mean 'Network'"),
                (["publish", "Feature", "--version", "1.0.0"], reader, "layer 'feature', which has no scope under 'registry.scopes'"),
                (["publish", "CoreUtilities", "--version", "1.0.0"], reader, "holds modules of the layers core, feature"),
                (["publish", "Network", "--version", "1.0"], reader, "'1.0' is not a semantic version"),
                (["publish", "Network"], reader, "pass --version 1.2.0, or tag HEAD as Network/1.2.0"),
            ]
            for (arguments, token, message) in cases {
                let result = try await strata(arguments, token: token)
                #expect(result.status == 2, "\(arguments): \(result.error)")
                #expect(result.error.contains(message), "\(arguments): \(result.error)")
            }
            // A token that may only read: the registry refuses, exit 1.
            let refused = try await strata(["publish", "Network", "--version", "1.0.0"], token: reader)
            #expect(refused.status == 1 && refused.error.contains("HTTP 403"), "\(refused.error)")
            // strata.yml without a registry, or with a bad one.
            try makeWorkspace(registry: "ftp://example.com")
            let bad = try await strata(["publish", "Network", "--version", "1.0.0"], token: reader)
            #expect(bad.status == 2 && bad.error.contains("'registry.url' must be an http or https URL"), "\(bad.error)")
            try makeWorkspace(registry: registry.url, scopes: "{ kernel: -bad }")
            let scopes = try await strata(["publish", "Network", "--version", "1.0.0"], token: reader)
            #expect(scopes.error.contains("'kernel', which is not a layer") && scopes.error.contains("'-bad' is not a registry scope"), "\(scopes.error)")
        }
    }
    /// A generate-mode workspace (one package for everything): Profile (layer feature) uses
    /// Storage (layer core). strata.yml's registry URL is a dead port: --registry overrides it.
    func makeGenerateModeWorkspace() throws {
        try write(
            "strata.yml",
            """
            layers: [feature, core]
            modules:
              Profile: { layer: feature, dependencies: [Storage], tests: false }
              Storage: { layer: core, tests: false }
              Clock: { layer: core, tests: false }
            registry: { url: http://127.0.0.1:9, scopes: { feature: app-feature, core: app-core } }

            """)
        try write("Sources/Storage/Storage.swift", "public enum Storage { public static let name = \"storage\" }\n")
        try write("Sources/Clock/Clock.swift", "public enum Clock {}\n")
        try write("Sources/Profile/Profile.swift", "import Storage\npublic enum Profile { public static let name = Storage.name }\n")
        try write("Sources/Profile/.build/junk", "never published\n")
        try write("Sources/Profile/.build-release/junk", "never published\n")
    }

    /// A registry that is down is named with its URL and what to check, not Foundation's
    /// NSURLErrorDomain dump.
    @Test func aRegistryThatIsDownIsSaidPlainly() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "http://127.0.0.1:\(try SharedBackendServers.freePort())"  // nothing listens there
        try makeWorkspace(registry: url)
        let result = try await strata(["publish", "Network", "--version", "1.0.0"], token: "t")
        #expect(result.status == 1, "\(result.error)")
        #expect(
            result.error.hasPrefix("strata: error: cannot reach the registry at \(url): nothing answers there (connection refused)"), "\(result.error)")
        #expect(!result.error.contains("NSURLErrorDomain") && !result.error.contains("Error Domain"), "\(result.error)")
    }

    @Test func eachModuleIsPublishedAsAPackageThatDependsOnTheOthersThroughTheRegistry() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let token = try await registry.token(["app-feature": .write, "app-core": .write])
            try makeGenerateModeWorkspace()
            let on = ["--registry", registry.url]

            // A dry run goes without a token, asking for Storage's newest release; this registry
            // reads only with one, and says so.
            let anonymous = try await strata(["publish", "Profile", "--dry-run", "--version", "1.0.0"] + on)
            #expect(anonymous.status == 2, "\(anonymous.error)")
            #expect(
                anonymous.error.contains("[missing-token] the registry at \(registry.url) answers only with a token")
                    && anonymous.error.contains("a token that may read the scopes is enough"), "\(anonymous.error)")

            // Profile needs Storage in the registry first: nothing is published.
            let early = try await strata(["publish", "Profile", "--version", "1.0.0"] + on, token: token)
            #expect(early.status == 2, "\(early.error)")
            #expect(early.error.contains("'Profile' depends on 'Storage', which the registry has no release of (app-core.Storage)"), "\(early.error)")
            #expect(try await registry.request("GET", "/app-feature/Profile", token: token).status == 404)

            // Together: Storage (and Clock) before Profile, whatever order they are named in.
            let all = try await strata(["publish", "Profile", "Storage", "--version", "1.0.0"] + on, token: token)
            #expect(all.status == 0, "\(all.error)")
            #expect(all.output.split(separator: "\n").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
                "published app-core.Storage 1.0.0", "published app-feature.Profile 1.0.0",
            ])
            let manifest = try await registry.request("GET", "/app-feature/Profile/1.0.0/Package.swift", token: token, accept: nil)
            #expect(manifest.text.contains(#".package(id: "app-core.Storage", from: "1.0.0")"#), "\(manifest.text)")
            #expect(manifest.text.contains(#".product(name: "Storage", package: "app-core.Storage")"#))

            // Later releases require the newest release of what they use.
            #expect(try await strata(["publish", "Storage", "--version", "1.3.0"] + on, token: token).status == 0)
            #expect(try await strata(["publish", "Profile", "--version", "1.1.0"] + on, token: token).status == 0)
            let newer = try await registry.request("GET", "/app-feature/Profile/1.1.0/Package.swift", token: token, accept: nil)
            #expect(newer.text.contains(#".package(id: "app-core.Storage", from: "1.3.0")"#), "\(newer.text)")

            // The archive holds the package as SwiftPM lays it out, without build products.
            let archive = try await registry.request("GET", "/app-feature/Profile/1.1.0.zip", token: token, accept: nil)
            let entries = try Archive(data: archive.body, accessMode: .read).map(\.path)
            #expect(entries.contains("app-feature.Profile/Package.swift") && entries.contains("app-feature.Profile/Sources/Profile/Profile.swift"), "\(entries)")
            #expect(!entries.contains { $0.contains(".build") })

            // --output writes the packages instead, whole or not at all, and never over a folder.
            let written = try await strata(["publish", "Profile", "--version", "2.0.0", "--output", "out"] + on, token: token)
            #expect(written.status == 0 && written.output == "wrote app-feature.Profile 2.0.0 to out/app-feature.Profile\n", "\(written.error)")
            let text = try String(contentsOfFile: folder + "/out/app-feature.Profile/Package.swift", encoding: .utf8)
            #expect(text.contains(#".package(id: "app-core.Storage", from: "1.3.0")"#))
            #expect(FileManager.default.fileExists(atPath: folder + "/out/app-feature.Profile/Sources/Profile/Profile.swift"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out") == ["app-feature.Profile"])
            let over = try await strata(["publish", "Profile", "--version", "2.0.0", "--output", "out"] + on, token: token)
            #expect(over.status == 2 && over.error.contains("out/app-feature.Profile already exists"), "\(over.error)")
            #expect(try await registry.request("GET", "/app-feature/Profile/2.0.0", token: token).status == 404)

            let target = try await strata(["publish", "StorageCore", "--version", "1.0.0"] + on, token: token)
            #expect(target.status == 2 && target.error.contains("'StorageCore' is not a module of the workspace"), "\(target.error)")
            let nothing = try await strata(["publish"] + on, token: token)
            #expect(nothing.status == 2 && nothing.error.contains("name the modules to publish, or pass --all"), "\(nothing.error)")
            let again = try await strata(["publish", "--all", "--version", "1.3.0"] + on, token: token)
            #expect(again.status == 1 && again.error.contains("HTTP 409"), "\(again.error)")
        }
    }

    @Test func anAdoptedPackageThatDependsOnAFolderIsNotPublished() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let token = try await registry.token(["*": .write])
            try makeWorkspace(registry: registry.url, scopes: "{ core: iss-core, feature: iss-feature }")
            let result = try await strata(["publish", "Feature", "--version", "1.0.0"], token: token)
            #expect(result.status == 2)
            #expect(result.error.contains("Packages/Feature/Package.swift:1:1: error: [unpublishable-dependency] the package depends on the folder 'Packages/Network'"), "\(result.error)")
        }
    }
}
