// swift-tools-version:5.5
// The manifest for toolchains older than 5.9. SwiftPM 5.9 and later read Package@swift-5.9.swift
// instead, where A depends on C: reading this file would give a false 'A -> B' and miss C.
import PackageDescription

let package = Package(
    name: "VersionSpecificManifest",
    targets: [
        .target(name: "A", dependencies: ["B"]),
        .target(name: "B"),
    ]
)
