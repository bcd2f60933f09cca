import Foundation
import StrataSynthetic
import StrataWorkspace
import Testing

/// The synthetic workspace written as one Xcode project reads into the graph its packages give:
/// the same targets, the same edges (what the Xcode reading benchmark compares at 5,000 targets).
@Suite struct SyntheticXcodeProjectTests {
    @Test func theProjectReadsIntoTheGraphThePackagesGive() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-synthetic-xcode-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: 60, seed: 3))
        try synthetic.write(to: folder, packages: true)
        try synthetic.generateModeManifest().write(toFile: folder + "/strata-generate.yml", atomically: true, encoding: .utf8)
        let declared = try await WorkspaceLoader().load(path: folder + "/strata-generate.yml").workspace
        try FileManager.default.createDirectory(atPath: folder + "/Synthetic.xcodeproj", withIntermediateDirectories: true)
        try SyntheticXcodeProject.projectFile(for: declared, in: folder)
            .write(toFile: folder + "/Synthetic.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let layers = "layers:\n  - { name: all, patterns: [\"*\"] }\n"
        let naming = "naming: { interface: \"{module}Interface\", mocks: \"{module}Mocks\", tests: \"{module}Tests\" }\n"
        try (layers + naming + "adopt: { packages: [], xcode: [Synthetic.xcodeproj] }\n")
            .write(toFile: folder + "/strata-xcode.yml", atomically: true, encoding: .utf8)

        let fromProject = try await WorkspaceLoader().load(path: folder + "/strata-xcode.yml").workspace
        func edges(_ workspace: Workspace) -> Set<String> {
            Set(workspace.targets.indices.flatMap { id in workspace.dependencies[id].map { "\(workspace.targets[id].name) → \(workspace.targets[$0.target].name)" } })
        }
        #expect(Set(fromProject.targets.map(\.name)) == Set(declared.targets.map(\.name)))
        #expect(edges(fromProject) == edges(declared))
        #expect(fromProject.targets.count > 100 && fromProject.dependencyCount > 100)
    }
}
