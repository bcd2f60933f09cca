public import Foundation
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Runs a tool the tests compare against or drive (git, Graphviz, Chromium, patch, diff).
///
/// Children are started with swift-subprocess, never Foundation's `Process`: on Linux its
/// `run()` over-reads `/proc/self/fd` entries and crashed the test process about once per full
/// run (swift-corelibs-foundation #5472, fixed after Swift 6.3.1). Subprocess is async only, so
/// every helper that starts a tool is async too: a synchronous wait on an async run blocks one of
/// the pool's few threads and, with every thread blocked so, never ends.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// How long a tool may run before it is killed: longer than any build a test runs on a loaded
    /// 2-core machine, short enough that a hung tool fails its test with what it printed instead
    /// of holding the whole run until CI cuts it.
    public static let defaultTimeout: TimeInterval = 20 * 60

    /// The most either output stream may hold; a tool printing more is a failed test, not a
    /// test process out of memory.
    static let outputLimit = 256 << 20

    /// Runs `executable` (a path, or a name looked up on the PATH) with `arguments` in `folder`,
    /// feeding `input` on standard input, with `environment` added to the test process's own.
    /// After `timeout` seconds the tool's process group (the tool and what it started: each tool
    /// leads a session of its own) is killed, and the result's standard error says so.
    public static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil, input: Data? = nil,
        environment: [String: String] = [:], timeout: TimeInterval = defaultTimeout
    ) async throws -> Result {
        let started = ChildStart()
        let result = try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                let run = try await Subprocess.run(
                    LaunchedProcess.executable(executable), arguments: Arguments(arguments),
                    environment: LaunchedProcess.environment(adding: environment), workingDirectory: folder.map { FilePath($0) },
                    platformOptions: LaunchedProcess.ownSession, input: .data(input ?? Data()),
                    output: .string(limit: outputLimit), error: .string(limit: outputLimit)
                ) { execution in
                    started.record(execution.processIdentifier.value)
                }
                started.ended()
                return Result(
                    status: LaunchedProcess.Ending(run.terminationStatus).status, output: run.standardOutput,
                    error: run.standardError)
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                // The child's id is known once the run's callback has run; on a loaded machine that
                // may be after the timeout, so wait for it.
                while !started.killGroup() { try await Task.sleep(for: .milliseconds(20)) }
                return nil
            }
            while let next = try await group.next() {
                if let result = next {
                    group.cancelAll()
                    return result
                }
            }
            preconditionFailure("the run's own task always returns a result")
        }
        guard started.wasKilled else { return result }
        var killed = result
        killed.error += "\n[ProcessRunner: \(executable) killed after \(Int(timeout)) s without finishing]"
        return killed
    }

    /// The child's process id once it has started, whether it has ended, and whether its timer
    /// killed it.
    private final class ChildStart: Sendable {
        private struct State {
            var pid: Int32?
            var killed = false
            var ended = false
        }
        private let state = Mutex(State())

        var wasKilled: Bool { state.withLock { $0.killed } }

        func record(_ pid: Int32) { state.withLock { $0.pid = pid } }

        /// The child has ended and been reaped: its id may belong to another process now.
        func ended() { state.withLock { $0.ended = true } }

        /// Kills the child's group; false if the child's id is not known yet (try again).
        func killGroup() -> Bool {
            state.withLock { state in
                if state.ended { return true }
                guard let pid = state.pid else { return false }
                state.killed = true
                kill(-pid, SIGKILL)
                return true
            }
        }
    }
}
