import Foundation
@testable import StrataBench
import StrataDiagnostics
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataRules
import Subprocess
import SystemPackage
import Testing

/// The launcher on real processes: output read after the exit, peak memory from wait4, a
/// failing run refused.
@Suite struct LauncherTests {
    static func script(_ text: String) throws -> String {
        try ExecutableScript.write("#!/bin/sh\n" + text, to: NSTemporaryDirectory() + "strata-launcher-" + UUID().uuidString.prefix(8) + ".sh")
    }

    @Test func aRunIsTimedAndItsOutputRead() throws {
        let path = try Self.script("echo checksum 7\n")
        defer { unlink(path) }
        let launch = try Launcher.run(path)
        #expect(launch.output == "checksum 7")
        #expect(launch.timeToMain == nil)
        #expect(launch.peakMemoryKB > 0)
        #expect(launch.wallTime > .zero && launch.wallTime < .seconds(10))
    }

    @Test func theAppsReportOfWhenMainStartedGivesTheTimeToMain() throws {
        // The shell's own clock is not CLOCK_MONOTONIC: the script reports a moment far in the
        // future, which shows the parsing without depending on how fast the shell starts.
        let path = try Self.script("echo checksum 7\necho main-started 9000000000000000000 >&2\n")
        defer { unlink(path) }
        let launch = try Launcher.run(path)
        #expect(launch.timeToMain.map { $0 > .seconds(1_000_000) } == true)
    }

    @Test func aFailingRunIsRefused() throws {
        let path = try Self.script("echo broken >&2\nexit 3\n")
        defer { unlink(path) }
        let error = #expect(throws: BenchError.self) { try Launcher.run(path) }
        #expect(error?.description.contains("failed") == true && error?.description.contains("broken") == true)
        #expect(throws: BenchError.self) { try Launcher.run("/nonexistent/BenchApp") }
    }
}
