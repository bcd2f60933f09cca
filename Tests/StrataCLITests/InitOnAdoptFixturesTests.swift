import Foundation
import StrataCheck
import StrataDiagnostics
import StrataInit
import StrataWorkspaceTestSupport
import Testing

/// `strata init` on the adopt fixtures (SwiftPM, Xcode, XcodeGen, CocoaPods) without their strata.yml:
/// every module gets a layer its own graph keeps, and the findings that do not depend on the
/// layering (the fixtures' planted import and linking problems) are still found.
@Suite struct AdoptFixturesInitTests {
    @Test(arguments: [
        ("XcodeGenModules", ["feature", "kit", "service"], ["implicit-import", "static-linked-once"]),
        ("CocoaPodsModules", ["level-3", "feature", "service", "kit"], ["implicit-import", "static-linked-once"]),
        // The cycle CoreKit ⇄ DockingFeature leaves one of its edges pointing up, whatever the layers.
        ("XcodeProjects", ["feature", "kit", "shared"], ["implicit-import", "layer-direction", "no-cycles"]),
        ("RootPackage", ["feature", "service", "level-1", "level-0"], []),
        ("LocalPackages", ["level-1", "level-0"], []),
    ])
    func initProposesLayersTheGraphKeeps(fixture: String, layers: [String], findings: [String]) async throws {
        let root = try Fixtures.temporaryFolder("strata-init-fixture")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let copy = root + "/" + fixture
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/" + fixture), toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/strata.yml")

        let plan = try await InitPlanner.plan(root: copy)
        #expect(plan.proposal.layers.map(\.name) == layers)
        let report = await WorkspaceCheck.run(
            path: copy + "/strata.yml", manifestBytes: Array(InitManifestWriter.manifest(plan).utf8), sources: SourceOptions(useCache: false))
        #expect(!report.inputFailed, "\(report.diagnostics)")
        #expect(Set(report.findings.map(\.id)) == Set(findings), "\(report.findings)")
    }
}
