// swift-tools-version: 6.0
// The runtime libraries against the libraries teams use today, side by side in one process:
// StrataDI against Swinject 2.10 and swift-dependencies 1.17, StrataRouting on its own (match
// time at 10 and 10,000 patterns). Only this benchmark depends on those libraries. Run from the
// repository root:
//   swift run -c release --package-path Benchmarks/Runtime runtime-benchmarks
import PackageDescription

let package = Package(
    name: "RuntimeBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: "../../StrataRuntime"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "runtime-benchmarks",
            dependencies: [
                .product(name: "StrataDI", package: "StrataRuntime"),
                .product(name: "StrataRouting", package: "StrataRuntime"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        )
    ]
)
