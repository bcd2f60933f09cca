public import Foundation
import StrataProcess
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

    /// The most either output stream may hold; what a tool prints beyond it is cut, and the
    /// result's standard error says so.
    static let outputLimit = 256 << 20

    /// How long after the tool ended swift-subprocess may take to say so before the run reads
    /// the tool's end itself. Whole-suite runs on 2 cores stalled for good, every thread idle,
    /// with children that had ended; generous, because on a starved machine the run's own task
    /// can wake a minute late, and reading the end here is right either way.
    static let lostEndLimit: Duration = .seconds(90)

    /// Runs `executable` (a path, or a name looked up on the PATH) with `arguments` in `folder`,
    /// feeding `input` on standard input, with `environment` added to the test process's own.
    /// After `timeout` seconds the tool's process group (the tool and what it started: each tool
    /// leads a session of its own) is killed, and the result's standard error says so.
    ///
    /// The tool reads and writes files (unlinked at once), not pipes: what it printed is whole
    /// once it has ended, whatever it left running, and nothing waits on a pipe's readiness.
    public static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil, input: Data? = nil,
        environment: [String: String] = [:], timeout: TimeInterval = defaultTimeout
    ) async throws -> Result {
        try await run(executable, arguments, in: folder, input: input, environment: environment, timeout: timeout, losingTheEnd: false)
    }

    /// `losingTheEnd`: the run's swift-subprocess call never returns, as when it loses the
    /// child's end (for the test of what the run does then).
    static func run(
        _ executable: String, _ arguments: [String], in folder: String?, input: Data?, environment: [String: String],
        timeout: TimeInterval, losingTheEnd: Bool, lostEndLimit: Duration = lostEndLimit
    ) async throws -> Result {
        let files = try RunFiles(input: input ?? Data())
        let child = ChildStart()
        // From swift-subprocess or, when it lost the end, from the watcher: the first is kept.
        let ending = FirstResult<LaunchedProcess.Ending>()
        Task {
            do {
                let run = try await Subprocess.run(
                    LaunchedProcess.executable(executable), arguments: Arguments(arguments),
                    environment: LaunchedProcess.environment(adding: environment), workingDirectory: folder.map { FilePath($0) },
                    platformOptions: LaunchedProcess.ownSession, input: .fileDescriptor(try files.input(), closeAfterSpawningProcess: true),
                    output: .fileDescriptor(try files.output(), closeAfterSpawningProcess: true),
                    error: .fileDescriptor(try files.error(), closeAfterSpawningProcess: true)
                ) { execution in
                    child.record(execution.processIdentifier)
                    if losingTheEnd { try await Task.sleep(for: .seconds(24 * 3600)) }
                }
                // Said before anything else runs: the child's id may be reused from now on.
                child.ended()
                ending.set(.success(LaunchedProcess.Ending(run.terminationStatus)))
            } catch {
                child.ended()
                ending.set(.failure(error))
            }
        }
        let watcher = Task { await watch(child, until: ending, timeout: timeout, lostEndLimit: lostEndLimit, naming: executable) }
        defer { watcher.cancel() }
        let end = try await ending.value()
        child.ended()  // also when the watcher read the end, swift-subprocess's task still waiting
        child.killLeftovers()
        var result = Result(status: end.status, output: files.outputText(), error: files.errorText())
        if child.wasKilled { result.error += "\n[ProcessRunner: \(executable) killed after \(Int(timeout)) s without finishing]" }
        return result
    }

    /// Kills the child at its deadline, and reads its end itself if swift-subprocess has not
    /// reported it `lostEndLimit` after the child ended.
    private static func watch(
        _ child: ChildStart, until ending: FirstResult<LaunchedProcess.Ending>, timeout: TimeInterval, lostEndLimit: Duration, naming tool: String
    ) async {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(timeout)
        var endSeen: ContinuousClock.Instant?
        var killed = false
        while !ending.isSet, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            // The child's id is known once the run's callback has run; on a loaded machine that
            // may be after the timeout, so try again until it is.
            if !killed, clock.now > deadline { killed = child.killGroup() }
            guard let end = child.endNotCollected() else { continue }
            let seen = endSeen ?? clock.now
            endSeen = seen
            if clock.now - seen > lostEndLimit {
                FileHandle.standardError.write(
                    Data(
                        "[ProcessRunner: swift-subprocess had not reported the end of \(tool) (pid \(child.pid ?? 0)) \(lostEndLimit) after it; read here]\n"
                            .utf8))
                ending.set(.success(end))
            }
        }
    }

    /// The tool's standard input, output and error as files of their own, unlinked as soon as
    /// they are made; the run hands the tool duplicates and reads its own copies afterwards.
    private final class RunFiles: Sendable {
        let descriptors: [Int32]

        init(input: Data) throws {
            var made: [Int32] = []
            for _ in 0..<3 {
                var template = Array((NSTemporaryDirectory() + "/strata-run-XXXXXX").utf8CString)
                let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard descriptor >= 0 else {
                    let reason = String(cString: strerror(errno))
                    for made in made { close(made) }
                    throw ProcessRunnerError("cannot make a file for a tool's output: \(reason)")
                }
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                made.append(descriptor)
            }
            descriptors = made
            _ = input.withUnsafeBytes { pwrite(made[0], $0.baseAddress, $0.count, 0) }
        }

        deinit { for descriptor in descriptors { close(descriptor) } }

        func input() throws -> FileDescriptor { try duplicate(0) }
        func output() throws -> FileDescriptor { try duplicate(1) }
        func error() throws -> FileDescriptor { try duplicate(2) }

        func outputText() -> String { text(1) }
        func errorText() -> String { text(2) }

        /// A descriptor of its own, so the tool reads its input from the start.
        private func duplicate(_ index: Int) throws -> FileDescriptor {
            guard index == 0 else { return FileDescriptor(rawValue: fcntl(descriptors[index], F_DUPFD_CLOEXEC, 0)) }
            var path = Array("/proc/self/fd/\(descriptors[0])".utf8CString)
            let reopened = path.withUnsafeMutableBufferPointer { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
            guard reopened >= 0 else { throw ProcessRunnerError("cannot reopen a tool's input: \(String(cString: strerror(errno)))") }
            return FileDescriptor(rawValue: reopened)
        }

        private func text(_ index: Int) -> String {
            var size = stat()
            guard fstat(descriptors[index], &size) == 0 else { return "" }
            let length = min(Int(size.st_size), ProcessRunner.outputLimit)
            var bytes = [UInt8](repeating: 0, count: length)
            let read = bytes.withUnsafeMutableBytes { pread(descriptors[index], $0.baseAddress, length, 0) }
            let text = String(decoding: bytes.prefix(max(read, 0)), as: UTF8.self)
            guard Int(size.st_size) > length else { return text }
            return text + "\n[ProcessRunner: cut at \(ProcessRunner.outputLimit) bytes]"
        }
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
        var pid: Int32? { state.withLock { $0.pid } }

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

        /// How the child ended, if it has and nothing has collected it yet (asked through the pidfd
        /// without collecting it, so swift-subprocess still can).
        func endNotCollected() -> LaunchedProcess.Ending? {
            state.withLock { state in
                guard state.pidfd >= 0, !state.ended, case .ended(let code, let status) = ChildStatus.of(pidfd: state.pidfd) else { return nil }
                return code == CLD_EXITED ? .exited(status) : .signaled(status)
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

struct ProcessRunnerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
