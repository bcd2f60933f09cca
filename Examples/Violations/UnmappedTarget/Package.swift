// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Unmapped",
    targets: [
        .executableTarget(name: "App", dependencies: ["SearchFeature"]),
        .target(name: "SearchFeature", dependencies: ["Network", "Analytics"]),
        .target(name: "Network", dependencies: ["Logging"]),
        .target(name: "Logging"),
        .target(name: "Analytics", dependencies: ["Logging"]),
        .testTarget(name: "SearchFeatureTests", dependencies: ["SearchFeature"]),
    ]
)
