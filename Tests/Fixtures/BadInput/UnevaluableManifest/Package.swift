// swift-tools-version: 6.0
import PackageDescription

// A helper the static reader cannot evaluate, with a typo the compiler rejects.
func makeTargets() -> [Target] {
    [.target(name: "Network", dependencies: [undefinedDependency])]
}

let package = Package(
    name: "Unevaluable",
    targets: makeTargets()
)
