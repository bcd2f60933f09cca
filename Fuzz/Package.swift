// swift-tools-version: 6.2
// A libFuzzer target for the import scanner, a package of its own so that the fuzzing
// instrumentation never reaches Strata's build. Run it with Scripts/fuzz-import-scanner.sh.
import PackageDescription

let package = Package(
    name: "StrataFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Strata", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "fuzz-import-scanner",
            dependencies: [
                .product(name: "StrataLexer", package: "Strata"),
                .product(name: "StrataSources", package: "Strata"),
            ],
            path: "Sources/FuzzImportScanner",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
