import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataWorkspace
import StrataWorkspaceTestSupport

/// Generation on the shared test workspace.
extension TemporaryWorkspace {
    func plan() async throws -> GenerationPlan {
        try WorkspaceGenerator.plan(for: try await load())
    }

    /// Generates, as `strata generate` does.
    @discardableResult
    func generate(force: Bool = false) async throws -> GenerationPlan {
        let plan = try await plan()
        try plan.apply(force: force)
        return plan
    }
}

/// A small generate-mode workspace: two layers, an interface, mocks, an external package and an app.
let smallManifest = """
    name: Small
    layers: [feature, core]
    naming: { interface: "{module}Core" }
    packages:
      swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
    modules:
      Profile: { layer: feature, interface: true, mocks: true, dependencies: [StorageCore] }
      Storage: { layer: core, interface: true, mocks: true, packages: [swift-log/Logging] }
      Clock: { layer: core, tests: false }
    apps:
      Demo: { dependencies: [Profile, ProfileCore, Storage, StorageCore, Clock] }
    owners:
      "@team/profile": [Profile]
      "@team/platform": ["*"]
    """
