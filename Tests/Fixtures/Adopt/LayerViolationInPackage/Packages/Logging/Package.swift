// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Logging",
    products: [.library(name: "Logging", targets: ["Logging"])],
    dependencies: [.package(path: "../Network")],
    targets: [
        .target(name: "Logging", dependencies: [.product(name: "NetworkKit", package: "Network")]),
    ]
)
