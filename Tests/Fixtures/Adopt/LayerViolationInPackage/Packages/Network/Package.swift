// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Network",
    products: [.library(name: "NetworkKit", targets: ["Network"])],
    targets: [
        .target(name: "Network"),
    ]
)
