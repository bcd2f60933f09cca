// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Kit",
    products: [.library(name: "Kit", targets: ["Kit"])],
    targets: [.target(name: "Kit")]
)
