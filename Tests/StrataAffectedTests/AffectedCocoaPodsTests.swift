import Foundation
import StrataAffected
import StrataWorkspaceTestSupport
import Testing

/// Scripted histories on an adopt-mode workspace of development pods and a Podfile: podspecs
/// and the Podfile are read at both revisions.
@Suite struct AffectedCocoaPodsTests {
    static let manifest = """
        layers:
          - { name: feature, patterns: ["Feature*"] }
          - { name: core, patterns: ["*"] }
        adopt: { packages: [], podspecs: ["Pods/*/*.podspec"], podfile: Podfile }

        """

    static func podspec(_ name: String, dependsOn other: String?) -> String {
        "Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.version = '1.0.0'\n  s.source_files = 'Sources/*.swift'\n"
            + (other.map { "  s.dependency '\($0)'\n" } ?? "") + "  s.test_spec 'Tests' do |t|\n    t.source_files = 'Tests/*.swift'\n  end\nend\n"
    }

    static var files: [String: String] {
        [
            "Pods/Core/Core.podspec": podspec("Core", dependsOn: nil),
            "Pods/Core/Sources/Core.swift": "public struct Core {}\n",
            "Pods/Core/Tests/CoreTests.swift": "import Core\n",
            "Pods/Feature/Feature.podspec": podspec("Feature", dependsOn: "Core"),
            "Pods/Feature/Sources/Feature.swift": "import Core\n",
            "Pods/Feature/Tests/FeatureTests.swift": "import Feature\n",
            "Podfile": "use_frameworks!\ntarget 'App' do\n  pod 'Feature', :path => 'Pods/Feature'\nend\n",
        ]
    }

    let history: GitHistory
    let base: String

    init() async throws {
        history = try await GitHistory(manifest: Self.manifest, files: Self.files, label: "strata-affected-pods")
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aSourceAffectsItsPodItsTestsAndWhatUsesIt() async throws {
        try history.append("Pods/Core/Sources/Core.swift")
        try await history.commit("edit Core")
        #expect(try await history.affectedNames(base: base) == ["App", "Core", "Core-Unit-Tests", "Feature", "Feature-Unit-Tests"])
    }

    @Test func aPodspecChangeAffectsItsPodAndWhatUsesIt() async throws {
        try history.append("Pods/Feature/Feature.podspec", "# a build setting could have changed here\n")
        try await history.commit("edit Feature's podspec")
        #expect(try await history.affectedNames(base: base) == ["App", "Feature", "Feature-Unit-Tests"])
    }

    @Test func aNewDependencyInThePodfileIsSeenInBothGraphs() async throws {
        try history.edit("Podfile", replacing: "  pod 'Feature', :path => 'Pods/Feature'\n", with: "  pod 'Feature', :path => 'Pods/Feature'\n  pod 'Core', :path => 'Pods/Core'\n")
        try await history.commit("App uses Core directly")
        #expect(try await history.affectedNames(base: base) == ["App"])
    }
}
