import Foundation
import StrataWorkspaceTestSupport
import Testing

@Suite struct BaselineCommandTests {
    /// A copy of a fixture the test may change.
    private func copy(_ workspace: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("baseline")
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: workspace, toPath: folder)
        return folder
    }

    @Test func aBaselineAcceptsKnownFindingsAndReportsOnlyNewAndStaleOnes() async throws {
        let folder = try copy(Fixtures.violation("SameLayer"))
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let write = try await StrataBinary.run(["check", "--write-baseline", "baseline.json"], in: folder)
        #expect(write.status == 0)
        #expect(write.stderr.contains("wrote 1 baseline entries for 1 findings to baseline.json"))
        #expect(
            try String(contentsOfFile: folder + "/baseline.json", encoding: .utf8) == """
                {
                  "version": 1,
                  "entries": [
                    {"rule": "same-layer", "source": "CrewService", "target": "SuitService"}
                  ]
                }

                """)

        let accepted = try await StrataBinary.run(["check", "--baseline", "baseline.json"], in: folder)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.hasSuffix("no violations — 1 suppressed by baseline baseline.json\n"))

        // A new violation fails the run; the accepted one stays quiet.
        var manifest = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "modules:\n", with: "modules:\n  Logging: { layer: shared, dependencies: [CrewService] }\n")
        try manifest.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        let fresh = try await StrataBinary.run(["check", "--baseline", "baseline.json"], in: folder)
        #expect(fresh.status == 1)
        #expect(fresh.stdout.contains("[layer-direction] 'Logging' (shared) depends on 'CrewService'"))
        #expect(!fresh.stdout.contains("[same-layer]"))

        // Fixing the accepted violation leaves a stale entry, reported as a warning.
        let fixed =
            manifest
            .replacingOccurrences(of: "dependencies: [SuitService] }", with: "dependencies: [SuitServiceCore] }")
            .replacingOccurrences(of: "  Logging: { layer: shared, dependencies: [CrewService] }\n", with: "")
        try fixed.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        let stale = try await StrataBinary.run(["check", "--baseline", "baseline.json"], in: folder)
        #expect(stale.status == 0, "\(stale.stdout)")
        #expect(
            stale.stdout.hasPrefix(
                "baseline.json:4:5: warning: [stale-baseline-entry] baseline entry [same-layer] CrewService → SuitService matches no finding any more"
            ))
    }

    @Test func aMissingBaselineIsBadInput() async throws {
        let result = try await StrataBinary.run(["check", "--baseline", "nope.json"], in: Fixtures.violation("SameLayer"))
        #expect(result.status == 2)
        #expect(result.stdout.contains("[unreadable-baseline]"))
    }

    @Test func writingABaselineIntoAMissingFolderFailsCleanly() async throws {
        let result = try await StrataBinary.run(["check", "--write-baseline", "no/such/dir/b.json"], in: Fixtures.violation("SameLayer"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write"))
        #expect(!FileManager.default.fileExists(atPath: Fixtures.violation("SameLayer") + "/no"))
    }
}
