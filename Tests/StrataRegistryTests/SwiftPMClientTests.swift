import Foundation
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import StrataRegistry
import Testing

/// The real SwiftPM client against the registry on loopback: source archives made by
/// `swift package archive-source`, a consumer that depends on them only through registry
/// identities resolved, built and run by `swift build`, with a read token from a netrc file, and
/// a URL dependency replaced by its registry identity through identifier lookup.
///
/// Over HTTPS (a certificate from a test CA made with openssl, trusted through `SSL_CERT_FILE`),
/// `swift package-registry login` and `publish` themselves publish (an ISS module's package as
/// `strata publish --output` writes it, and a signed release); over HTTP SwiftPM 6.3 sends
/// credentials only for reading, so there the test publishes through the API (docs/REGISTRY.md).
@Suite(.serialized) struct SwiftPMClientTests {
    /// A folder for one test: packages, SwiftPM's caches, configuration and security stores,
    /// so that nothing reaches the user's own (`~/.swiftpm`, `~/.cache`, `~/.netrc`).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-swiftpm-\(UUID().uuidString)").path
    /// A scope of its own per run: SwiftPM remembers a release's checksum (trust on first use),
    /// and every run makes new archives.
    let scope = "iss-core-" + String(UUID().uuidString.prefix(8)).lowercased()

    func write(_ path: String, _ text: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// SwiftPM's per-user state, kept inside the test's folder.
    var isolation: [String] {
        ["--cache-path", folder + "/swiftpm-cache", "--config-path", folder + "/swiftpm-config", "--security-path", folder + "/swiftpm-security"]
    }

    func swift(_ arguments: [String], in package: String) async throws -> ProcessRunner.Result {
        // SwiftPM's global options go right after the tool's name (`swift package --cache-path … archive-source`).
        try await ProcessRunner.run("swift", [arguments[0]] + isolation + arguments.dropFirst(), in: folder + "/" + package)
    }

    /// A package `name` in `scope` whose library says `text`, depending on `dependencies` (registry identities).
    func makePackage(_ name: String, says text: String, dependencies: [String] = []) throws {
        let packages = dependencies.map { ".package(id: \"\($0)\", from: \"1.0.0\")" }.joined(separator: ", ")
        let products = dependencies.map { ".product(name: \"\($0.split(separator: ".")[1])\", package: \"\($0)\")" }.joined(separator: ", ")
        try write(
            "\(name)/Package.swift",
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
        let imports = dependencies.map { "import \($0.split(separator: ".")[1])\n" }.joined()
        let uses = dependencies.map { "\($0.split(separator: ".")[1]).says + \" \" + " }.joined()
        try write("\(name)/Sources/\(name)/\(name).swift", "\(imports)public enum \(name) { public static var says: String { \(uses)\"\(text)\" } }\n")
    }

    /// `swift package archive-source`, then PUT to the registry.
    func publish(_ name: String, _ version: String, to registry: RunningRegistry, token: String, repository: String? = nil) async throws {
        let archive = folder + "/\(name)-\(version).zip"
        let made = try await swift(["package", "archive-source", "--output", archive], in: name)
        try #require(made.status == 0, "archive-source: \(made.error)")
        let metadata = repository.map { #"{"repositoryURLs": ["\#($0)"]}"# }
        let reply = try await registry.publish(
            "\(scope).\(name)", version, archive: try Data(contentsOf: URL(fileURLWithPath: archive)), metadata: metadata, token: token)
        try #require(reply.status == 201, "publishing \(name): \(reply.status) \(reply.text)")
    }

    /// A consumer package configured for the registry as `swift package-registry set` and
    /// `login` configure one: the registry in `.swiftpm/configuration/registries.json`, token
    /// authentication for its host, the token in a netrc file.
    func makeConsumer(_ name: String, dependency: String, product: String, registry: RunningRegistry, token: String) async throws {
        try write(
            "\(name)/Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                dependencies: [\(dependency)],
                targets: [.executableTarget(name: "\(name)", dependencies: [\(product)])]
            )

            """)
        try await registry.configureClient(package: folder + "/" + name, isolation: isolation, token: token, netrc: folder + "/netrc")
    }

    @Test func aConsumerResolvesBuildsAndRunsPackagesFromTheRegistry() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let publisher = try await registry.token([scope: .write], name: "core team")
            let reader = try await registry.token(["*": .read], name: "app builders")
            try makePackage("Network", says: "network")
            try makePackage("Storage", says: "storage", dependencies: ["\(scope).Network"])
            try await publish("Network", "1.0.0", to: registry, token: publisher)
            try await publish("Storage", "1.0.0", to: registry, token: publisher)

            try await makeConsumer(
                "App", dependency: ".package(id: \"\(scope).Storage\", from: \"1.0.0\")",
                product: ".product(name: \"Storage\", package: \"\(scope).Storage\")", registry: registry, token: reader)
            try write("App/Sources/App/main.swift", "import Storage\nprint(Storage.says)\n")
            let build = try await swift(["build"] + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc"], in: "App")
            try #require(build.status == 0, "swift build: \(build.output)\n\(build.error)")
            let run = try await ProcessRunner.run(folder + "/App/.build/debug/App", [])
            #expect(run.output == "network storage\n")
            let resolved = try String(contentsOfFile: folder + "/App/Package.resolved", encoding: .utf8)
            #expect(resolved.contains("\"identity\" : \"\(scope).Storage\"") && resolved.contains("\"kind\" : \"registry\""))

            // Without the token the same build is refused: the scope is not readable anonymously.
            try FileManager.default.removeItem(atPath: folder + "/App/.build")
            try? FileManager.default.removeItem(atPath: folder + "/swiftpm-cache")
            try write("netrc", "machine 127.0.0.1 login token password strata_unknown\n")
            let refused = try await swift(["build"] + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc"], in: "App")
            #expect(refused.status != 0)
            #expect((refused.output + refused.error).contains("401"))
        }
    }

    /// Two replicas sharing PostgreSQL and S3: a release published through one, and a token made
    /// through it, resolve a consumer through either.
    @Test(.enabled(if: SharedBackendServers.enabled, Comment(rawValue: SharedBackendServers.requirement)))
    func aConsumerResolvesThroughEitherReplica() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await SharedBackends.withReplicas { _, replicas in
            let publisher = try await replicas[0].token([scope: .write], name: "core team")
            let reader = try await replicas[0].token(["*": .read], name: "app builders")
            try makePackage("Network", says: "network")
            try await publish("Network", "1.0.0", to: replicas[0], token: publisher)
            for (index, replica) in replicas.enumerated() {
                // A cache of its own each time: the second resolve must reach its replica.
                try? FileManager.default.removeItem(atPath: folder + "/swiftpm-cache")
                try await makeConsumer(
                    "App\(index)", dependency: ".package(id: \"\(scope).Network\", from: \"1.0.0\")",
                    product: ".product(name: \"Network\", package: \"\(scope).Network\")", registry: replica, token: reader)
                try write("App\(index)/Sources/App\(index)/main.swift", "import Network\nprint(Network.says)\n")
                let resolved = try await swift(["package", "resolve", "--netrc-file", folder + "/netrc"], in: "App\(index)")
                try #require(resolved.status == 0, "swift package resolve through replica \(index): \(resolved.output)\n\(resolved.error)")
                let pins = try String(contentsOfFile: folder + "/App\(index)/Package.resolved", encoding: .utf8)
                #expect(pins.contains("\"identity\" : \"\(scope).network\"") || pins.contains("\"identity\" : \"\(scope).Network\""))
                #expect(pins.contains("\"kind\" : \"registry\""))
            }
        }
    }

    /// The system's CA bundle, as FoundationNetworking finds it on Debian and Ubuntu.
    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// A CA and a certificate for 127.0.0.1 signed by it, made with openssl in the test's folder.
    func makeCertificates() async throws -> (ca: String, tls: RegistryServer.TLSFiles) {
        let directory = folder + "/tls"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: directory + "/server.ext", atomically: true, encoding: .utf8)
        for arguments in [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Strata Test CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2",
                "-extfile", "server.ext",
            ],
        ] {
            let result = try await ProcessRunner.run("openssl", arguments, in: directory)
            try #require(result.status == 0, "openssl \(arguments[0]): \(result.error)")
        }
        return (directory + "/ca.pem", RegistryServer.TLSFiles(certificateChain: directory + "/server.pem", privateKey: directory + "/server.key"))
    }

    /// A code-signing identity for SwiftPM (a P-256 key as PKCS#8 DER, its certificate as DER,
    /// issued by the test CA with the code-signing extended key usage SwiftPM requires), and the
    /// CA as DER in a folder of its own, the trusted roots of a consumer.
    func makeSigningIdentity(ca: String) async throws -> (key: String, certificate: String, caDER: String, roots: String) {
        let directory = folder + "/tls"
        try "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=codeSigning\n"
            .write(toFile: directory + "/signer.ext", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/roots", withIntermediateDirectories: true)
        for arguments in [
            ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "signer.pem"],
            ["pkcs8", "-topk8", "-nocrypt", "-in", "signer.pem", "-outform", "DER", "-out", "signer.key.der"],
            ["req", "-new", "-key", "signer.pem", "-out", "signer.csr", "-subj", "/CN=Strata Test Signer/O=Strata Tests"],
            [
                "x509", "-req", "-in", "signer.csr", "-CA", ca, "-CAkey", "ca.key", "-CAcreateserial", "-out", "signer.crt", "-days", "2",
                "-extfile", "signer.ext",
            ],
            ["x509", "-in", "signer.crt", "-outform", "DER", "-out", "signer.der"],
            ["x509", "-in", ca, "-outform", "DER", "-out", "roots/ca.der"],
        ] {
            let result = try await ProcessRunner.run("openssl", arguments, in: directory)
            try #require(result.status == 0, "openssl \(arguments[0]): \(result.error)")
        }
        return (directory + "/signer.key.der", directory + "/signer.der", directory + "/roots/ca.der", directory + "/roots")
    }

    @Test func overHTTPSTheSwiftPMClientLogsInAndPublishes() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (ca, tls) = try await makeCertificates()
        try await RunningRegistry.with(tls: tls) { registry in
            let publisher = try await registry.token([scope: .write], name: "core team")
            try makePackage("Network", says: "network over https")
            try write("netrc", "")
            // FoundationNetworking, which SwiftPM fetches with on Linux, trusts exactly the system
            // bundle and reads no variable to extend it. So SwiftPM runs in a mount namespace of
            // its own (unshare) where the bundle path shows the system's roots plus the test CA;
            // the machine's trust store is never changed.
            let bundle = folder + "/tls/bundle.pem"
            let system = try String(contentsOfFile: Self.systemBundle, encoding: .utf8)
            try (system + "\n" + String(contentsOfFile: ca, encoding: .utf8)).write(toFile: bundle, atomically: true, encoding: .utf8)
            func swiftPM(_ arguments: [String], in package: String) async throws -> ProcessRunner.Result {
                let swift = [arguments[0]] + isolation + ["--netrc-file", folder + "/netrc"] + arguments.dropFirst()
                return try await ProcessRunner.run(
                    "unshare", ["--map-root-user", "--mount", "sh", "-c", #"mount --bind "$0" "$1" && shift && exec "$@""#, bundle, Self.systemBundle, "swift"] + swift,
                    in: folder + "/" + package)
            }
            let set = try await swiftPM(["package-registry", "set", registry.url], in: "Network")
            try #require(set.status == 0, "set: \(set.error)")
            let login = try await swiftPM(["package-registry", "login", registry.url, "--token", publisher, "--no-confirm"], in: "Network")
            try #require(login.status == 0, "login: \(login.output) \(login.error)")
            let published = try await swiftPM(["package-registry", "publish", "\(scope).Network", "1.0.0"], in: "Network")
            try #require(published.status == 0, "publish: \(published.output) \(published.error)")
            let again = try await swiftPM(["package-registry", "publish", "\(scope).Network", "1.0.0"], in: "Network")
            #expect(again.status != 0 && (again.output + again.error).contains("already exists"))

            let stored = try #require(try await registry.storage.release(of: try PackageIdentifier.parse("\(scope).Network").get(), version: SemanticVersion("1.0.0")!))
            #expect(stored.manifests["Package.swift"]?.contains("name: \"Network\"") == true)
            #expect(stored.signing == nil)

            // A signed release (SE-0391): SwiftPM signs the manifest and the archive with a
            // code-signing certificate from the test CA; the registry keeps the signatures.
            let signer = try await makeSigningIdentity(ca: ca)
            try makePackage("Radio", says: "signed radio")
            try write("Radio/package-metadata.json", #"{"description": "The radio, signed."}"#)
            #expect(try await swiftPM(["package-registry", "set", registry.url], in: "Radio").status == 0)
            #expect(try await swiftPM(["package-registry", "login", registry.url, "--token", publisher, "--no-confirm"], in: "Radio").status == 0)
            let signed = try await swiftPM(
                [
                    "package-registry", "publish", "\(scope).Radio", "1.0.0", "--private-key-path", signer.key, "--cert-chain-paths", signer.certificate,
                    signer.caDER,
                ], in: "Radio")
            try #require(signed.status == 0, "signed publish: \(signed.output) \(signed.error)")
            let radio = try #require(try await registry.storage.release(of: try PackageIdentifier.parse("\(scope).Radio").get(), version: SemanticVersion("1.0.0")!))
            #expect(radio.signing?.format == "cms-1.0.0" && radio.signing?.metadataSignature != nil)
            #expect(radio.manifests["Package.swift"]?.contains("// signature: cms-1.0.0;") == true)

            // A module of ISS as strata publish --output writes its package, published by SwiftPM itself
            // (last: every login stores credentials for the same host in the one netrc file of the test).
            let written = try await ProcessRunner.run(
                Fixtures.strataExecutable,
                ["publish", "Logging", "-w", Fixtures.repositoryRoot + "/Examples/ISS", "--version", "1.0.0", "--registry", registry.url, "--output", folder + "/iss"],
                in: folder)
            try #require(written.status == 0, "strata publish --output: \(written.error)")
            #expect(written.output == "wrote iss-shared.Logging 1.0.0 to \(folder)/iss/iss-shared.Logging\n")
            let sharedTeam = try await registry.token(["iss-shared": .write], name: "shared team")
            #expect(try await swiftPM(["package-registry", "set", registry.url], in: "iss/iss-shared.Logging").status == 0)
            #expect(try await swiftPM(["package-registry", "login", registry.url, "--token", sharedTeam, "--no-confirm"], in: "iss/iss-shared.Logging").status == 0)
            let logging = try await swiftPM(["package-registry", "publish", "iss-shared.Logging", "1.0.0"], in: "iss/iss-shared.Logging")
            try #require(logging.status == 0, "publish iss-shared.Logging: \(logging.output) \(logging.error)")
            let issLogging = try await registry.storage.release(of: try PackageIdentifier.parse("iss-shared.Logging").get(), version: SemanticVersion("1.0.0")!)
            #expect(issLogging?.manifests["Package.swift"]?.contains(#"name: "Logging""#) == true)

            // Consumers that refuse unsigned packages and trust only the roots given: with the test
            // CA the signed release resolves and builds (SwiftPM verified its signatures), the
            // unsigned one is refused, and without the CA so is the signed one.
            let reader = try await registry.token(["*": .read], name: "app builders")
            try write("netrc", "machine 127.0.0.1 login token password \(reader)\n")
            let noRoots = folder + "/tls/no-roots"
            try FileManager.default.createDirectory(atPath: noRoots, withIntermediateDirectories: true)
            for (name, dependency, roots) in [("SignedApp", "Radio", signer.roots), ("UnsignedApp", "Network", signer.roots), ("UntrustedApp", "Radio", noRoots)] {
                try write(
                    "\(name)/Package.swift",
                    """
                    // swift-tools-version: 6.0
                    import PackageDescription

                    let package = Package(
                        name: "\(name)",
                        dependencies: [.package(id: "\(scope).\(dependency)", from: "1.0.0")],
                        targets: [.executableTarget(name: "\(name)", dependencies: [.product(name: "\(dependency)", package: "\(scope).\(dependency)")])]
                    )

                    """)
                try write("\(name)/Sources/\(name)/main.swift", "import \(dependency)\nprint(\(dependency).says)\n")
                let signing: [String: Any] = [
                    "onUnsigned": "error", "onUntrustedCertificate": "error", "trustedRootCertificatesPath": roots,
                    "includeDefaultTrustedRootCertificates": false,
                    "validationChecks": ["certificateExpiration": "enabled", "certificateRevocation": "disabled"],
                ]
                let configuration: [String: Any] = [
                    "version": 1, "registries": ["[default]": ["url": registry.url]],
                    "authentication": ["127.0.0.1:\(registry.port)": ["type": "token"]], "security": ["default": ["signing": signing]],
                ]
                try FileManager.default.createDirectory(atPath: folder + "/\(name)/.swiftpm/configuration", withIntermediateDirectories: true)
                try JSONSerialization.data(withJSONObject: configuration).write(to: URL(fileURLWithPath: folder + "/\(name)/.swiftpm/configuration/registries.json"))
            }
            let trusted = try await swiftPM(["build"] + ThrowawayBuild.options, in: "SignedApp")
            try #require(trusted.status == 0, "signed build: \(trusted.output) \(trusted.error)")
            #expect(try await ProcessRunner.run(folder + "/SignedApp/.build/debug/SignedApp", []).output == "signed radio\n")
            let refused = try await swiftPM(["package", "resolve"], in: "UnsignedApp")
            #expect(refused.status != 0 && (refused.output + refused.error).contains("not signed"), "\(refused.output) \(refused.error)")
            // The signature really is checked: without the test CA among its roots, the consumer refuses Radio.
            // (With caches of its own: SwiftPM does not check again what it has verified and cached.)
            let untrusted = try await swiftPM(
                ["package", "--cache-path", folder + "/cache-untrusted", "--security-path", folder + "/security-untrusted", "resolve"], in: "UntrustedApp")
            #expect(untrusted.status != 0 && (untrusted.output + untrusted.error).contains("is not trusted"), "\(untrusted.output) \(untrusted.error)")
        }
    }

    @Test func aURLDependencyIsReplacedByItsRegistryIdentity() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let publisher = try await registry.token([scope: .write])
            let reader = try await registry.token([scope: .read])
            let repository = "https://github.com/strata-tests/\(scope)-network"
            try makePackage("Network", says: "network via lookup")
            try await publish("Network", "1.2.0", to: registry, token: publisher, repository: repository)

            try await makeConsumer(
                "App", dependency: ".package(url: \"\(repository).git\", from: \"1.0.0\")",
                product: ".product(name: \"Network\", package: \"\(scope)-network\")", registry: registry, token: reader)
            try write("App/Sources/App/main.swift", "import Network\nprint(Network.says)\n")
            let build = try await swift(["build"] + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc", "--replace-scm-with-registry"], in: "App")
            try #require(build.status == 0, "swift build: \(build.output)\n\(build.error)")
            #expect(try await ProcessRunner.run(folder + "/App/.build/debug/App", []).output == "network via lookup\n")
        }
    }
    /// The proof the registry exists for: the ISS workspace published with `strata publish --all`
    /// (every module a package of its own in its layer's scope, depending on the others through
    /// registry identities, the runtime libraries first as strata.StrataRuntime), then a
    /// consumer that knows only `.package(id:)` resolves, builds and runs against them.
    @Test func theISSModulesArePublishedAndAConsumerBuildsOnlyFromTheRegistry() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await RunningRegistry.with { registry in
            let scopes = ["strata", "iss-shared", "iss-core", "iss-service", "iss-domain"]
            let publisher = try await registry.token(Dictionary(uniqueKeysWithValues: scopes.map { ($0, Permission.write) }), name: "release train")
            let reader = try await registry.token(["*": .read], name: "app builders")
            try write("token", publisher + "\n")
            let published = try await ProcessRunner.run(
                Fixtures.strataExecutable,
                ["publish", "--all", "-w", Fixtures.repositoryRoot + "/Examples/ISS", "--registry", registry.url, "--version", "1.0.0", "--token-file", folder + "/token"],
                in: folder)
            try #require(published.status == 0, "strata publish: \(published.error)")
            let identities = published.output.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
            #expect(identities.count == 18, "\(published.output)")
            #expect(identities.first == "strata.StrataRuntime")
            // Every module after the modules it uses.
            for (earlier, later) in [
                ("iss-shared.Logging", "iss-core.Network"), ("iss-core.Network", "iss-service.CosmonautService"),
                ("iss-core.Persistence", "iss-service.CosmonautService"), ("iss-service.CosmonautService", "iss-domain.Cosmonaut"),
            ] {
                #expect(try #require(identities.firstIndex(of: earlier)) < (try #require(identities.firstIndex(of: later))), "\(earlier) before \(later)")
            }

            try await makeConsumer(
                "Station",
                dependency: #".package(id: "iss-core.Network", from: "1.0.0"), .package(id: "iss-domain.Cosmonaut", from: "1.0.0")"#,
                product: #".product(name: "Network", package: "iss-core.Network"), .product(name: "Cosmonaut", package: "iss-domain.Cosmonaut")"#,
                registry: registry, token: reader)
            try write("Station/Sources/Station/main.swift", "import Cosmonaut\nimport Network\n\nprint(String(describing: CosmonautCoordinator.self))\n")
            let build = try await swift(["build"] + ThrowawayBuild.options + ["--netrc-file", folder + "/netrc"], in: "Station")
            try #require(build.status == 0, "swift build: \(build.output)\n\(build.error)")
            #expect(try await ProcessRunner.run(folder + "/Station/.build/debug/Station", []).output == "CosmonautCoordinator\n")
            let resolved = try String(contentsOfFile: folder + "/Station/Package.resolved", encoding: .utf8)
            for identity in ["iss-domain.Cosmonaut", "iss-service.CosmonautService", "iss-core.Network", "iss-shared.Logging", "strata.StrataRuntime"] {
                #expect(resolved.contains("\"identity\" : \"\(identity.lowercased())\"") || resolved.contains("\"identity\" : \"\(identity)\""), "\(identity)")
            }
            #expect(!resolved.contains("\"kind\" : \"fileSystem\"") && !resolved.contains("remoteSourceControl"))
        }
    }
}
