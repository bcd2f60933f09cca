import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata check --target` and `--stamp`, as a build step of one target uses them, and the
/// workspace caches moved out of the workspace (`STRATA_WORKSPACE_CACHE_DIR`), as the
/// build-tool plugin's sandbox needs.
@Suite struct CheckTargetFocusTests {
    /// A copy of a violation fixture whose one finding starts at 'Suit'.
    static func workspace() throws -> String {
        try Fixtures.copy(of: Fixtures.violation("MocksInProduction"), label: "strata-check-target")
    }

    @Test func onlyTheNamedTargetsFindingsAreReportedAndDecideTheStatus() async throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stamp = folder + "/stamps/Suit.swift"

        let suit = try await StrataBinary.run(["check", "--format", "xcode", "--target", "Suit", "--stamp", stamp], in: folder)
        #expect(suit.status == 1)
        #expect(suit.stdout.contains("error: [mocks-in-production]"))
        #expect(!FileManager.default.fileExists(atPath: stamp), "a stamp after errors")

        let cosmonautStamp = folder + "/stamps/Cosmonaut.swift"
        let cosmonaut = try await StrataBinary.run(["check", "--format", "xcode", "--target", "Cosmonaut", "--stamp", cosmonautStamp], in: folder)
        #expect(cosmonaut.status == 0, "\(cosmonaut.stdout)")
        #expect(!cosmonaut.stdout.contains("error:"))
        #expect(cosmonaut.stdout.hasSuffix("0 error(s), 0 warning(s)\n"), "\(cosmonaut.stdout)")
        let written = try String(contentsOfFile: cosmonautStamp, encoding: .utf8)
        // The workspace is named after its folder here.
        #expect(written == "// strata check: Cosmonaut of \((folder as NSString).lastPathComponent) has no errors (0 warning(s)).\n")

        // Both at once: the union.
        let both = try await StrataBinary.run(["check", "--target", "Cosmonaut", "--target", "Suit"], in: folder)
        #expect(both.status == 1 && both.stdout.contains("[mocks-in-production]"))
    }

    @Test func aTargetTheWorkspaceLacksIsBadInputWithASuggestion() async throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for _ in 0..<2 {  // a full check, then the cache's answer: both know the names
            let result = try await StrataBinary.run(["check", "--target", "Suitt"], in: folder)
            #expect(result.status == 2)
            #expect(result.stdout.contains("error: [unknown-target] 'Suitt' is not a target of the workspace"), "\(result.stdout)")
            #expect(result.stdout.contains("'Suit'"))
        }
        let fix = try await StrataBinary.run(["check", "--target", "Suit", "--fix"], in: folder)
        #expect(fix.status != 0 && fix.stderr.contains("--target narrows what is reported"))
    }

    @Test func theWorkspaceCachesCanLiveOutsideTheWorkspace() async throws {
        let folder = try Self.workspace()
        let caches = try Fixtures.temporaryFolder("strata-workspace-caches")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: caches)
        }
        let environment = ["STRATA_WORKSPACE_CACHE_DIR": caches]
        let first = try await StrataBinary.run(["check", "--verbose"], in: folder, environment: environment)
        #expect(first.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/.build"), "the workspace was written to")
        let kept = try FileManager.default.contentsOfDirectory(atPath: caches)
        #expect(kept.count == 1 && kept[0].hasPrefix((folder as NSString).lastPathComponent + "-"), "\(kept)")
        #expect(FileManager.default.fileExists(atPath: caches + "/" + kept[0] + "/check-cache"))

        let second = try await StrataBinary.run(["check", "--verbose"], in: folder, environment: environment)
        #expect(second.status == 1 && second.stderr.contains("nothing changed since the last check"), "\(second.stderr)")
        #expect(second.stdout == first.stdout)
    }
}
