import StrataFileSystem
import StrataManifest
import StrataWorkspace

extension Workspace {
    /// The `TargetBuild`s strata.yml gives, by the name of the target each is for.
    func targetBuilds() -> [String: TargetBuild] {
        var builds: [String: TargetBuild] = [:]
        let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in manifest.modules {
            guard let module = byName[declaration.name.value] else { continue }
            let declared: [(TargetRole, TargetBuild?)] = [
                (.implementation, declaration.build), (.interface, declaration.interface?.build), (.mocks, declaration.mocks?.build),
                (.tests, declaration.tests?.build),
            ]
            for case (let role, let build?) in declared where !build.isEmpty {
                if let target = module.targets[role] { builds[targets[target].name] = build }
            }
        }
        return builds
    }

    /// The binary targets `binaries:` declares, by name: the module whose package declares each
    /// and its path, absolute.
    func binaryTargets() -> [String: (module: String, path: String)] {
        var binaries: [String: (module: String, path: String)] = [:]
        for declaration in manifest.modules {
            for binary in declaration.builds.flatMap(\.binaries) where binaries[TargetBuild.binaryName(binary.value)] == nil {
                binaries[TargetBuild.binaryName(binary.value)] = (declaration.name.value, PathResolution.resolve(binary.value, in: root))
            }
        }
        return binaries
    }
}
