// swift-tools-version: 5.9
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "MacroDependency",
    platforms: [.macOS(.v10_15)],
    products: [.library(name: "Stringify", targets: ["Stringify"])],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0")
    ],
    targets: [
        .macro(
            name: "StringifyMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "Stringify", dependencies: ["StringifyMacros"]),
    ]
)
