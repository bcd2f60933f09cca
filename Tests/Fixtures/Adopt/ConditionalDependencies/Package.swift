// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ConditionalDependencies",
    targets: [
        .target(name: "Core"),
        .target(name: "IOSKit"),
        .target(name: "Helper"),
        // IOSKit is linked on iOS only, and imported under '#if os(iOS)'.
        .target(name: "Feature", dependencies: ["Core", .target(name: "IOSKit", condition: .when(platforms: [.iOS]))]),
        // Helper is linked on Linux only, but imported everywhere: with '--platform ios' that is
        // an undeclared import (planted; it does not build for iOS).
        .target(name: "LinuxTool", dependencies: [.target(name: "Helper", condition: .when(platforms: [.linux]))]),
    ]
)
