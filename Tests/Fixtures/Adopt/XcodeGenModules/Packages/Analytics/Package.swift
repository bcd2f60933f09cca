// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Analytics",
    products: [.library(name: "Analytics", targets: ["Analytics"])],
    targets: [.target(name: "Analytics")]
)
