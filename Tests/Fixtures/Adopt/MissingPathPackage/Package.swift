// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "MissingPathPackage",
    dependencies: [
        .package(path: "../NotHere")
    ],
    targets: [
        .target(name: "App")
    ]
)
