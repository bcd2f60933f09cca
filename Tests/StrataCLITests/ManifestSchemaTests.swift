import Foundation
import StrataInit
import StrataManifest
import StrataRules
import StrataSynthetic
import StrataWorkspaceTestSupport
import Testing
import Yams

/// `schema/strata.schema.json` describes exactly what the loader accepts: every example manifest
/// validates, schema-detectable bad input does not, and the keys and rule ids agree with the code.
@Suite struct ManifestSchemaTests {
    static let schemaPath = Fixtures.repositoryRoot + "/schema/strata.schema.json"

    static var schema: [String: Any] {
        get throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: schemaPath))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    /// Validates each YAML text with jsonschema; returns the verdict line per document.
    private func validate(_ manifests: [(name: String, yaml: String)]) async throws -> [String: String] {
        let folder = try Fixtures.temporaryFolder("schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String: String] = [:]
        for (index, manifest) in manifests.enumerated() {
            let object = try Yams.load(yaml: manifest.yaml) ?? NSNull()
            let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
            let path = "\(folder)/\(index).json"
            try data.write(to: URL(fileURLWithPath: path))
            paths[path] = manifest.name
        }
        let command =
            "python3 \(Fixtures.repositoryRoot)/Scripts/validate-json.py manifest " + paths.keys.sorted().joined(separator: " ")
        let result = try await StrataBinary.run([], shell: command)
        try #require(result.status == 0, "the schema validator did not run: \(result.stderr)")
        var verdicts: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            let path = parts[1].hasSuffix(":") ? String(parts[1].dropLast()) : parts[1]
            verdicts[paths[path] ?? path] = parts[0] == "ok" ? "ok" : String(line)
        }
        return verdicts
    }

    private func manifest(_ relative: String) throws -> (name: String, yaml: String) {
        (relative, try String(contentsOfFile: Fixtures.repositoryRoot + "/" + relative, encoding: .utf8))
    }

    @Test func everyExampleManifestValidates() async throws {
        var manifests = [try manifest("strata.yml"), try manifest("Examples/ISS/strata.yml")]
        for fixture in Fixtures.workspaces(in: "Adopt") {
            manifests.append(try manifest("Tests/Fixtures/Adopt/\(fixture)/strata.yml"))
        }
        for example in Fixtures.workspaces(at: Fixtures.violationsRoot) {
            manifests.append(try manifest("Examples/Violations/\(example)/strata.yml"))
        }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: 60, seed: 7))
        manifests.append(("synthetic generate mode", synthetic.generateModeManifest()))
        manifests.append(("synthetic adopt mode", synthetic.adoptModeManifest()))
        manifests.append(
            (
                "registry identities",
                "layers: [core]\nmodules: {}\npackages:\n  Yams: { id: jpsim.Yams, from: 5.0.0 }\n  swift-log: { url: u, id: apple.swift-log, exact: 1.5.0 }\n  Kit: { path: ../Kit, id: my-team.Kit, from: 1.0.0 }\n"
            ))
        manifests.append(
            (
                "target files and settings",
                """
                layers: [core]
                modules:
                  Profile:
                    layer: core
                    path: Pods/Profile/Sources
                    sources: [Profile.swift, Views]
                    exclude: [Info.plist]
                    resources: [Assets.xcassets]
                    frameworks: [Foundation, { name: UIKit, platforms: [iOS, tvOS] }]
                    libraries: [z]
                    swift-language-mode: 5
                    binaries: [Pods/Profile/Frameworks/Analytics.xcframework]
                    tests: { path: Pods/Profile/Tests, resources: [Fixtures], swift-language-mode: "4.2" }
                """
            ))
        // What strata init writes: for pods and spec repos, and for a workspace of name groups.
        let scratch = try Fixtures.temporaryFolder("schema-init")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/CocoaPodsModules"), toPath: scratch + "/pods")
        try FileManager.default.removeItem(atPath: scratch + "/pods/strata.yml")
        manifests.append(("strata init: CocoaPodsModules", InitManifestWriter.manifest(try await InitPlanner.plan(root: scratch + "/pods"))))
        try synthetic.write(to: scratch + "/synthetic", packages: true)
        try FileManager.default.removeItem(atPath: scratch + "/synthetic/strata.yml")
        manifests.append(("strata init: synthetic", InitManifestWriter.manifest(try await InitPlanner.plan(root: scratch + "/synthetic"))))
        let verdicts = try await validate(manifests)
        #expect(verdicts.count == manifests.count)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            #expect(verdict == "ok", "\(name): \(verdict)")
        }
    }

    @Test func badManifestsTheSchemaCanSeeAreInvalid() async throws {
        let manifests = [
            try manifest("Tests/Fixtures/BadInput/UnknownKey/strata.yml"),
            try manifest("Tests/Fixtures/BadInput/WrongType/strata.yml"),
            ("empty", ""),
            ("both modes", "layers: [core]\nmodules: {}\nadopt: {}\n"),
            ("neither mode", "layers: [core]\n"),
            ("bad severity", "layers: [core]\nmodules: {}\nrules: { same-layer: fatal }\n"),
            ("unknown rule", "layers: [core]\nmodules: {}\nrules: { layering: off }\n"),
            ("two requirements", "layers: [core]\nmodules: {}\npackages: { a: { url: u, from: '1.0.0', exact: '1.0.0' } }\n"),
            ("bad product", "layers: [core]\nmodules: { A: { layer: core, packages: [Logging] } }\n"),
            ("bad naming", "layers: [core]\nmodules: {}\nnaming: { interface: Interface }\n"),
            ("registry branch", "layers: [core]\nmodules: {}\npackages: { Yams: { id: jpsim.Yams, branch: main } }\n"),
            ("registry no version", "layers: [core]\nmodules: {}\npackages: { Kit: { path: ../Kit, id: team.Kit } }\n"),
            ("registry bad identity", "layers: [core]\nmodules: {}\npackages: { Yams: { id: Yams, from: 5.0.0 } }\n"),
            ("bad language mode", "layers: [core]\nmodules: { A: { layer: core, swift-language-mode: 7 } }\n"),
            ("bad platform", "layers: [core]\nmodules: { A: { layer: core, frameworks: [{ name: UIKit, platforms: [ios] }] } }\n"),
            ("sources not a list", "layers: [core]\nmodules: { A: { layer: core, sources: A.swift } }\n"),
            ("a framework as a binary", "layers: [core]\nmodules: { A: { layer: core, binaries: [A.framework] } }\n"),
        ]
        let verdicts = try await validate(manifests)
        for (name, _) in manifests {
            #expect(verdicts[name]?.hasPrefix("invalid") == true, "\(name) should be invalid: \(verdicts[name] ?? "no verdict")")
        }
    }

    @Test func theSchemaNamesExactlyTheKeysTheLoaderAccepts() throws {
        let schema = try Self.schema
        let properties = try #require(schema["properties"] as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        func keys(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        #expect(Set(properties.keys) == Set(ManifestKeys.root))
        #expect(keys(properties["naming"]) == Set(ManifestKeys.naming))
        #expect(keys(definitions["module"]) == Set(ManifestKeys.module))
        #expect(keys(definitions["app"]) == Set(ManifestKeys.app))
        #expect(keys(definitions["package"]) == Set(ManifestKeys.package))
        #expect(keys(properties["affected"]) == Set(ManifestKeys.affected))
        #expect(keys(properties["registry"]) == Set(ManifestKeys.registry))
        let layerObject = (definitions["layer"] as? [String: Any])?["oneOf"] as? [Any]
        #expect(keys(layerObject?.last) == Set(ManifestKeys.layer))
        let companionObject = (definitions["companionTarget"] as? [String: Any])?["oneOf"] as? [Any]
        #expect(keys(companionObject?.last) == Set(ManifestKeys.companionTarget))
        let systemLinks = ((definitions["systemLinks"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [Any]
        #expect(keys(systemLinks?.last) == Set(ManifestKeys.platformScoped))
        let platforms = ((systemLinks?.last as? [String: Any])?["properties"] as? [String: Any])?["platforms"] as? [String: Any]
        #expect((platforms?["items"] as? [String: Any])?["enum"] as? [String] == PlatformScoped.knownPlatforms)
        let adoptObject = ((properties["adopt"] as? [String: Any])?["oneOf"] as? [Any])?.last
        #expect(keys(adoptObject) == Set(ManifestKeys.adopt))
        #expect(keys(properties["generate"]) == Set(ManifestKeys.generate))
        #expect(
            keys(
                (properties["generate"] as? [String: Any]).flatMap {
                    keys($0).contains("xcodegen") ? ($0["properties"] as? [String: Any])?["xcodegen"] : nil
                }) == Set(ManifestKeys.xcodegen))
    }

    @Test func theSchemaListsEveryRuleId() throws {
        let properties = try #require(try Self.schema["properties"] as? [String: Any])
        let rules = (((properties["rules"] as? [String: Any])?["propertyNames"] as? [String: Any])?["enum"] as? [String]) ?? []
        #expect(Set(rules) == Set(RuleRegistry.all.map(\.id)))
    }
}
