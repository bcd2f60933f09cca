import Foundation
import StrataDiagnostics
import Testing

@testable import StrataManifest
@testable import StrataProjectFormat
@testable import StrataSwiftPM

/// dump-package's JSON decoded with `Codable`: every shape that makes an edge of the graph is
/// read, and a shape Strata does not know is an error that says where it is, never a silently
/// missing product, dependency or target.
struct DumpedPackageTests {
    /// A package as SwiftPM 6.3 dumps it (trimmed to what Strata reads, plus fields it skips).
    static let package = """
        {"name": "Station", "toolsVersion": {"_version": "6.0.0"}, "platforms": [], "traits": [],
         "products": [
           {"name": "Core", "targets": ["Core"], "type": {"library": ["dynamic"]}, "settings": []},
           {"name": "station", "targets": ["Station"], "type": {"executable": null}, "settings": []},
           {"name": "Lint", "targets": ["Lint"], "type": {"plugin": null}, "settings": []}],
         "dependencies": [
           {"fileSystem": [{"identity": "runtime", "path": "/w/Runtime/../Runtime", "nameForTargetDependencyResolutionOnly": "StrataRuntime", "productFilter": null, "traits": []}]},
           {"sourceControl": [{"identity": "swift-log", "location": {"remote": [{"urlString": "https://github.com/apple/swift-log"}]}, "productFilter": null,
             "requirement": {"range": [{"lowerBound": "1.6.0", "upperBound": "2.0.0"}]}, "traits": [{"name": "default"}]}]},
           {"sourceControl": [{"identity": "pinned", "location": {"local": ["/w/pinned"]}, "requirement": {"revision": ["abc123"]}}]},
           {"registry": [{"identity": "iss-core.network", "requirement": {"exact": ["1.2.0"]}}]}],
         "targets": [
           {"name": "Core", "type": "regular", "dependencies": [
              {"byName": ["Helpers", null]},
              {"target": ["IOSKit", {"platformNames": ["ios"], "config": null}]},
              {"product": ["Logging", "swift-log", {"Logging": "SwiftLogging"}, null]},
              {"product": ["Network", "iss-core.network", null, {"platformNames": ["linux", "macos"], "traits": ["Fast"]}]}],
            "exclude": ["Old"], "sources": ["A.swift"], "resources": [{"path": "Assets", "rule": {"process": {}}}],
            "settings": [
              {"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-module-alias", "Net=Network"]}}},
              {"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-module-alias", "Debug=Network"]}}, "condition": {"config": "debug"}},
              {"tool": "swift", "kind": {"define": {"_0": "STATION"}}},
              {"tool": "c", "kind": {"unsafeFlags": {"_0": ["-module-alias", "C=Network"]}}}],
            "packageAccess": true},
           {"name": "Remote", "type": "binary", "url": "https://example.invalid/Remote.zip", "dependencies": [], "exclude": [], "resources": [], "settings": []},
           {"name": "Station", "type": "executable", "path": "App", "dependencies": [{"byName": ["Core", null]}], "exclude": [], "resources": [], "settings": []}]}
        """

    static func decode(_ json: String) throws -> PackageManifest {
        try DumpPackageReader.decode(Data(json.utf8), path: "/w/Package.swift", text: [])
    }

    @Test func everyShapeThatMakesTheGraphIsRead() throws {
        let manifest = try Self.decode(Self.package)
        #expect(manifest.name == "Station" && manifest.toolsVersion == ToolsVersion(6, 0))
        #expect(manifest.products.map(\.kind) == [.library(.dynamic), .executable, .plugin])
        #expect(manifest.dependencies.map(\.identity) == ["runtime", "swift-log", "pinned", "iss-core.network"])
        #expect(manifest.dependencies[0].source == .fileSystem("/w/Runtime") && manifest.dependencies[0].name == "StrataRuntime")
        #expect(manifest.dependencies[1].source == .sourceControl("https://github.com/apple/swift-log"))
        #expect(manifest.dependencies[1].requirement == .from("1.6.0"))
        #expect(manifest.dependencies[2].source == .sourceControl("/w/pinned") && manifest.dependencies[2].requirement == .revision("abc123"))
        #expect(manifest.dependencies[3].source == .registry("iss-core.network"))

        let core = manifest.targets[0]
        #expect(core.kind == .regular && core.exclude == ["Old"] && core.sources == ["A.swift"] && core.resources == ["Assets"])
        #expect(
            core.dependencies.map(\.reference) == [
                .byName("Helpers"), .target("IOSKit"), .product("Logging", package: "swift-log"), .product("Network", package: "iss-core.network"),
            ])
        #expect(core.dependencies[1].condition?.platforms == ["ios"])
        #expect(core.dependencies[2].moduleAliases == ["Logging": "SwiftLogging"])
        #expect(core.dependencies[3].condition == DependencyCondition(platforms: ["linux", "macos"], traits: ["Fast"]))
        // Only unconditional swift flags: not the debug-only alias, not a C flag.
        #expect(core.moduleAliases == ["Net": "Network"])
        #expect(manifest.targets[1].kind == .binary && manifest.targets[1].url == "https://example.invalid/Remote.zip")
        #expect(manifest.targets[2].kind == .executable && manifest.targets[2].path == "App")
    }

    /// The error names where the unknown shape is, so that it can be found in SwiftPM's output.
    @Test(arguments: [
        (#""type": {"library": ["dynamic"]}"#, #""type": {"widget": null}"#, "products[0].type.widget: unknown product type 'widget'"),
        (#"{"registry": [{"identity""#, #"{"git": [{"identity""#, "dependencies[3].git: unknown package dependency kind 'git'"),
        (
            #""requirement": {"revision": ["abc123"]}"#, #""requirement": {"upToNextMinor": ["1.0.0"]}"#,
            "dependencies[2].sourceControl[0].requirement.upToNextMinor: unknown version requirement 'upToNextMinor'"
        ),
        (
            #""location": {"local": ["/w/pinned"]}"#, #""location": {"ftp": ["/w/pinned"]}"#,
            "dependencies[2].sourceControl[0].location.ftp: unknown source control location 'ftp'"
        ),
        (#""type": "binary""#, #""type": "library""#, "targets[1].type: unknown target type 'library'"),
        (
            #"{"byName": ["Helpers", null]}"#, #"{"weak": ["Helpers", null]}"#,
            "targets[0].dependencies[0].weak: unknown target dependency kind 'weak'"
        ),
        (
            #"{"byName": ["Helpers", null]}"#, #"{"byName": ["Helpers", null], "target": ["X", null]}"#,
            "targets[0].dependencies[0]: a target dependency kind must be an object with one key, not [\"byName\", \"target\"]"
        ),
        (#"{"name": "Station", "toolsVersion""#, #"{"toolsVersion""#, "'name' is missing"),
    ])
    func anUnknownShapeIsAnErrorThatSaysWhere(original: String, replacement: String, message: String) throws {
        let json = Self.package.replacingOccurrences(of: original, with: replacement)
        #expect(json != Self.package)
        do {
            _ = try Self.decode(json)
            Issue.record("decoded: \(replacement)")
        } catch {
            #expect(DumpedPackage.describe(error) == message)
        }
    }
}
