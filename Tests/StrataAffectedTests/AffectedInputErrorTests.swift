import Foundation
import StrataAffected
import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

/// Input `strata affected` cannot compute anything from: each is one clear error (exit 2 in the CLI).
@Suite struct AffectedInputErrorTests {
    func errorID(_ query: AffectedQuery) async -> String? {
        do {
            _ = try await query.run()
            return nil
        } catch {
            return error.diagnostics.first?.id
        }
    }

    @Test func anUnknownRevision() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        #expect(await errorID(AffectedQuery(path: history.root, base: "origin/no-such-branch")) == "unknown-revision")
        #expect(await errorID(AffectedQuery(path: history.root, base: "--output=/tmp/x")) == "unknown-revision")
        #expect(await errorID(AffectedQuery(path: history.root, base: "HEAD", head: "v9.9")) == "unknown-revision")
    }

    @Test func aShallowCloneWithoutTheBase() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        let first = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Sources/Login/Login.swift")
        try await history.commit("second")
        let clone = try Fixtures.temporaryFolder("strata-shallow")
        defer { try? FileManager.default.removeItem(atPath: clone) }
        try await GitHistory.run(["clone", "--quiet", "--depth", "1", "file://" + history.root, clone + "/repo"], in: clone)
        let query = AffectedQuery(path: clone + "/repo", base: first)
        do {
            _ = try await query.run()
            Issue.record("a shallow clone without the base must be an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "shallow-clone")
            #expect(diagnostic.hint?.contains("fetch-depth: 0") == true)
        }
    }

    @Test func aWorkspaceOutsideAnyRepository() async throws {
        let workspace = try TemporaryWorkspace(HarnessWorkspace.manifest, label: "strata-no-git")
        #expect(await errorID(AffectedQuery(path: workspace.root, base: "HEAD")) == "not-a-repository")
    }

    @Test func aPathThatIsNoWorkspace() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        #expect(await errorID(AffectedQuery(path: history.root + "/Sources", base: "HEAD")) == "missing-manifest")
        #expect(await errorID(AffectedQuery(path: history.root + "/nowhere", base: "HEAD")) == "missing-workspace")
    }

    @Test func headAndTheWorkTreeTogether() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        #expect(
            await errorID(AffectedQuery(path: history.root, base: "HEAD", head: "HEAD", includeUncommitted: true)) == "conflicting-options")
    }

    @Test func aWorkspaceThatDidNotExistAtTheBaseAffectsEverything() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        try FileManager.default.createDirectory(atPath: history.root + "/iOS", withIntermediateDirectories: true)
        try await history.git("mv", "strata.yml", "Sources", "Tests", "iOS/")
        try await history.commit("move the workspace into iOS/")
        let report = try await AffectedQuery(path: history.root + "/iOS", base: "HEAD~1").run()
        #expect(report.analysis.everything?.contains("no strata.yml") == true)
        #expect(report.analysis.affected.count == 13)
        // Paths are relative to the workspace, which is a subfolder of the repository.
        #expect(report.analysis.changedFiles.contains { $0.path == "Sources/Login/Login.swift" })
    }

    @Test func aStrataYmlThatIsNotCommittedSaysSo() async throws {
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        try await history.git("rm", "--cached", "--quiet", "strata.yml")
        try await history.git("commit", "--quiet", "-m", "stop tracking strata.yml")  // and leave it in the work tree
        let error = await #expect(throws: InputErrors.self) { try await history.affected(base: "HEAD~1") }
        #expect(error?.diagnostics.first?.id == "missing-manifest")
        #expect(error?.diagnostics.first?.hint?.contains("commit strata.yml, or pass --include-uncommitted") == true)
        #expect(error?.diagnostics.contains { $0.hint?.contains("treated as affecting everything") == true } == false)
    }
}
