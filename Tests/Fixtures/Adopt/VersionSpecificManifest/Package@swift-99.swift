// swift-tools-version:5.9
// For a toolchain that does not exist yet: no toolchain today reads this file.
import PackageDescription

let package = Package(
    name: "VersionSpecificManifest",
    targets: [
        .target(name: "A", dependencies: ["D"]),
        .target(name: "B"),
        .target(name: "C"),
        .target(name: "D"),
    ]
)
