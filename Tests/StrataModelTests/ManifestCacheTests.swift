import Foundation
import StrataFileSystem
import StrataWorkspaceTestSupport
import Testing

@testable import StrataManifest

/// Parsed strata.yml files kept in binary form: the decoded manifest is the parsed one, field for field.
struct ManifestCacheTests {
    private func roundTrip(_ manifest: Manifest) throws -> Manifest {
        var encoder = ManifestEncoder(writer: ByteWriter())
        encoder.manifest(manifest)
        var decoder = ManifestDecoder(reader: ByteReader(encoder.finish()))
        return try decoder.manifest()
    }

    /// Every field a manifest can hold, in both modes.
    static let rich = """
        name: Rich
        layers:
          - { name: feature, description: flows, same-layer: allowed }
          - core
        naming: { interface: "{module}Core", mocks: ["{module}Mocks", "{module}TestSupport"], tests: ["{module}Tests", "{module}IntegrationTests"], app: "{app}App", host: "{module}Demo" }
        generate:
          layout: packages
          tools-version: "6.1"
          platforms: { macOS: "15", iOS: "17" }
          umbrella: Everything
          codeowners: false
          xcodegen: { platform: iOS, deployment-target: "17.0", bundle-id-prefix: org.example }
        outside-workspace: [../Shared]
        optional-imports: [Analytics, "*Integration"]
        packages:
          swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
          Pinned: { url: https://example.com/pinned, exact: 2.0.0 }
          Edge: { url: https://example.com/edge, branch: main }
          Commit: { url: https://example.com/commit, revision: abc123 }
          Local: { path: ../Shared/Local }
        modules:
          Analytics: { layer: core, linkage: dynamic }
          SearchFeature:
            layer: feature
            interface: { dependencies: [AnalyticsCore] }
            mocks: true
            tests: { dependencies: [Analytics], packages: [swift-log/Logging] }
            dependencies: [Analytics]
            packages: [swift-log/Logging]
            path: Code/Search
            host-app: true
        apps:
          Shop: { dependencies: [SearchFeature], packages: [swift-log/Logging], path: Apps/Shop }
          ShopHost: { host: true, dependencies: [SearchFeature] }
        owners:
          "@org/search": [SearchFeature, "Analytics*"]
        rules:
          prefer-interface: error
          static-linked-once: off
        """

    static let adopt = """
        layers:
          - { name: feature, patterns: ["*Feature", "Search*"], same-layer: allowed }
          - { name: core, patterns: ["*"] }
        adopt: { packages: [".", "Packages/*"], exclude: ["Fixtures/**"], hosts: ["*Host"], xcode: ["*.xcodeproj"] }
        optional-imports: [Analytics]
        rules: { unused-dependency: off }
        affected: { ignore: ["**/*.md"], always: [Scripts/settings.sh] }
        registry: { url: https://registry.example.com, scopes: { feature: iss-feature, core: iss-core } }
        constraints:
          - { from: ["*Feature"], never: ["*Feature", "swift-nio/*"], reason: features never meet }
          - { max-depth: 6, reason: short chains build in parallel }
        """

    @Test func everyFieldSurvivesTheBinaryForm() throws {
        let manifest = try ManifestLoader.parse(data: Data(Self.rich.utf8), path: "/w/strata.yml")
        #expect(manifest.naming.otherMocks.count == 1)
        #expect(manifest.generate.xcodegen != nil)
        #expect(try roundTrip(manifest) == manifest)
        let adopt = try ManifestLoader.parse(data: Data(Self.adopt.utf8), path: "/w/strata.yml")
        #expect(adopt.adopt?.hosts.count == 1)
        #expect(adopt.adopt?.exclude.map(\.value) == ["Fixtures/**"] && adopt.adopt?.xcode.map(\.value) == ["*.xcodeproj"])
        #expect(adopt.affected.ignore.map(\.value) == ["**/*.md"] && adopt.affected.always.map(\.value) == ["Scripts/settings.sh"])
        #expect(adopt.registry?.scopes.map(\.scope.value) == ["iss-feature", "iss-core"])
        #expect(adopt.constraints.map(\.never.count) == [2, 0] && adopt.constraints.map(\.depthLimit) == [nil, 6])
        #expect(try roundTrip(adopt) == adopt)
    }

    @Test func everyCommittedManifestSurvivesTheBinaryForm() throws {
        var paths = [Fixtures.iss + "/strata.yml", Fixtures.repositoryRoot + "/strata.yml"]
        for folder in [Fixtures.root, Fixtures.violationsRoot] {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix("strata.yml") { paths.append(folder + "/" + relative) }
            }
        }
        var compared = 0
        for path in paths {
            guard let manifest = try? ManifestLoader.load(path: path) else { continue }  // the bad-input fixtures
            #expect(try roundTrip(manifest) == manifest, "\(path)")
            compared += 1
        }
        #expect(compared >= 20)
    }

    @Test func targetFilesAndSettingsSurviveTheBinaryForm() throws {
        let text = """
            layers: [core]
            modules:
              Profile:
                layer: core
                path: Pods/Profile
                sources: [Sources]
                exclude: [Profile.podspec]
                resources: [Assets]
                frameworks: [Foundation, { name: UIKit, platforms: [iOS, tvOS] }]
                libraries: [z]
                swift-language-mode: 5
                mocks: { path: Pods/Profile/Mocks, exclude: [Old] }
                tests: { path: Pods/Profile/Tests, resources: [Fixtures], swift-language-mode: "4.2" }
            """
        let manifest = try ManifestLoader.parse(data: Data(text.utf8), path: "/w/strata.yml")
        let profile = try #require(manifest.modules.first)
        #expect(profile.build.frameworks.map(\.platforms.count) == [0, 2] && profile.tests?.path?.value == "Pods/Profile/Tests")
        #expect(try roundTrip(manifest) == manifest)
    }

    @Test func aLargeManifestIsParsedOnceAndOnlyForItsExactBytes() throws {
        let folder = try Fixtures.temporaryFolder("manifest-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/strata.yml"
        var text = "layers: [core]\nmodules:\n  M0: { layer: core }\n"
        for index in 1..<4_000 { text += "  M\(index): { layer: core, dependencies: [M\(index - 1)] }\n" }
        #expect(text.utf8.count >= ManifestCache.threshold)
        let first = try ManifestLoader.parse(data: Data(text.utf8), path: path)
        let entries = try FileManager.default.contentsOfDirectory(atPath: ManifestCache.folder(for: path))
        #expect(entries.count == 1)
        #expect(ManifestCache.manifest(for: ManifestBytes(path: path, bytes: Array(text.utf8)), knownRules: nil) == first)
        #expect(try ManifestLoader.parse(data: Data(text.utf8), path: path) == first)

        // Other bytes, another place, other rules: not the kept entry.
        let edited = text.replacingOccurrences(of: "M3999: { layer: core", with: "M3999: { layer: core, linkage: dynamic")
        #expect(ManifestCache.manifest(for: ManifestBytes(path: path, bytes: Array(edited.utf8)), knownRules: nil) == nil)
        #expect(ManifestCache.manifest(for: ManifestBytes(path: folder + "/other.yml", bytes: Array(text.utf8)), knownRules: nil) == nil)
        #expect(ManifestCache.manifest(for: ManifestBytes(path: path, bytes: Array(text.utf8)), knownRules: ["no-cycles"]) == nil)
        let second = try ManifestLoader.parse(data: Data(edited.utf8), path: path)
        #expect(second.modules.last?.linkage == .dynamic)

        // A damaged entry is not used; the manifest is parsed again.
        let entry = ManifestCache.folder(for: path) + "/" + entries[0]
        let damaged = try Data(contentsOf: URL(fileURLWithPath: entry)).prefix(10_000)
        try damaged.write(to: URL(fileURLWithPath: entry))
        #expect(ManifestCache.manifest(for: ManifestBytes(path: path, bytes: Array(text.utf8)), knownRules: nil) == nil)
        #expect(try ManifestLoader.parse(data: Data(text.utf8), path: path) == first)
    }
}
