import Foundation
import StrataDiagnostics
import Testing

@testable import StrataCocoaPods
@testable import StrataManifest
@testable import StrataXcodeGen

/// One YAML reader with the same limits for every file Strata reads: a "billion laughs" (nine
/// levels of nine aliases, 387 million values once expanded) and a too-deep nesting are refused
/// at their line, quickly, whichever reader meets them.
@Suite struct YAMLLimitsTests {
    /// `key: ` followed by nine anchors each naming nine aliases of the one before.
    static func billionLaughs(under key: String) -> String {
        var lines = ["\(key):", "  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 { lines.append("  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func expectRefused(_ error: InputErrors?, line: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let diagnostic = error?.diagnostics.first else {
            Issue.record("not refused", sourceLocation: sourceLocation)
            return
        }
        #expect(diagnostic.id == "yaml-too-large", "\(diagnostic)", sourceLocation: sourceLocation)
        if let line { #expect(diagnostic.location?.line == line, "\(diagnostic)", sourceLocation: sourceLocation) }
    }

    static func error(_ body: () throws(InputErrors) -> Void) -> InputErrors? {
        do throws(InputErrors) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aBillionLaughsIsRefusedByEveryReader() {
        let start = ContinuousClock.now
        let spec = "name: App\n" + Self.billionLaughs(under: "settings") + "targets: {}\n"
        Self.expectRefused(Self.error { () throws(InputErrors) in _ = try SpecNode.parse(spec, path: "/w/project.yml") })
        // JSON is YAML: a .podspec.json may hold the same bomb.
        Self.expectRefused(Self.error { () throws(InputErrors) in _ = try PodspecJSONReader.read(spec, path: "/w/P.podspec.json") })
        let manifest = "name: W\nlayers: [core]\nmodules:\n  A: { layer: core }\n" + Self.billionLaughs(under: "rules")
        Self.expectRefused(Self.error { () throws(InputErrors) in _ = try ManifestLoader.parse(data: Data(manifest.utf8), path: "/w/strata.yml") })
        Self.expectRefused(
            Self.error { () throws(InputErrors) in
                _ = try VersionRecord.parse(data: Data(Self.billionLaughs(under: "Network").utf8), path: "/w/versions.yml")
            })
        Self.expectRefused(
            Self.error { () throws(InputErrors) in
                _ = try ManifestEditor.addingDependency("B", to: "A", field: "dependencies", in: manifest, path: "/w/strata.yml")
            })
        #expect(ContinuousClock.now - start < .seconds(30), "the limits must stop the walk early")
    }

    @Test func deepNestingAndHugeFilesAreRefused() {
        let deep = "name: App\nsettings: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        Self.expectRefused(Self.error { () throws(InputErrors) in _ = try SpecNode.parse(deep, path: "/w/project.yml") }, line: 2)
        let huge = "name: App\n# " + String(repeating: "x", count: YAMLDocument.maximumBytes) + "\n"
        Self.expectRefused(Self.error { () throws(InputErrors) in _ = try SpecNode.parse(huge, path: "/w/project.yml") }, line: 1)
    }

    @Test func ordinaryAnchorsAndAliasesStillWork() throws {
        let spec = "name: App\nsettings: &base { A: 1 }\ntargetTemplates:\n  T: { settings: *base }\ntargets: {}\n"
        _ = try SpecNode.parse(spec, path: "/w/project.yml")
    }
}
