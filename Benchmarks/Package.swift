// swift-tools-version: 6.2
// Strata's benchmarks, a package of their own so that what only they need never reaches
// Strata's own package. Run from the repository root:
//   swift run -c release --package-path Benchmarks strata-benchmarks
import PackageDescription

let package = Package(
    name: "StrataBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Strata", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "strata-benchmarks",
            dependencies: [
                .product(name: "StrataAffected", package: "Strata"),
                .product(name: "StrataAge", package: "Strata"),
                .product(name: "StrataDiagnostics", package: "Strata"),
                .product(name: "StrataGit", package: "Strata"),
                .product(name: "StrataGenerate", package: "Strata"),
                .product(name: "StrataInit", package: "Strata"),
                .product(name: "StrataLexer", package: "Strata"),
                .product(name: "StrataManifest", package: "Strata"),
                .product(name: "StrataProjectFormat", package: "Strata"),
                .product(name: "StrataSwiftPM", package: "Strata"),
                .product(name: "StrataWorkspace", package: "Strata"),
                .product(name: "StrataXcodeProject", package: "Strata"),
                .product(name: "StrataPackageIdentity", package: "Strata"),
                .product(name: "StrataPublish", package: "Strata"),
                .product(name: "StrataRelease", package: "Strata"),
                .product(name: "StrataCheck", package: "Strata"),
                .product(name: "StrataRules", package: "Strata"),
                .product(name: "StrataScaffold", package: "Strata"),
                .product(name: "StrataSynthetic", package: "Strata"),
                .product(name: "StrataSources", package: "Strata"),
                .product(name: "_StrataSourcesTestSupport", package: "Strata"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            path: "Sources/StrataBenchmarks",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
