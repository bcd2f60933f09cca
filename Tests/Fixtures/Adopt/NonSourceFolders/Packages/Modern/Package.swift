// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Modern",
    targets: [
        .target(name: "ModernLib", exclude: ["Excluded"], resources: [.process("Processed"), .copy("Copied")])
    ]
)
