import Foundation
import StrataWorkspaceTestSupport
import Testing

/// The examples are end-to-end tests: the built binary runs on every fixture workspace and its
/// output must match the committed `expected.txt` exactly.
@Suite struct FixtureSnapshotTests {
    /// Each workspace under Examples/Violations breaks exactly one rule (some need a flag).
    static let ruleFixtures: [(fixture: String, rule: String, status: Int32, arguments: [String])] = [
        ("LayerDirection", "layer-direction", 1, []),
        ("SameLayer", "same-layer", 1, []),
        ("InterfacePurity", "interface-purity", 1, []),
        ("PreferInterface", "prefer-interface", 0, []),
        ("MocksInProduction", "mocks-in-production", 1, []),
        ("NoCycles", "no-cycles", 1, []),
        ("StaticLinkedOnce", "static-linked-once", 1, []),
        ("ForbiddenDependency", "forbidden-dependency", 1, []),
        ("MaxDepth", "max-depth", 1, []),
        ("UnmappedTarget", "unmapped-target", 1, []),
        ("ImplicitImport", "implicit-import", 1, []),
        ("UnusedDependency", "unused-dependency", 0, []),
        ("TestableInProduction", "testable-in-production", 1, []),
        ("UnknownImport", "unknown-import", 1, ["--strict-imports"]),
    ]

    /// Each bad-input fixture shows one kind of bad input.
    static let badInputFixtures: [(fixture: String, id: String)] = [
        ("MalformedYAML", "yaml-syntax"),
        ("UnknownKey", "unknown-key"),
        ("WrongType", "wrong-type"),
        ("UnknownLayer", "unknown-layer"),
        ("DuplicateModule", "duplicate-module"),
        ("UnknownDependency", "unknown-dependency"),
        ("EmptyManifest", "empty-manifest"),
        ("NonUTF8Manifest", "invalid-encoding"),
        ("XcodeGenSpec", "invalid-xcodegen-spec"),
        ("UnreadablePodspec", "unreadable-podspec"),
        ("MissingPackageSwift", "missing-package"),
        ("UnevaluableManifest", "package-evaluation"),
    ]

    static let adoptFixtures: [(fixture: String, status: Int32)] = [
        ("RootPackage", 0), ("LocalPackages", 0), ("DynamicManifest", 0), ("LayerViolationInPackage", 1),
        ("MacroDependency", 0), ("RawStringQuotes", 1), ("NonSourceFolders", 0),
        ("VersionSpecificManifest", 0), ("BinaryAndSystemModules", 1), ("ModuleAliases", 0), ("ConditionalDependencies", 0),
        ("HostDependentManifest", 0), ("XcodeGenModules", 1), ("CocoaPodsModules", 1), ("MissingPathPackage", 0),
        ("XcodeProjects", 1), ("XcodeLinkage", 1),
    ]

    @Test func everyFixtureFolderIsCovered() {
        #expect(Fixtures.workspaces(at: Fixtures.violationsRoot) == Self.ruleFixtures.map(\.fixture).sorted())
        #expect(Fixtures.workspaces(in: "BadInput") == Self.badInputFixtures.map(\.fixture).sorted())
        #expect(Fixtures.workspaces(in: "Adopt") == Self.adoptFixtures.map(\.fixture).sorted())
    }

    @Test(arguments: ruleFixtures)
    func ruleFixturesBreakExactlyTheirRule(fixture: String, rule: String, status: Int32, arguments: [String]) async throws {
        let folder = Fixtures.violation(fixture)
        let text = try await StrataBinary.run(["check"] + arguments, in: folder)
        #expect(text.status == status, "\(text.stdout)\(text.stderr)")
        try Snapshot.assertMatches(text.stdout, file: folder + "/expected.txt")

        let json = try await StrataBinary.run(["check", "--format", "json"] + arguments, in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ids = Set((document["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(ids == [rule])
    }

    @Test(arguments: badInputFixtures)
    func badInputIsReportedWithExitStatusTwo(fixture: String, id: String) async throws {
        let folder = Fixtures.path("BadInput/\(fixture)")
        let result = try await StrataBinary.run(["check"], in: folder)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("error: [\(id)]"))
        #expect(result.stdout.contains("hint:"))
        #expect(!result.stderr.contains("Fatal error"))
        try Snapshot.assertMatches(result.stdout, file: folder + "/expected.txt")
    }

    @Test(arguments: adoptFixtures)
    func adoptModeFixturesCheckAsExpected(fixture: String, status: Int32) async throws {
        let folder = Fixtures.path("Adopt/\(fixture)")
        let result = try await StrataBinary.run(["check"], in: folder)
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        try Snapshot.assertMatches(result.stdout, file: folder + "/expected.txt")
    }
}
