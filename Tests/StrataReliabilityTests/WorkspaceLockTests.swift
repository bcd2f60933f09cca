import Foundation
import StrataWorkspaceTestSupport
import Testing

/// Runs that change a workspace take turns: two `strata new module` started together both
/// land, or the one told not to wait exits 2 having written nothing.
@Suite(.serialized) struct WorkspaceLockTests {
    static let emptyWorkspace = """
        name: Turns
        layers:
          - name: domain
          - name: core
        generate:
          layout: single
        modules:

        """

    @Test func twentyConcurrentPairsOfNewModuleKeepEveryModule() async throws {
        let workspace = try TemporaryWorkspace(Self.emptyWorkspace, label: "strata-concurrent-new")
        for pair in 1...20 {
            let first = try await RunningStrata(["new", "module", "First\(pair)", "--layer", "core"], in: workspace.root)
            let second = try await RunningStrata(["new", "module", "Second\(pair)", "--layer", "core"], in: workspace.root)
            #expect(await first.wait(at: .seconds(120)) == .exited(0), "\(first.standardError)")
            #expect(await second.wait(at: .seconds(120)) == .exited(0), "\(second.standardError)")
        }
        let manifest = try #require(workspace.read("strata.yml"))
        let package = try #require(workspace.read("Package.swift"))
        for pair in 1...20 {
            for name in ["First\(pair)", "Second\(pair)"] {
                #expect(manifest.contains("  \(name):"), "strata.yml lost \(name)")
                #expect(package.contains(".target(name: \"\(name)\""), "Package.swift lost \(name)")
                #expect(workspace.exists("Sources/\(name)"))
            }
        }
        let check = try await RunningStrata.run(["check", "."], in: workspace.root)
        #expect(check.ending == .exited(0), "\(check.stdout)")
    }

    @Test func aRunToldNotToWaitExitsTwoAndWritesNothing() async throws {
        let workspace = try TemporaryWorkspace(Self.emptyWorkspace, label: "strata-no-wait")
        // The lock is flock(2) on the workspace folder; flock(1) holds it as another run would.
        // It holds the lock until the test kills it: under the full suite the runs below took
        // more than 30 s together, and a holder that ended on its own let `generate` through.
        // Its command sleeps far longer than the test runs; the holder leads a process group of
        // its own, killed whole, so no sleeper outlives the test.
        let holder = try await LaunchedProcess.start("/usr/bin/flock", ["-o", workspace.root, "sleep", "3600"])
        // SIGKILL: a child started from the test runner may have SIGTERM blocked.
        defer { holder.signalGroup(SIGKILL) }
        try await Task.sleep(for: .milliseconds(300))
        let before = workspace.snapshot()

        let refused = try await RunningStrata.run(["new", "module", "Radar", "--layer", "core", "--no-wait"], in: workspace.root)
        #expect(refused.ending == .exited(2))
        #expect(refused.stderr.contains("error: [workspace-locked] another strata run is changing the workspace at"), "\(refused.stderr)")
        #expect(refused.stderr.contains("hint: nothing was changed"))
        #expect(workspace.snapshot() == before)

        let generate = try await RunningStrata.run(["generate", "--no-wait"], in: workspace.root)
        #expect(generate.ending == .exited(2))
        #expect(workspace.snapshot() == before)

        // Without --no-wait the run says it waits, and goes on once the holder is gone.
        let waiting = try await RunningStrata(["new", "module", "Radar", "--layer", "core"], in: workspace.root)
        // Its word comes once it has started, which under the full suite took more than a second.
        let deadline = ContinuousClock.now + .seconds(60)
        while !waiting.standardError.contains("strata: waiting for another strata run"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(waiting.process.isRunning)
        #expect(waiting.standardError.contains("strata: waiting for another strata run to finish changing"))
        holder.signalGroup(SIGKILL)
        #expect(await waiting.wait(at: .seconds(120)) == .exited(0), "\(waiting.standardError)")
        #expect(workspace.read("strata.yml")?.contains("  Radar:") == true)
    }
}
