import Foundation
import StrataModelTestSupport
import Testing

/// The test helper every suite starts tools with: a tool that hangs (and what it started) is
/// killed at its deadline and the test sees why, rather than the run hanging until CI cuts it.
struct ProcessRunnerTests {
    @Test func aToolThatOutlivesItsTimeoutIsKilledWithItsChildren() async throws {
        let started = Date()
        // The shell starts a sleeping grandchild that holds the output pipe open too. Ten minutes
        // of sleep: a loaded CI machine took 41 s to start, kill and reap them, never ten minutes.
        let result = try await ProcessRunner.run("sh", ["-c", "echo begun; sleep 600 & sleep 600; echo never"], timeout: 1)
        #expect(Date().timeIntervalSince(started) < 300)
        #expect(result.status != 0)
        #expect(result.output == "begun\n")
        #expect(result.error.contains("killed after 1 s without finishing"))
    }

    @Test func aToolThatFinishesInTimeIsNotTouched() async throws {
        let result = try await ProcessRunner.run("sh", ["-c", "printf out; printf err >&2; exit 3"], timeout: 30)
        #expect(result.status == 3 && result.output == "out" && result.error == "err")
    }
}
