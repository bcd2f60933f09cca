// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Suit",
    products: [.library(name: "Suit", targets: ["Suit"])],
    dependencies: [
        .package(path: "../Network"),
        .package(path: "../Logging"),
    ],
    targets: [
        .target(name: "Suit", dependencies: [
            .product(name: "NetworkInterface", package: "Network"),
            "Logging",
        ]),
        .testTarget(name: "SuitTests", dependencies: ["Suit", .product(name: "NetworkMocks", package: "Network")]),
    ]
)
