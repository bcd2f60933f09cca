// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SpaceApps",
    dependencies: [
        .package(path: "Packages/Suit"),
        .package(name: "Network", path: "Packages/Network"),
    ],
    targets: [
        .executableTarget(name: "Cosmonaut", dependencies: [
            .product(name: "Suit", package: "Suit"),
            .product(name: "Network", package: "Network"),
        ]),
    ]
)
