// swift-tools-version: 6.2
import PackageDescription

/// Settings every Strata target shares: Swift 6 mode plus the upcoming features
/// that keep imports and existentials explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The plugins. SwiftPM builds a plugin's tool, here strata and the 33 targets under it, a second
/// time for the host even when the host is the machine built for
/// (swiftlang/swift-package-manager#8275): three and a half minutes more of a two-core build. CI
/// runs no plugin (their proof is Scripts/check-plugin.sh, docs/CI.md), so it builds and tests
/// with STRATA_WITHOUT_PLUGINS=1.
let withoutPlugins = Context.environment["STRATA_WITHOUT_PLUGINS"] == "1"

let pluginProducts: [Product] =
    withoutPlugins
    ? []
    : [
        // `swift package strata check|graph|affected|…` in any package that depends on Strata.
        .plugin(name: "StrataPlugin", targets: ["StrataPlugin"]),
        // A target's findings during `swift build` and Xcode builds: `plugins: [.plugin(name:
        // "StrataCheckPlugin", package: "Strata")]` on the target.
        .plugin(name: "StrataCheckPlugin", targets: ["StrataCheckPlugin"]),
    ]

let pluginTargets: [Target] =
    withoutPlugins
    ? []
    : [
        .plugin(
            name: "StrataPlugin",
            capability: .command(
                intent: .custom(verb: "strata", description: "Run strata (check, graph, affected, generate, …) on this package's workspace"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "strata keeps its check cache in .build/strata; generate, check --fix, new and graph --output write files")
                ]
            ),
            dependencies: ["strata"]
        ),
        .plugin(name: "StrataCheckPlugin", capability: .buildTool(), dependencies: ["strata"]),
    ]

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        .executable(name: "strata-registry", targets: ["strata-registry"]),
        .executable(name: "strata-secrets", targets: ["strata-secrets"]),
        .library(name: "StrataAffected", targets: ["StrataAffected"]),
        .library(name: "StrataBench", targets: ["StrataBench"]),
        .library(name: "StrataCheck", targets: ["StrataCheck"]),
        .library(name: "StrataAge", targets: ["StrataAge"]),
        .library(name: "StrataDiagnostics", targets: ["StrataDiagnostics"]),
        .library(name: "StrataFileSystem", targets: ["StrataFileSystem"]),
        .library(name: "StrataGenerate", targets: ["StrataGenerate"]),
        .library(name: "StrataGit", targets: ["StrataGit"]),
        .library(name: "StrataGraph", targets: ["StrataGraph"]),
        .library(name: "StrataGraphExport", targets: ["StrataGraphExport"]),
        .library(name: "StrataInit", targets: ["StrataInit"]),
        .library(name: "StrataLexer", targets: ["StrataLexer"]),
        .library(name: "StrataManifest", targets: ["StrataManifest"]),
        .library(name: "StrataProjectFormat", targets: ["StrataProjectFormat"]),
        .library(name: "StrataSwiftPM", targets: ["StrataSwiftPM"]),
        .library(name: "StrataXcodeGen", targets: ["StrataXcodeGen"]),
        .library(name: "StrataXcodeProject", targets: ["StrataXcodeProject"]),
        .library(name: "StrataCocoaPods", targets: ["StrataCocoaPods"]),
        .library(name: "StrataWorkspace", targets: ["StrataWorkspace"]),
        .library(name: "StrataPackageIdentity", targets: ["StrataPackageIdentity"]),
        .library(name: "StrataProcess", targets: ["StrataProcess"]),
        .library(name: "StrataZip", targets: ["StrataZip"]),
        .library(name: "StrataPublish", targets: ["StrataPublish"]),
        .library(name: "StrataRelease", targets: ["StrataRelease"]),
        .library(name: "StrataReport", targets: ["StrataReport"]),
        .library(name: "StrataRules", targets: ["StrataRules"]),
        .library(name: "StrataScaffold", targets: ["StrataScaffold"]),
        .library(name: "StrataSecrets", targets: ["StrataSecrets"]),
        .library(name: "StrataSources", targets: ["StrataSources"]),
        .library(name: "StrataSynthetic", targets: ["StrataSynthetic"]),
        .library(name: "StrataToolchain", targets: ["StrataToolchain"]),
        // For tests and benchmarks only: the scanner's corpus and its swift-syntax oracle.
        .library(name: "_StrataSourcesTestSupport", targets: ["StrataSourcesTestSupport"]),
    ] + pluginProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // The registry server only (strata-registry): never linked into strata.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.0"),
        // The registry's scale-out backend: metadata in PostgreSQL (docs/REGISTRY.md).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // The registry's S3 client: URLSession on Linux hangs under concurrent requests.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The registry's /-/metrics: swift-metrics' counters and timers in Prometheus's text format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // Test-only: the reference the import scanner is checked against. Never linked into strata.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        // DocC: 'swift package generate-documentation' (Scripts/build-docs.sh); a plugin only, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The package registry: a server of its own, so that NIO, SQLite and the HTTP stack stay
        // out of strata (docs/REGISTRY.md says why and what it costs).
        .executableTarget(
            name: "strata-registry",
            dependencies: [
                "StrataCommandLine", "StrataPackageIdentity", "StrataRegistry", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataRegistry",
            dependencies: [
                "StrataFileSystem", "StrataPackageIdentity", "StrataZip",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "strata",
            dependencies: ["StrataCLI"],
            swiftSettings: strictSettings
        ),
        // strata secrets: an executable of its own, so that swift-crypto stays out of strata.
        .executableTarget(
            name: "strata-secrets",
            dependencies: ["StrataSecretsCLI"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataSecretsCLI",
            dependencies: [
                "StrataCommandLine", "StrataSecrets", "StrataAge", "StrataDiagnostics", "StrataFileSystem", "StrataGit", "StrataWorkspace",
                "StrataProcess",
                "StrataReport", "StrataSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        // What every executable's command line shares: the entry point that maps bad input to
        // exit status 2, the terminal, the progress line, the workspace lock's options and the
        // help examples' format. Nothing of any one command.
        .target(
            name: "StrataCommandLine",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataProcess", "StrataReport", "StrataWorkspace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataCLI",
            dependencies: [
                "StrataCommandLine",
                "StrataAffected",
                "StrataBench",
                "StrataCheck",
                "StrataPackageIdentity",
                "StrataPublish",
                "StrataRelease",
                "StrataReport",
                "StrataDiagnostics",
                "StrataFileSystem",
                "StrataGenerate",
                "StrataGit",
                "StrataGraphExport",
                "StrataInit",
                "StrataManifest", "StrataProjectFormat", "StrataWorkspace",
                "StrataRules",
                "StrataScaffold",
                "StrataSources",
                "StrataSynthetic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataPublish",
            dependencies: [
                "StrataProjectFormat", "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataGraph", "StrataManifest", "StrataSwiftPM",
                "StrataWorkspace", "StrataPackageIdentity", "StrataProcess",
                "StrataToolchain", "StrataZip",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataRelease",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataGit", "StrataGraph", "StrataManifest", "StrataWorkspace",
                "StrataPackageIdentity",
                "StrataProcess", "StrataPublish", "StrataToolchain",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataAffected",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataGit", "StrataGraph", "StrataLexer", "StrataManifest",
                "StrataProjectFormat", "StrataSwiftPM", "StrataWorkspace",
                "StrataProcess", "StrataSources", "StrataToolchain",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataGit",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataProcess",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        // strata bench: the architecture benchmark's apps (generated through StrataGenerate) and their measurement.
        .target(
            name: "StrataBench",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataGraphExport", "StrataWorkspace", "StrataProcess", "StrataToolchain",
                .product(name: "Mustache", package: "swift-mustache"), .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataInit",
            dependencies: [
                "StrataCheck", "StrataCocoaPods", "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataGit", "StrataGraph",
                "StrataGraphExport",
                "StrataManifest", "StrataPackageIdentity", "StrataProjectFormat", "StrataPublish", "StrataWorkspace", "StrataSources",
                "StrataXcodeProject",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataScaffold",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGenerate", "StrataLexer", "StrataManifest", "StrataProjectFormat", "StrataSwiftPM",
                "StrataWorkspace", "StrataRules", "StrataSources",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: strictSettings
        ),
        // strata check as a workflow: locate and load the workspace, reuse the last check when
        // nothing changed, scan the sources, ask git about exported secrets, run the rules, apply
        // the baseline.
        .target(
            name: "StrataCheck",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGit", "StrataManifest", "StrataProjectFormat", "StrataWorkspace", "StrataRules",
                "StrataScaffold", "StrataSources", "StrataToolchain",
            ],
            swiftSettings: strictSettings
        ),
        // strata check's output formats: text, JSON, SARIF and GitHub workflow commands.
        .target(name: "StrataReport", dependencies: ["StrataDiagnostics"], swiftSettings: strictSettings),
        // The rules alone: pure functions of a loaded workspace and its scanned imports.
        .target(
            name: "StrataRules",
            dependencies: [
                "StrataManifest", "StrataProjectFormat", "StrataSwiftPM", "StrataDiagnostics", "StrataGraph", "StrataWorkspace", "StrataSources",
                "StrataFileSystem",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataGenerate",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGit", "StrataManifest", "StrataWorkspace", "StrataPackageIdentity", "StrataSources",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataGraphExport",
            dependencies: ["StrataDiagnostics", "StrataFileSystem", "StrataGraph", "StrataManifest", "StrataProjectFormat", "StrataWorkspace"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataSynthetic",
            dependencies: ["StrataFileSystem", "StrataManifest", "StrataSources", "StrataWorkspace"],
            swiftSettings: strictSettings
        ),
        // strata.yml: its reader, editor and cache, and the versions record.
        .target(
            name: "StrataManifest",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataPackageIdentity", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // The interface every project format's reader implements, the one value it returns, and
        // the path patterns all of them find their files with.
        .target(
            name: "StrataProjectFormat",
            dependencies: ["StrataDiagnostics", "StrataFileSystem", "StrataManifest", "StrataSources"],
            swiftSettings: strictSettings
        ),
        // Package.swift: the static reader, dump-package, manifest edits, binary artifacts.
        .target(
            name: "StrataSwiftPM",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataLexer", "StrataManifest", "StrataProjectFormat", "StrataSources",
                "StrataToolchain",
            ],
            swiftSettings: strictSettings
        ),
        // XcodeGen specs (project.yml and their includes).
        .target(
            name: "StrataXcodeGen",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataManifest", "StrataProjectFormat", "StrataSources",
            ],
            swiftSettings: strictSettings
        ),
        // Xcode projects (project.pbxproj) and workspaces.
        .target(
            name: "StrataXcodeProject",
            dependencies: ["StrataDiagnostics", "StrataFileSystem", "StrataLexer", "StrataManifest", "StrataProjectFormat", "StrataSources"],
            swiftSettings: strictSettings
        ),
        // A Podfile, podspecs (Ruby and JSON) and spec repos.
        .target(
            name: "StrataCocoaPods",
            dependencies: [
                "StrataDiagnostics", "StrataFileSystem", "StrataGraph", "StrataManifest", "StrataPackageIdentity", "StrataProjectFormat",
                "StrataSources",
            ],
            swiftSettings: strictSettings
        ),
        // The workspace graph: targets, modules, layers and edges, built from strata.yml alone
        // (generate mode) or from what the project formats read (adopt mode), and its cache.
        .target(
            name: "StrataWorkspace",
            dependencies: [
                "StrataCocoaPods", "StrataDiagnostics", "StrataFileSystem", "StrataGraph", "StrataManifest", "StrataProjectFormat",
                "StrataSources", "StrataSwiftPM", "StrataXcodeGen", "StrataXcodeProject",
            ],
            swiftSettings: strictSettings
        ),
        // The Swift toolchain as Strata runs it: which `swift`, its version, and
        // `swift package dump-package`. The model reads manifests through it and starts no
        // process itself.
        .target(
            name: "StrataToolchain",
            dependencies: [
                "StrataFileSystem", "StrataProcess",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        // The runtime libraries live in StrataRuntime/, a package of their own that apps depend on
        // (it has no dependencies); Strata's package builds and tests the same sources so that the
        // README's one test command covers them.
        .target(name: "StrataDI", dependencies: ["StrataRuntimeSupport"], path: "StrataRuntime/Sources/StrataDI", swiftSettings: strictSettings),
        .target(
            name: "StrataRouting", dependencies: ["StrataRuntimeSupport"], path: "StrataRuntime/Sources/StrataRouting",
            swiftSettings: strictSettings),
        .target(name: "StrataRuntimeSupport", path: "StrataRuntime/Sources/StrataRuntimeSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "StrataDITests", dependencies: ["StrataDI", "StrataRuntimeSupport"], path: "StrataRuntime/Tests/StrataDITests",
            swiftSettings: strictSettings),
        .executableTarget(
            name: "StrataDIProbe", dependencies: ["StrataDI"], path: "StrataRuntime/Tests/StrataDIProbe", swiftSettings: strictSettings),
        .testTarget(
            name: "StrataRoutingTests", dependencies: ["StrataRouting", "StrataRuntimeSupport"], path: "StrataRuntime/Tests/StrataRoutingTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "StrataRuntimeSupportTests", dependencies: ["StrataRuntimeSupport"], path: "StrataRuntime/Tests/StrataRuntimeSupportTests",
            swiftSettings: strictSettings),
        .target(name: "StrataDiagnostics", swiftSettings: strictSettings),
        // Package identities (`scope.name`) and semantic versions as the registry specification
        // defines them: shared by strata.yml's checks, strata publish and the registry server.
        .target(name: "StrataPackageIdentity", swiftSettings: strictSettings),
        // Zip archives read with every entry held to its own bytes (ZIPFoundation lists them).
        .target(name: "StrataZip", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")], swiftSettings: strictSettings),
        .target(name: "StrataFileSystem", swiftSettings: strictSettings),
        .target(name: "StrataGraph", swiftSettings: strictSettings),
        .target(name: "StrataLexer", swiftSettings: strictSettings),
        // Child processes under time limits, in process groups that end with Strata.
        .target(
            name: "StrataProcess",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StrataSources",
            dependencies: ["StrataDiagnostics", "StrataFileSystem", "StrataLexer"],
            swiftSettings: strictSettings
        ),
        // strata secrets: the members file and the encrypted secrets, on StrataAge.
        .target(
            name: "StrataSecrets",
            dependencies: ["StrataAge", "StrataDiagnostics", "StrataFileSystem", "StrataSources", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // The age file format (age-encryption.org/v1) on swift-crypto: team secrets (issue 19).
        .target(
            name: "StrataAge",
            dependencies: [
                "StrataFileSystem",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),

        // strata-registry's command line (its own executable's commands).
        .testTarget(
            name: "StrataRegistryCommandTests",
            dependencies: ["strata-registry", "StrataCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataSecretsCLITests",
            dependencies: ["StrataSecretsCLI", "StrataCLI", "StrataCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataSecretsTests",
            dependencies: [
                "StrataSecrets", "StrataAge", "StrataDiagnostics", "StrataWorkspaceTestSupport",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataAgeTests",
            dependencies: [
                "StrataAge", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataAffectedTests",
            dependencies: [
                "StrataProjectFormat", "StrataAffected", "StrataDiagnostics", "StrataGenerate", "StrataGit", "StrataSwiftPM", "StrataWorkspace",
                "StrataWorkspaceTestSupport",
                "StrataSynthetic",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataRegistryTests",
            dependencies: [
                "StrataRegistry", "StrataPackageIdentity", "StrataPublish", "StrataWorkspace", "StrataWorkspaceTestSupport", "StrataDiagnostics",
                "StrataZip",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StrataDiagnosticsTests", dependencies: ["StrataDiagnostics"], swiftSettings: strictSettings),
        .testTarget(name: "StrataGitTests", dependencies: ["StrataGit"], swiftSettings: strictSettings),
        .testTarget(name: "StrataSyntheticTests", dependencies: ["StrataSynthetic", "StrataWorkspace"], swiftSettings: strictSettings),
        .testTarget(name: "StrataFileSystemTests", dependencies: ["StrataFileSystem"], swiftSettings: strictSettings),
        .testTarget(
            name: "StrataGenerateTests",
            dependencies: [
                "StrataManifest", "StrataProjectFormat", "StrataGenerate", "StrataWorkspace", "StrataDiagnostics", "StrataSources",
                "StrataFileSystem", "StrataWorkspaceTestSupport",
                "StrataPackageIdentity", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataBenchTests",
            dependencies: [
                "StrataBench", "StrataWorkspace", "StrataDiagnostics", "StrataRules", "StrataWorkspaceTestSupport",
                .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataScaffoldTests",
            dependencies: [
                "StrataScaffold", "StrataGenerate", "StrataManifest", "StrataWorkspace", "StrataDiagnostics", "StrataWorkspaceTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataGraphExportTests",
            dependencies: [
                "StrataGraphExport", "StrataManifest", "StrataProjectFormat", "StrataWorkspace", "StrataDiagnostics", "StrataWorkspaceTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataInitTests",
            dependencies: [
                "StrataCocoaPods", "StrataDiagnostics", "StrataGenerate", "StrataInit", "StrataManifest", "StrataWorkspace",
                "StrataWorkspaceTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StrataGraphTests", dependencies: ["StrataGraph"], swiftSettings: strictSettings),
        .testTarget(
            name: "StrataReleaseTests",
            dependencies: [
                "StrataManifest", "StrataRelease", "StrataWorkspace", "StrataPackageIdentity", "StrataGit", "StrataDiagnostics", "StrataFileSystem",
                "StrataGenerate",
                "StrataSynthetic",
                "StrataWorkspaceTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataProcessTests",
            dependencies: [
                "StrataProcess", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StrataLexerTests", dependencies: ["StrataLexer"], swiftSettings: strictSettings),
        .testTarget(name: "StrataToolchainTests", dependencies: ["StrataToolchain"], swiftSettings: strictSettings),
        .testTarget(
            name: "StrataSourcesTests",
            dependencies: ["StrataSources", "StrataFileSystem", "StrataLexer", "StrataSourcesTestSupport"],
            swiftSettings: strictSettings
        ),
        // For the scanner's tests and benchmarks: generated Swift files with every import form
        // and every trap, and swift-syntax's view of imports, the oracle. Never linked into strata.
        .target(
            name: "StrataSourcesTestSupport",
            dependencies: [
                "StrataSources",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Tests/StrataSourcesTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataModelTests",
            dependencies: [
                "StrataCocoaPods", "StrataManifest", "StrataPackageIdentity", "StrataProjectFormat", "StrataSwiftPM", "StrataWorkspace",
                "StrataXcodeGen", "StrataDiagnostics",
                "StrataFileSystem", "StrataWorkspaceTestSupport", "StrataSources", "StrataToolchain",
                // The oracle for module names: the compiler's own parser.
                .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataXcodeProjectTests",
            dependencies: ["StrataDiagnostics", "StrataFileSystem", "StrataManifest", "StrataProjectFormat", "StrataXcodeProject"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataCheckTests",
            dependencies: [
                "StrataManifest", "StrataProjectFormat", "StrataCheck", "StrataWorkspace", "StrataDiagnostics", "StrataSources",
                "StrataWorkspaceTestSupport", "StrataFileSystem",
                "StrataRules", "StrataSynthetic",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StrataReportTests", dependencies: ["StrataReport", "StrataDiagnostics"], swiftSettings: strictSettings),
        .testTarget(
            name: "StrataRulesTests",
            dependencies: [
                "StrataManifest", "StrataProjectFormat", "StrataRules", "StrataWorkspace", "StrataDiagnostics", "StrataSources",
                "StrataWorkspaceTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StrataCLITests",
            dependencies: [
                "StrataCLI", "StrataCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"), "StrataDiagnostics",
                "StrataCheck", "StrataInit", "StrataManifest", "StrataWorkspace", "StrataRules", "StrataSynthetic", "StrataWorkspaceTestSupport",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // Runs the built strata as a hostile user would: limits, kills, concurrent runs, escapes.
        .testTarget(
            name: "StrataReliabilityTests",
            dependencies: ["StrataWorkspaceTestSupport"],
            swiftSettings: strictSettings
        ),
        // Helpers shared by the test targets only (fixture paths, inline manifests).
        .target(
            name: "StrataWorkspaceTestSupport",
            dependencies: [
                "StrataManifest", "StrataWorkspace", "StrataDiagnostics", "StrataProcess",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/StrataWorkspaceTestSupport",
            swiftSettings: strictSettings
        ),
    ] + pluginTargets
)
