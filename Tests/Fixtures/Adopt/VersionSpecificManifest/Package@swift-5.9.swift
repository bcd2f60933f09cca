// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "VersionSpecificManifest",
    targets: [
        .target(name: "A", dependencies: ["C"]),
        .target(name: "B"),
        // Planted: C declares B and never imports it.
        .target(name: "C", dependencies: ["B"]),
    ]
)
