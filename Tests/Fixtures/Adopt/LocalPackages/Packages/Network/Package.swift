// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Network",
    products: [
        .library(name: "Network", targets: ["Network"]),
        .library(name: "NetworkInterface", targets: ["NetworkInterface"]),
        .library(name: "NetworkMocks", targets: ["NetworkMocks"]),
    ],
    dependencies: [.package(path: "../Logging")],
    targets: [
        .target(name: "NetworkInterface"),
        .target(name: "Network", dependencies: ["NetworkInterface", .product(name: "Logging", package: "Logging")]),
        .target(name: "NetworkMocks", dependencies: ["NetworkInterface"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "NetworkMocks"]),
    ]
)
