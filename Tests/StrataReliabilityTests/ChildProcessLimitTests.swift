import Foundation
import StrataWorkspaceTestSupport
import Testing

/// A Package.swift that never finishes evaluating must not hang Strata, and nothing Strata
/// started may outlive it: not on the time limit, not on Ctrl-C or SIGTERM, not on SIGKILL.
@Suite(.serialized) struct ChildProcessLimitTests {
    /// An adopt-mode workspace whose Package.swift loops forever. SwiftPM compiles it and runs
    /// it as a process whose command line names the package's folder, which the tests look for.
    static func infiniteManifestWorkspace() throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(
            """
            name: Forever
            layers:
              - name: core
                patterns: ["*"]
            adopt: {}
            """, label: "strata-infinite-manifest")
        try workspace.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            var spins = 0
            while true { spins &+= 1 }
            let package = Package(name: "Forever", targets: [.target(name: "Forever")])
            """)
        try workspace.write("Sources/Forever/Forever.swift", "public let forever = true\n")
        return workspace
    }

    /// The compiled manifest's command line carries `"packageDirectory":"<folder>"` (with the
    /// slashes escaped), so the folder's last component finds it and nothing else.
    static func marker(_ workspace: TemporaryWorkspace) -> String {
        (workspace.root as NSString).lastPathComponent
    }

    @Test func aManifestThatNeverFinishesIsAnInputErrorWithinTheLimit() async throws {
        let workspace = try Self.infiniteManifestWorkspace()
        let result = try await RunningStrata.timedRun(
            ["check"], in: workspace.root, environment: ["STRATA_TIMEOUT_MANIFEST": "20"], limit: .seconds(300))
        #expect(result.ending == .exited(2))
        // The manifest never finishes: ending at all (before the 300 s this test waits) shows the
        // limit. These bounds say the stop came after it and soon after it, by strata's own run
        // time; the upper one allows a machine loaded by the rest of the suite.
        let ranFor = try #require(result.ranFor)
        #expect(ranFor >= .seconds(20) && ranFor < .seconds(200), "strata ran for \(ranFor)")
        #expect(result.stdout.contains("Package.swift:1:1: error: [package-evaluation] Package.swift did not finish evaluating within 20 s"))
        #expect(result.stdout.contains("STRATA_TIMEOUT_MANIFEST=SECONDS"))
        #expect(await ProcessTable.waitUntilGone(matching: Self.marker(workspace), at: .seconds(5)))
    }

    @Test(arguments: [SIGKILL, SIGINT, SIGTERM])
    func nothingStrataStartedOutlivesIt(signal: Int32) async throws {
        let workspace = try Self.infiniteManifestWorkspace()
        let strata = try await RunningStrata(["check"], in: workspace.root)
        // The compiled manifest runs once SwiftPM has built it; then Strata is stopped.
        #expect(await ProcessTable.waitForProcess(matching: "packageDirectory", Self.marker(workspace), at: .seconds(120)))
        kill(strata.pid, signal)
        let ending = await strata.wait(at: .seconds(30))
        // Strata dies of the signal it was sent, as a shell expects (130 for Ctrl-C).
        #expect(ending == .signaled(signal))
        #expect(await ProcessTable.waitUntilGone(matching: Self.marker(workspace), at: .seconds(10)))
        #expect(!strata.standardOutput.contains("error:"))
    }

    @Test func aLimitThatIsNotANumberIsBadInput() async throws {
        let workspace = try Self.infiniteManifestWorkspace()
        let result = try await RunningStrata.run(["check"], in: workspace.root, environment: ["STRATA_TIMEOUT_MANIFEST": "soon"])
        #expect(result.ending == .exited(2))
        #expect(result.stderr.contains("STRATA_TIMEOUT_MANIFEST='soon' is not a number of seconds"))
    }
}
