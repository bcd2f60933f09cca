// swift-tools-version: 6.0
import PackageDescription

var targets: [Target] = [
    .target(name: "Core"),
    .target(name: "ProfileFeature", dependencies: ["Core"]),
]

for name in ["Search", "Settings"] {
    targets.append(.target(name: "\(name)Feature", dependencies: ["Core"]))
}

targets.append(.executableTarget(name: "App", dependencies: ["ProfileFeature", "SearchFeature", "SettingsFeature"]))

let package = Package(name: "DynamicManifest", targets: targets)
