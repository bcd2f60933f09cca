import Foundation
import Testing

@testable import StrataWorkspaceTestSupport

/// The test helper every suite starts tools with: a tool that hangs (and what it started) is
/// killed at its deadline and the test sees why, rather than the run hanging until CI cuts it.
struct ProcessRunnerTests {
    /// No bound on the test's own time: with the whole suite on two cores, the test process
    /// itself was starved for five minutes on CI. "never" missing from the output is the proof
    /// that the shell was stopped, not waited for.
    @Test func aToolThatOutlivesItsTimeoutIsKilledWithItsChildren() async throws {
        // The shell starts a sleeping grandchild that holds the output open too.
        let result = try await ProcessRunner.run("sh", ["-c", "echo begun; sleep 600 & sleep 600; echo never"], timeout: 1)
        #expect(result.status != 0)
        #expect(result.output == "begun\n")
        #expect(result.error.contains("killed after 1 s without finishing"))
    }

    /// The shell ends at once and leaves a sleeper in its group: the run returns when the shell
    /// ends, and the sleeper is killed then rather than left running after the test.
    @Test func whatAToolLeavesRunningIsKilledWhenItEnds() async throws {
        let result = try await ProcessRunner.run("sh", ["-c", "sleep 600 & echo $!"], timeout: 300)
        let sleeper = try #require(Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = Date().addingTimeInterval(60)
        while Self.isRunning(sleeper), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!Self.isRunning(sleeper), "sleep 600 (\(sleeper)) outlived the tool that started it")
        #expect(!result.error.contains("killed after"))
    }

    /// Whether `pid` is a process that has not ended (a zombie has ended).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: end)...].split(separator: " ").first != "Z"
    }

    @Test func aToolThatFinishesInTimeIsNotTouched() async throws {
        let result = try await ProcessRunner.run("sh", ["-c", "printf out; printf err >&2; exit 3"], timeout: 30)
        #expect(result.status == 3 && result.output == "out" && result.error == "err")
    }

    /// swift-subprocess never returns (as when it loses the child's end, which stalled whole
    /// runs): the run reads the end itself, with everything the tool printed. Were it not read,
    /// the run would end only when its timeout killed the tool, with another status.
    @Test func aRunWhoseEndSwiftSubprocessLosesStillReturnsIt() async throws {
        let result = try await ProcessRunner.run(
            "sh", ["-c", "cat; printf err >&2; exit 4"], in: nil, input: Data("fed\n".utf8), environment: [:], timeout: 600,
            losingTheEnd: true, lostEndLimit: .seconds(1))
        #expect(result.status == 4 && result.output == "fed\n" && result.error == "err", "\(result)")
    }

    @Test func inputIsReadFromItsStartAndLongOutputIsWhole() async throws {
        let input = String(repeating: "0123456789", count: 100_000)
        let result = try await ProcessRunner.run("sh", ["-c", "cat; cat /dev/null"], input: Data(input.utf8), timeout: 300)
        #expect(result.status == 0 && result.output == input)
    }

    @Test func aLaunchedProgramIsWaitedForSignalledAndItsFirstLineRead() async throws {
        let folder = try Fixtures.temporaryFolder("strata-launched")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await LaunchedProcess.start(
            "sh", ["-c", "echo listening on 127.0.0.1:4000; echo more; echo oops >&2; exec sleep 600"], in: folder,
            output: .file(folder + "/out"), error: .file(folder + "/out"))
        #expect(await server.firstLine(in: folder + "/out") == "listening on 127.0.0.1:4000")
        #expect(server.isRunning)
        #expect(await server.wait(at: .milliseconds(100)) == nil)
        #expect(await server.stop(SIGTERM) == .signaled(SIGTERM))
        #expect(!server.isRunning)
        let log = try String(contentsOfFile: folder + "/out", encoding: .utf8)
        #expect(log.contains("more\n") && log.contains("oops\n"), "both streams in one file, neither overwriting the other: \(log)")

        let quick = try await LaunchedProcess.start("sh", ["-c", "exit 7"], in: folder)
        #expect(await quick.wait(at: .seconds(120)) == .exited(7))
        await #expect(throws: (any Error).self) { try await LaunchedProcess.start("/nonexistent/program", []) }
    }
}
