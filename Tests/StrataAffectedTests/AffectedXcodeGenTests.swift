import Foundation
import StrataAffected
import StrataWorkspaceTestSupport
import Testing

/// Scripted histories on an adopt-mode workspace of XcodeGen projects: Core and Feature, one
/// project.yml each, sharing a template in Shared/base.yml; specs are read at both revisions.
@Suite struct AffectedXcodeGenTests {
    static let manifest = """
        layers:
          - { name: feature, patterns: ["Feature*"] }
          - { name: core, patterns: ["*"] }
        adopt: { xcodegen: ["Modules/*/project.yml"] }

        """

    static var files: [String: String] {
        [
            "Shared/base.yml": """
            targetTemplates:
              Framework: { type: framework, platform: iOS, sources: ["${target_name}"] }
              Tests: { type: bundle.unit-test, platform: iOS, sources: ["${target_name}"] }

            """,
            "Modules/Core/project.yml": """
            name: Core
            include: [{ path: ../../Shared/base.yml, relativePaths: false }]
            targets:
              Core: { templates: [Framework] }
              CoreTests: { templates: [Tests], dependencies: [{ target: Core }] }

            """,
            "Modules/Core/Core/Core.swift": "public struct Core {}\n",
            "Modules/Core/CoreTests/CoreTests.swift": "import Core\n",
            "Modules/Feature/project.yml": """
            name: Feature
            include: [{ path: ../../Shared/base.yml, relativePaths: false }]
            targets:
              Feature: { templates: [Framework], dependencies: [{ framework: Core.framework, implicit: true }] }
              FeatureTests: { templates: [Tests], dependencies: [{ target: Feature }] }

            """,
            "Modules/Feature/Feature/Feature.swift": "import Core\n",
            "Modules/Feature/FeatureTests/FeatureTests.swift": "import Feature\n",
        ]
    }

    let history: GitHistory
    let base: String

    init() async throws {
        history = try await GitHistory(manifest: Self.manifest, files: Self.files, label: "strata-affected-xcodegen")
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aSourceBelongsToTheTargetWhoseSourcesHoldIt() async throws {
        try history.append("Modules/Core/Core/Core.swift")
        try await history.commit("edit Core")
        #expect(try await history.affectedNames(base: base) == ["Core", "CoreTests", "Feature", "FeatureTests"])
    }

    @Test func aProjectSpecChangeAffectsItsTargetsAndTheirDependents() async throws {
        try history.append("Modules/Feature/project.yml", "# a build setting could have changed here\n")
        try await history.commit("edit Feature's spec")
        #expect(try await history.affectedNames(base: base) == ["Feature", "FeatureTests"])
    }

    @Test func aSharedIncludeAffectsEveryProjectThatReadsIt() async throws {
        try history.append("Shared/base.yml", "# shared settings\n")
        try await history.commit("edit the shared spec")
        #expect(try await history.affectedNames(base: base) == ["Core", "CoreTests", "Feature", "FeatureTests"])
    }

    @Test func aLinkageChangeInTheSpecIsSeenInBothGraphs() async throws {
        try history.edit("Modules/Core/project.yml", replacing: "Core: { templates: [Framework] }", with: "Core: { templates: [Framework], type: framework.static }")
        try await history.commit("Core becomes static")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Core", "CoreTests", "Feature", "FeatureTests"])
        let core = try #require(report.analysis.affected.first { $0.name == "Core" })
        guard case .declaration(let why) = core.reason.cause else {
            Issue.record("Core is affected by \(core.reason.cause), not by its declaration")
            return
        }
        #expect(why.contains("linkage changed from dynamic to static"))
    }
}
