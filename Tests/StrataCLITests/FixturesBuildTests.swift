import Foundation
import StrataWorkspaceTestSupport
import Testing

/// Every adopt-mode fixture is a real package: SwiftPM builds it (or, for `resolvedOnly`, resolves
/// it), and once it is built (its dependencies resolved) Strata reports exactly the findings
/// planted in it, which are in its `expected.txt`, and nothing about modules it could not know.
@Suite(.serialized) struct FixturesBuildTests {
    /// Fixtures SwiftPM cannot build here, and why; their graphs are checked against
    /// `swift package dump-package` instead (`PackageReaderOracleTests`).
    static let notBuilt: [String: String] = [
        "BinaryAndSystemModules": "its xcframework is a stand-in with no binary, and its URL artifact cannot be downloaded",
        "RootPackage": "a reader fixture: its own target 'Logging' and swift-log's module 'Logging' share a name on purpose",
        "CocoaPodsModules":
            "its modules are pods, which CocoaPods and Xcode build; its graph is checked against what its podspecs and Podfile declare (CocoaPodsAdoptTests)",
        "XcodeProjects":
            "its modules are targets of Xcode projects, which only Xcode builds; its graph is checked against what its project files declare (XcodeProjectAdoptTests)",
        "XcodeLinkage":
            "its modules are targets of an Xcode project, which only Xcode builds; its linkage per configuration is checked against its project file (XcodeMergeableLibrariesTests)",
        "XcodeGenModules":
            "its modules are XcodeGen projects, which only Xcode builds; its graph is checked against what its specs declare (XcodeGenAdoptTests)",
        "MissingPathPackage": "it shows a '.package(path:)' whose folder has no Package.swift, which SwiftPM refuses to build",
    ]

    /// Fixtures SwiftPM resolves but does not build here, and why: their findings depend only
    /// on what resolving gives (the dependencies' manifests), and building them proves nothing
    /// about Strata that their graph (`PackageReaderOracleTests`) does not.
    static let resolvedOnly: [String: String] = [
        "MacroDependency":
            "its macro needs swift-syntax built from source (no prebuilt swift-syntax without the network): four minutes of CPU, more than the other fixtures together"
    ]

    static var built: [String] {
        FixtureSnapshotTests.adoptFixtures.map(\.fixture).filter { notBuilt[$0] == nil }
    }

    @Test(arguments: built)
    func theFixtureBuildsAndHasExactlyItsPlantedFindings(fixture: String) async throws {
        let copy = try Fixtures.temporaryFolder("fixture-build")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let folder = copy + "/" + fixture
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/\(fixture)"), toPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "/.build")

        // The root package, else each package under Packages/ (what adopt.packages lists there).
        var packages = [folder]
        if !FileManager.default.fileExists(atPath: folder + "/Package.swift") {
            packages = try FileManager.default.contentsOfDirectory(atPath: folder + "/Packages").sorted().map { folder + "/Packages/" + $0 }
                .filter { FileManager.default.fileExists(atPath: $0 + "/Package.swift") }
        }
        try #require(!packages.isEmpty, "\(fixture) has no package to build")
        let command = Self.resolvedOnly[fixture] == nil ? ["build"] + ThrowawayBuild.options : ["package", "resolve"]
        for package in packages {
            let build = try await ProcessRunner.run("swift", command, in: package)
            try #require(
                build.status == 0, "swift \(command.joined(separator: " ")) failed for \(fixture) in \(package):\n\(build.output)\(build.error)")
        }

        let check = try await StrataBinary.run(["check", "--no-cache"], in: folder)
        let expected = try String(contentsOfFile: Fixtures.path("Adopt/\(fixture)/expected.txt"), encoding: .utf8)
        // Built, every dependency is resolved: the findings are the planted ones; only the
        // warnings about unresolved packages (which the committed fixture cannot avoid) go.
        #expect(Self.findings(check.stdout) == Self.findings(expected).filter { !$0.contains("[unknown-modules]") }, "\(check.stdout)")
        #expect(!check.stdout.contains("[unknown-modules]"), "\(check.stdout)")
    }

    @Test func everyFixtureLeftOutSaysWhy() {
        let fixtures = Set(FixtureSnapshotTests.adoptFixtures.map(\.fixture))
        #expect(Set(Self.notBuilt.keys).isSubset(of: fixtures))
        #expect(Set(Self.resolvedOnly.keys).isSubset(of: Set(Self.built)))
    }

    /// The diagnostic lines, without the summary (its warning count differs).
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains(": error: [") || $0.contains(": warning: [") }
    }
}
