// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "RawStringQuotes",
    targets: [
        .target(name: "Quotes", dependencies: ["Format"]),
        .target(name: "Format"),
        .target(name: "Hidden"),
    ]
)
