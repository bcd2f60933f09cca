// swift-tools-version:5.9
import PackageDescription

// A manifest is compiled on the machine that builds: on a Mac (which builds for iOS and macOS)
// it declares MacSupport, on Linux it does not.
#if os(macOS) || canImport(Darwin)
let hostTargets: [Target] = [.target(name: "MacSupport", dependencies: ["Core"])]
let appDependencies: [Target.Dependency] = ["Core", "MacSupport"]
#else
let hostTargets: [Target] = []
let appDependencies: [Target.Dependency] = ["Core"]
#endif

let package = Package(
    name: "HostDependentManifest",
    targets: [
        .target(name: "Core"),
        .target(name: "App", dependencies: appDependencies),
    ] + hostTargets
)
