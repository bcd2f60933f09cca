import Foundation
import StrataWorkspace
import StrataSynthetic
import Testing

/// The synthetic workspaces the benchmarks and `strata synthesize` build on, tested directly: a
/// seed always gives the same workspace, its layers have the sizes and shapes it promises, and
/// what it writes is a workspace Strata loads.
@Suite struct SyntheticWorkspaceTests {
    /// SplitMix64's reference outputs for seed 0 (Steele, Lea and Flood's algorithm, as Java's
    /// SplittableRandom and every port compute it).
    @Test func splitMixMatchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func aSeedAlwaysGivesTheSameWorkspace() {
        let first = SyntheticWorkspace(configuration: .init(moduleCount: 300, seed: 7))
        let again = SyntheticWorkspace(configuration: .init(moduleCount: 300, seed: 7))
        let other = SyntheticWorkspace(configuration: .init(moduleCount: 300, seed: 8))
        #expect(first.generateModeManifest() == again.generateModeManifest())
        #expect(first.adoptModeManifest() == again.adoptModeManifest())
        #expect(first.generateModeManifest() != other.generateModeManifest())
    }

    @Test(arguments: [4, 10, 301, 2_000])
    func layersHaveTheirSharesAndDependenciesGoDown(count: Int) {
        let workspace = SyntheticWorkspace(configuration: .init(moduleCount: count, seed: 3))
        #expect(workspace.modules.count == count)
        #expect(Set(workspace.modules.map(\.name)).count == count, "names are unique")
        let sizes = (0..<SyntheticWorkspace.layers.count).map { layer in workspace.modules.filter { $0.layer == layer }.count }
        #expect(sizes.allSatisfy { $0 >= 1 }, "\(sizes)")
        if count >= 1_000 {
            // 35% / 35% / 20% / 10%, top to bottom, within a module of rounding.
            for (size, share) in zip(sizes, [0.35, 0.35, 0.2, 0.1]) { #expect(abs(Double(size) - Double(count) * share) <= 2) }
        }
        let byName = Dictionary(uniqueKeysWithValues: workspace.modules.map { ($0.name, $0) })
        for module in workspace.modules {
            #expect(!(module.isDynamic && module.hasInterface), "a dynamic module has no interface split")
            if module.layer == SyntheticWorkspace.layers.count - 1 { #expect(module.dependencies.isEmpty, "bottom-layer modules are leaves") }
            for dependency in module.dependencies {
                let isInterface = dependency.hasSuffix("Interface")
                let owner = byName[isInterface ? String(dependency.dropLast("Interface".count)) : dependency]
                guard let owner else {
                    Issue.record("\(module.name) depends on \(dependency), which is no module")
                    continue
                }
                #expect(owner.name != module.name)
                #expect(owner.layer > module.layer || (owner.layer == module.layer && isInterface), "\(module.name) → \(dependency)")
                #expect(isInterface == owner.hasInterface, "a module with an interface is reached through it: \(module.name) → \(dependency)")
            }
        }
    }

    /// Every app links the implementation behind each interface its modules use.
    @Test func appsLinkTheImplementationsOfTheInterfacesTheyUse() {
        let workspace = SyntheticWorkspace(configuration: .init(moduleCount: 500, seed: 11))
        #expect(workspace.apps.count == 5)
        let byName = Dictionary(uniqueKeysWithValues: workspace.modules.map { ($0.name, $0) })
        for app in workspace.apps {
            let linked = Set(app.dependencies)
            #expect(!linked.isEmpty)
            for name in linked {
                for dependency in byName[name]?.dependencies ?? [] {
                    let implementation = dependency.hasSuffix("Interface") ? String(dependency.dropLast("Interface".count)) : dependency
                    #expect(linked.contains(implementation), "\(app.name) links \(name), which uses \(dependency)")
                }
            }
        }
    }

    @Test func whatItWritesLoadsAsAWorkspace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-synthetic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: 120, seed: 5, neutralNames: true))
        try synthetic.write(to: folder)
        #expect(try String(contentsOfFile: folder + "/.gitignore", encoding: .utf8) == ".build/\n")
        let workspace = try await WorkspaceLoader().load(path: folder).workspace
        let names = Set(workspace.targets.map(\.name))
        for module in synthetic.modules {
            #expect(module.name.hasPrefix("Module"))
            #expect(names.contains(module.name))
            if module.hasInterface { #expect(names.contains(module.name + "Interface")) }
        }
        for app in synthetic.apps { #expect(names.contains(app.name)) }
    }
}
