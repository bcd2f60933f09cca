// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "BinaryAndSystemModules",
    targets: [
        // The framework inside is GoLibs: 'import GoLibs', whatever the target is called.
        .binaryTarget(name: "GoLibsCryptoGo", path: "vendor/GoLibs.xcframework"),
        // Downloaded by 'swift package resolve', which has not run: its modules are unknown.
        .binaryTarget(
            name: "Remote", url: "https://example.invalid/Remote.xcframework.zip",
            checksum: "0000000000000000000000000000000000000000000000000000000000000000"),
        // Its module map names the module CZ.
        .systemLibrary(name: "CZlibShim", path: "Sources/CZlibShim"),
        .target(name: "Crypto", dependencies: ["GoLibsCryptoGo", "Remote", "CZlibShim"]),
        .target(name: "Feature", dependencies: ["Crypto"]),
    ]
)
