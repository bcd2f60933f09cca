import Foundation
import StrataFileSystem
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// The Swift files Strata scans for a target are exactly the ones SwiftPM compiles: SwiftPM
/// builds the fixture and lists them in `<Target>.build/sources`, and the two lists must agree.
@Suite(.serialized) struct SwiftPMSourcesOracleTests {
    /// What `swift build` compiled for `target` of the package in `folder`, Swift files of the
    /// package only (not the resource accessor SwiftPM generates).
    static func compiledBySwiftPM(package folder: String, target: String) async throws -> Set<String> {
        let scratch = try Fixtures.temporaryFolder("strata-swiftpm-sources")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let build = try await ProcessRunner.run("swift", ["build"] + ThrowawayBuild.options + ["--package-path", folder, "--scratch-path", scratch])
        try #require(build.status == 0, "swift build failed: \(build.error)\(build.output)")
        let list = try #require(
            FileManager.default.enumerator(atPath: scratch)?.allObjects.compactMap { $0 as? String }
                .first { $0.hasSuffix("/\(target).build/sources") },
            "no sources list for \(target)")
        let text = try String(contentsOfFile: scratch + "/" + list, encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".swift") && !$0.hasPrefix(scratch) })
    }

    @Test(arguments: [("Modern", "ModernLib"), ("Legacy", "LegacyLib")])
    func strataScansExactlyWhatSwiftPMCompiles(package: String, target: String) async throws {
        // A copy, so that neither build products nor a lock land in the repository.
        let copy = try Fixtures.temporaryFolder("strata-non-source-folders")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/NonSourceFolders"), toPath: copy)
        let root = URL(fileURLWithPath: copy).resolvingSymlinksInPath().path

        let workspace = try await WorkspaceLoader().load(path: root).workspace
        let sources = try #require(workspace.targets.first { $0.name == target }?.sources)
        let strata = Set(SourceFileCollector.collect(sources).files.map(\.path))
        let swiftPM = try await Self.compiledBySwiftPM(package: root + "/Packages/\(package)", target: target)
        #expect(strata == swiftPM)
        #expect(swiftPM.count == (package == "Modern" ? 2 : 1), "the fixture still exercises what it should: \(swiftPM)")
    }
}
