// swift-tools-version: 6.0
// Strata's runtime libraries, a package of their own so that an app depending on them resolves and
// builds no other package: StrataDI (dependency injection) and StrataRouting (module router and
// coordinators). Both use only the Swift standard library, Synchronization and Foundation's
// essentials. Strata's own package builds and tests the same sources (see ../Package.swift).
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "StrataRuntime",
    // Synchronization's Mutex and Atomic set the floor on Apple platforms.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StrataDI", targets: ["StrataDI"]),
        .library(name: "StrataRouting", targets: ["StrataRouting"]),
    ],
    targets: [
        .target(name: "StrataDI", dependencies: ["StrataRuntimeSupport"], swiftSettings: settings),
        .target(name: "StrataRouting", dependencies: ["StrataRuntimeSupport"], swiftSettings: settings),
        // The lock both share; `package` access only, so it is no part of either library's API.
        .target(name: "StrataRuntimeSupport", swiftSettings: settings),
        .testTarget(name: "StrataDITests", dependencies: ["StrataDI"], swiftSettings: settings),
        .testTarget(name: "StrataRoutingTests", dependencies: ["StrataRouting"], swiftSettings: settings),
    ]
)
