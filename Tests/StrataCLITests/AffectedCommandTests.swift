import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata affected` and `strata test --affected` end to end: the built binary on a copy of
/// Examples/ISS in a git repository of its own.
/// A class, so that each test's copy is removed when the test ends, however it ends.
@Suite final class AffectedCommandTests {
    let iss: String

    init() async throws {
        iss = try Fixtures.copyOfISS("strata-affected-iss")
        try await git("init", "--quiet", "--initial-branch=main")
        try await commit("the reference workspace")
    }

    deinit { Fixtures.removeCopy(ofISS: iss) }

    @discardableResult
    func git(_ arguments: String...) async throws -> String {
        let result = try await ProcessRunner.run(
            "git", ["-c", "user.email=tests@strata.invalid", "-c", "user.name=Strata Tests", "-c", "commit.gpgsign=false"] + arguments,
            in: iss)
        #expect(result.status == 0, "git \(arguments)")
        return result.output
    }

    func commit(_ message: String) async throws {
        try await git("add", "--all")
        try await git("commit", "--quiet", "--allow-empty", "-m", message)
    }

    func editSpacesuitService() throws {
        let path = iss + "/Sources/SpacesuitService/SpacesuitService.swift"
        try (try String(contentsOfFile: path, encoding: .utf8) + "\n// tuned\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func everyFormat() async throws {
        try editSpacesuitService()
        try await commit("tune the suit service")
        let list = try await StrataBinary.run(["affected", "--base", "HEAD~1"], in: iss)
        #expect(list.status == 0)
        #expect(list.stdout == "SpacesuitService\nSpacesuitServiceTests\nCosmonautApp\nOverviewApp\nISSFramework\n")
        #expect(list.stderr.hasPrefix("strata: 5 of 55 targets affected (1 test target) by 1 changed file between "))

        let explained = try await StrataBinary.run(["affected", "--base", "HEAD~1", "--explain", "--tests-only"], in: iss)
        #expect(
            explained.stdout
                == "SpacesuitServiceTests: Sources/SpacesuitService/SpacesuitService.swift (modified) → SpacesuitService → SpacesuitServiceTests\n")

        let filter = try await StrataBinary.run(["affected", "--base", "HEAD~1", "--format", "swift-test-filter"], in: iss)
        #expect(filter.stdout == "^(SpacesuitServiceTests)\\.\n")

        let matrix = try await StrataBinary.run(["affected", "--base", "HEAD~1", "--format", "github-matrix"], in: iss)
        #expect(matrix.stdout == #"{"include":[{"module":"SpacesuitService","target":"SpacesuitServiceTests"}]}"# + "\n")

        let xcodebuild = try await StrataBinary.run(
            ["affected", "--base", "HEAD~1", "--format", "xcodebuild", "--configuration", "Release"], in: iss)
        #expect(xcodebuild.stdout == "-only-testing:SpacesuitServiceTests\n")

        let json = try await StrataBinary.run(["affected", "--base", "HEAD~1", "--format", "json"], in: iss)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["workspace"] as? String == "ISS")
        #expect(document["everything"] is NSNull)
        #expect(document["tests"] as? [String] == ["SpacesuitServiceTests"])
        let affected = try #require(document["affected"] as? [[String: Any]])
        let app = try #require(affected.first { $0["target"] as? String == "CosmonautApp" })
        let reason = try #require(app["reason"] as? [String: Any])
        #expect(reason["cause"] as? String == "file")
        #expect(reason["file"] as? String == "Sources/SpacesuitService/SpacesuitService.swift")
        #expect(reason["chain"] as? [String] == ["SpacesuitService", "CosmonautApp"])
    }

    @Test func uncommittedChangesAreNamedAndIncludedOnRequest() async throws {
        try editSpacesuitService()
        let committed = try await StrataBinary.run(["affected", "--base", "HEAD"], in: iss)
        #expect(committed.stdout == "")
        #expect(committed.stderr.contains("note: 1 uncommitted change is not included (HEAD was compared); pass --include-uncommitted"))
        let workTree = try await StrataBinary.run(["affected", "--base", "HEAD", "--include-uncommitted", "--tests-only"], in: iss)
        #expect(workTree.stdout == "SpacesuitServiceTests\n")
        #expect(workTree.stderr.contains("and the work tree"))
    }

    @Test func everyReasonForEverythingIsPrinted() async throws {
        try "6.3\n".write(toFile: iss + "/.swift-version", atomically: true, encoding: .utf8)
        try "{}\n".write(toFile: iss + "/Package.resolved", atomically: true, encoding: .utf8)
        try await git("add", "--all", "--force")
        try await git("commit", "--quiet", "-m", "pin the toolchain and the packages")
        let run = try await StrataBinary.run(["affected", "--base", "HEAD~1", "--format", "json"], in: iss)
        #expect(run.status == 0)
        let reasons = run.stderr.split(separator: "\n").filter { $0.hasPrefix("strata: everything is affected: ") }
        #expect(reasons.count == 2, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((document["everythingReasons"] as? [String])?.count == 2)
    }

    @Test func badInputExitsTwo() async throws {
        let unknown = try await StrataBinary.run(["affected", "--base", "origin/main"], in: iss)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: [unknown-revision] unknown revision 'origin/main'\n    hint: "))
        let missing = try await StrataBinary.run(["affected"], in: iss)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing --base"))
        let conflicting = try await StrataBinary.run(["affected", "--base", "HEAD", "--head", "HEAD", "--include-uncommitted"], in: iss)
        #expect(conflicting.status == 2)
        #expect(conflicting.stderr.contains("[conflicting-options]"))
    }

    @Test func strataTestRunsOnlyTheAffectedTests() async throws {
        try await git("mv", "Sources/SpacesuitService/SpacesuitService.swift", "Sources/SpacesuitService/Spacesuits.swift")
        try await commit("rename a file in the suit service")
        let result = try await StrataBinary.run(["test", "--affected", "--base", "HEAD~1", "--"] + ThrowawayBuild.options, in: iss)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("strata: running 1 affected test target: SpacesuitServiceTests\n"))
        #expect(result.stderr.contains("strata: swift test --package-path . --filter '^(SpacesuitServiceTests)\\.' \(ThrowawayBuild.flags)\n"))
        #expect(result.stdout.contains("Suite SpacesuitServiceTests passed"))
        #expect(!result.stdout.contains("CosmonautServiceTests"))
    }

    @Test func strataTestSaysSoWhenNothingIsAffected() async throws {
        try "notes\n".write(toFile: iss + "/NOTES.md", atomically: true, encoding: .utf8)
        let result = try await StrataBinary.run(["test", "--affected", "--base", "HEAD"], in: iss)
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("strata: no test target is affected; nothing to run\n"))
        #expect(result.stdout == "")
    }
}
