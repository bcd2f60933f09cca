import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataRules
import StrataSynthetic
import Testing
import StrataManifest

/// The synthetic workspaces the benchmarks measure pass every rule (a benchmark stops if not).
struct SyntheticWorkspaceCheckTests {
    /// The synthetic workspace the benchmarks check: in the packages layout its dynamic leaves
    /// are libraries their dependents load, and it still passes every rule; in one package
    /// nothing links dynamically.
    @Test func theSyntheticWorkspaceLoadsDynamicLeavesOnlyInThePackagesLayout() async throws {
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: 300, seed: 1))
        let packages = try await InlineWorkspace.load(synthetic.generateModeManifest(layout: .packages)).workspace
        let dynamicLinks = packages.dependencies.reduce(0) { $0 + $1.filter { $0.dynamicLibrary != nil }.count }
        #expect(dynamicLinks > 10)
        #expect(try ArchitectureChecker(manifest: packages.manifest).check(packages).isEmpty)
        let single = try await InlineWorkspace.load(synthetic.generateModeManifest()).workspace
        #expect(single.dependencies.allSatisfy { $0.allSatisfy { $0.dynamicLibrary == nil } })
    }
}
