import Foundation
import StrataProcess
import Subprocess
import SystemPackage
import Testing

@Suite struct ChildProcessTests {
    /// A limit of one second that no environment variable overrides.
    let oneSecond = ProcessLimit(variable: "STRATA_TEST_UNSET_LIMIT", defaultSeconds: 1)

    @Test func aChildThatFinishesInTimeGivesItsOutputAndStatus() async throws {
        // A minute: ample for a shell's echo even on a machine loaded by the rest of the suite.
        let minute = ProcessLimit(variable: "STRATA_TEST_UNSET_LIMIT", defaultSeconds: 60)
        let result = try await ChildProcess.run(
            .path("/bin/sh"), arguments: ["-c", "echo out; echo err >&2; exit 3"], input: .none,
            output: .string(limit: 1024), error: .string(limit: 1024), limit: minute)
        #expect(result.status == 3)
        #expect(!result.timedOut)
        #expect(result.standardOutput == "out\n")
        #expect(result.standardError == "err\n")
    }

    @Test func aChildPastItsLimitIsStoppedWithEverythingItStarted() async throws {
        // The grandchild moves to a process group of its own, as SwiftPM does with the compiled
        // manifest it runs; it must end all the same.
        let marker = "strata-test-grandchild-\(UUID().uuidString)"
        let script = "python3 -c 'import os, time; os.setpgrp(); time.sleep(600)' \(marker) & sleep 600"
        let start = ContinuousClock.now
        let result = try await ChildProcess.run(
            .path("/bin/sh"), arguments: ["-c", script], input: .none, output: .discarded, error: .discarded, limit: oneSecond)
        let elapsed = ContinuousClock.now - start
        #expect(result.timedOut)
        #expect(!result.succeeded)
        #expect(result.limit == .seconds(1))
        // The stop, not the child's own end, ended the run: well before the 600 s it sleeps.
        // (How soon after the limit it came is not asserted: under the full suite the timer's
        // task waits for a thread of a pool the other tests keep busy, for two minutes at times.)
        #expect(elapsed < .seconds(450))
        // Gone soon after; a loaded machine may take a moment to reap them.
        let deadline = ContinuousClock.now + .seconds(30)
        while !ProcessTable.running(matching: marker).isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(ProcessTable.running(matching: marker).isEmpty)
    }

    @Test func aLimitOfZeroMeansNoLimit() throws {
        let limit = ProcessLimit(variable: "STRATA_TEST_LIMIT", defaultSeconds: 5)
        #expect(try limit.duration(environment: [:]) == .seconds(5))
        #expect(try limit.duration(environment: ["STRATA_TEST_LIMIT": "0"]) == nil)
        #expect(try limit.duration(environment: ["STRATA_TEST_LIMIT": "42"]) == .seconds(42))
    }

    @Test func aLimitThatIsNotANumberOfSecondsIsReported() {
        let invalid = ProcessLimit.invalidValues(environment: ["STRATA_TIMEOUT_GIT": "ten", "STRATA_TIMEOUT_MANIFEST": "-1"])
        #expect(Set(invalid.map(\.variable)) == ["STRATA_TIMEOUT_GIT", "STRATA_TIMEOUT_MANIFEST"])
        #expect(
            invalid.first { $0.variable == "STRATA_TIMEOUT_GIT" }?.description
                == "STRATA_TIMEOUT_GIT='ten' is not a number of seconds (a whole number, 0 for no limit)")
        #expect(ProcessLimit.invalidValues(environment: ["STRATA_TIMEOUT_SWIFT_TEST": "0"]).isEmpty)
    }
}

/// The processes running on this machine, read from /proc. (StrataWorkspaceTestSupport has the
/// same for the end-to-end tests; this foundation-layer target may not depend on it.)
enum ProcessTable {
    /// Processes (not zombies) whose command line contains `text`.
    static func running(matching text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: command, as: UTF8.self).replacingOccurrences(of: "\0", with: " ").contains(text),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z"
            else { return nil }
            return pid
        }
    }
}
