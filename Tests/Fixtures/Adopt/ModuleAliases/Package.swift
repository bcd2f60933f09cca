// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ModuleAliases",
    targets: [
        .target(name: "Net"),
        // Client's sources write 'import Networking' and get Net.
        .target(name: "Client", dependencies: ["Net"], swiftSettings: [.unsafeFlags(["-module-alias", "Networking=Net"])]),
    ]
)
