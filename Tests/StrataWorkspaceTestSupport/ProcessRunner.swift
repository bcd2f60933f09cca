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
                    started.record(execution.processIdentifier)
                }
                started.ended()
                started.killLeftovers()
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

    /// The child once it has started, whether it has ended, and whether its timer killed it.
    ///
    /// The timer kills the child's process group by its id, so it must not outlive the group: on
    /// a loaded machine the run can return long after the child ended, and with 32,768 ids an id
    /// comes back within minutes, as the leader of another test's child. So the group is killed
    /// only while its leader is alive (asked through a pidfd of our own) or some process is still
    /// in it (a group's id is not reused while it has members).
    private final class ChildStart: Sendable {
        private struct State {
            var pid: Int32?
            /// A duplicate of Subprocess's pidfd, closed when the run returns.
            var pidfd: Int32 = -1
            var killed = false
            var ended = false
        }
        private let state = Mutex(State())

        var wasKilled: Bool { state.withLock { $0.killed } }

        func record(_ child: ProcessIdentifier) {
            state.withLock {
                $0.pid = child.value
                $0.pidfd = child.processDescriptor >= 0 ? dup(child.processDescriptor) : -1
            }
        }

        /// The run has returned: the child has ended and been reaped.
        func ended() {
            state.withLock { state in
                state.ended = true
                if state.pidfd >= 0 { close(state.pidfd) }
                state.pidfd = -1
            }
        }

        /// Kills what the child left running in its group (a background job): Subprocess stops
        /// reading once the child has exited, so nothing else would end it. The group's id is
        /// not reused while it has members, so this kill cannot reach another test's child.
        func killLeftovers() {
            guard let pid = state.withLock({ $0.pid }), Self.groupHasMembers(pid) else { return }
            kill(-pid, SIGKILL)
        }

        /// Kills the child's group if it still exists; false if the child's id is not known yet
        /// (try again).
        func killGroup() -> Bool {
            state.withLock { state in
                if state.ended { return true }
                guard let pid = state.pid else { return false }
                guard Self.isAlive(pidfd: state.pidfd) || Self.groupHasMembers(pid) else { return true }
                state.killed = true
                kill(-pid, SIGKILL)
                return true
            }
        }

        /// Whether the process behind `pidfd` is still running (a pidfd reads as ready once it
        /// has exited). Without a pidfd, assume it is.
        private static func isAlive(pidfd: Int32) -> Bool {
            guard pidfd >= 0 else { return true }
            var poll = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            return Glibc.poll(&poll, 1, 0) == 0
        }

        /// Whether a process that has not ended is in the process group `group` (`/proc/<pid>/stat`:
        /// the state, third field, is not Z; the group is the fifth). A zombie leader waiting to be
        /// reaped on a loaded machine is not one: the tool has ended.
        private static func groupHasMembers(_ group: Int32) -> Bool {
            // An empty group, as after nearly every run, is told by one call, without the scan.
            guard kill(-group, 0) == 0 || errno == EPERM else { return false }
            let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return processes.contains { name in
                guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                    let end = stat.lastIndex(of: ")")
                else { return false }
                let fields = stat[stat.index(after: end)...].split(separator: " ")
                return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == group
            }
        }
    }
}
