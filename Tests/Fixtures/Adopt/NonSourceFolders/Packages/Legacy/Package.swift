// swift-tools-version: 5.5
import PackageDescription

let package = Package(
    name: "Legacy",
    targets: [
        .target(name: "LegacyLib", exclude: ["Excluded"], resources: [.process("Processed"), .copy("Copied")])
    ]
)
