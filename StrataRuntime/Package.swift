// swift-tools-version: 6.0
// Strata's runtime libraries, a package of their own so that an app depending on them resolves and
// builds no other package: StrataDI (dependency injection) and StrataRouting (module router and
// coordinators). Both use only the Swift standard library, the platform's lock (os_unfair_lock or a
// pthread mutex) and Foundation's UUID. Strata's own package builds and tests the same sources
// (see ../Package.swift).
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "StrataRuntime",
    // The floor: what Swift concurrency back-deploys to. StrataRuntimeSupportTests fails on any API
    // the sources use that is newer (see docs/ARCHITECTURE.md, "The runtime libraries").
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "StrataDI", targets: ["StrataDI"]),
        .library(name: "StrataRouting", targets: ["StrataRouting"]),
    ],
    targets: [
        .target(name: "StrataDI", dependencies: ["StrataRuntimeSupport"], swiftSettings: settings),
        .target(name: "StrataRouting", dependencies: ["StrataRuntimeSupport"], swiftSettings: settings),
        // The lock both share; `package` access only, so it is no part of either library's API.
        .target(name: "StrataRuntimeSupport", swiftSettings: settings),
        .testTarget(name: "StrataDITests", dependencies: ["StrataDI", "StrataRuntimeSupport"], swiftSettings: settings),
        // An app that stops on a failed injection, which StrataDITests runs and reads.
        .executableTarget(name: "StrataDIProbe", dependencies: ["StrataDI"], path: "Tests/StrataDIProbe", swiftSettings: settings),
        .testTarget(name: "StrataRoutingTests", dependencies: ["StrataRouting", "StrataRuntimeSupport"], swiftSettings: settings),
        // The platform floor and the safety rules, checked on the sources with the toolchain.
        .testTarget(name: "StrataRuntimeSupportTests", dependencies: ["StrataRuntimeSupport"], swiftSettings: settings),
    ]
)
