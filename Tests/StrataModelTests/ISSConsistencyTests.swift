import StrataProjectFormat
import StrataSwiftPM
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Examples/ISS keeps strata.yml as its source of truth; its Package.swift must declare exactly
/// the targets and dependencies strata.yml implies.
@Suite struct ISSConsistencyTests {
    @Test func thePackageManifestDeclaresTheGraphOfStrataYML() async throws {
        let workspace = try await WorkspaceLoader().load(path: Fixtures.iss).workspace
        guard case .read(let package) = try PackageManifestReader.readStatically(path: Fixtures.iss + "/Package.swift") else {
            Issue.record("Examples/ISS/Package.swift should be read statically")
            return
        }
        var declared: [String: Set<String>] = [:]
        for target in package.targets {
            declared[target.name] = Set(
                target.dependencies.map { dependency -> String in
                    switch dependency.reference {
                    case .target(let name), .byName(let name), .product(let name, nil), .workspaceTarget(let name), .anyPackageProduct(let name):
                        return name
                    case .prebuilt(let framework): return "\(framework.provider)/\(framework.name)"
                    // External products are targets of the workspace named package/Product.
                    case .product(let name, let package?): return "\(package)/\(name)"
                    }
                })
        }
        var expected: [String: Set<String>] = [:]
        for (index, target) in workspace.targets.withIDs where target.role != .external {
            expected[target.name] = Set(workspace.dependencies[index].map { workspace.targets[$0.target].name })
        }
        #expect(Set(declared.keys) == Set(expected.keys))
        for name in expected.keys.sorted() {
            #expect(declared[name] == expected[name], "\(name)")
        }
        let executables = Set(package.targets.filter { $0.kind == .executable }.map(\.name))
        #expect(executables == Set(workspace.targets.filter { $0.role == .app }.map(\.name)))
    }
}
