// swift-tools-version: 6.0
// A root package in the common declarative form, with the variations real manifests use.
import PackageDescription

/* Settings shared by every target; /* nested comments */ and "strings" here are not code. */
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .define("DEBUG_MENU", .when(configuration: .debug)),
]

let sharedDependencies: [Target.Dependency] = ["Logging"]

let package = Package(
    name: "RootPackage",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "SearchFeature", targets: ["SearchFeature"]),
        .library(name: "Network", type: .dynamic, targets: ["Network"]),
        .library(name: "AppLogging", type: .dynamic, targets: ["Logging"]),
        .executable(name: "shop", targets: ["ShopApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections.git", .upToNextMinor(from: "1.1.0")),
    ],
    targets: [
        .executableTarget(
            name: "ShopApp",
            dependencies: ["SearchFeature", "CheckoutFeature", "Network", "CatalogService"],
            path: "Apps/Shop"
        ),
        .executableTarget(name: "SearchHost", dependencies: ["SearchFeature", "CatalogServiceMocks"]),
        .target(
            name: "SearchFeature",
            dependencies: sharedDependencies + [
                "CatalogServiceInterface",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(name: "CheckoutFeature", dependencies: [.target(name: "CatalogServiceInterface"), .byName(name: "Storage")]),
        .target(name: "CatalogServiceInterface"),
        .target(
            name: "CatalogService",
            dependencies: ["CatalogServiceInterface", "Network", "Storage"],
            exclude: ["README.md"],
            resources: [.process("Fixtures")]
        ),
        .target(name: "CatalogServiceMocks", dependencies: ["CatalogServiceInterface"]),
        .target(name: "Network", dependencies: sharedDependencies),
        .target(name: "Storage", dependencies: ["Logging"], sources: ["Store.swift", "Migrations"]),
        .target(name: "Logging", dependencies: [Target.Dependency.product(name: "Logging", package: "swift-log")], path: "Sources/AppLogging"),
        .testTarget(name: "SearchFeatureTests", dependencies: ["SearchFeature", "CatalogServiceMocks"]),
        .testTarget(name: "CatalogServiceTests", dependencies: ["CatalogService", "CatalogServiceMocks"]),
    ],
    swiftLanguageModes: [.v6]
)
