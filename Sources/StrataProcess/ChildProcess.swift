import Foundation
public import Subprocess
import Synchronization
public import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the programs Strata needs (swift, git) so that none can outlive its welcome: each runs
/// in a session of its own under a time limit, and every process of that session ends when the
/// limit runs out, when Strata is interrupted or terminated, and when Strata dies (see
/// `ChildSessions`).
public enum ChildProcess {
    /// How a run ended.
    public struct Outcome<Output: Sendable, ErrorOutput: Sendable>: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var standardOutput: Output
        public var standardError: ErrorOutput
        /// The run was stopped because it reached its limit (`status` is then the signal's).
        public var timedOut: Bool
        /// The limit that applied, if any.
        public var limit: Duration?

        public var succeeded: Bool { status == 0 && !timedOut }
    }

    /// Runs `executable` under `limit` and collects what it printed as `output` and `error` say.
    ///
    /// Throws if the program cannot be started, if its output exceeds the collection limit, or
    /// if the limit's environment variable is malformed.
    public static func run<Input: InputProtocol, Output: OutputProtocol, ErrorOutput: ErrorOutputProtocol>(
        _ executable: Executable,
        arguments: [String],
        environment: Environment = .inherit,
        workingDirectory: FilePath? = nil,
        input: Input,
        output: Output,
        error: ErrorOutput,
        limit: ProcessLimit
    ) async throws -> Outcome<Output.OutputType, ErrorOutput.OutputType> {
        let timeout = try limit.duration()
        let options = {
            var options = PlatformOptions()
            // setsid(): the child leads a new session, which everything it starts inherits.
            options.createSession = true
            return options
        }()
        let running = Running()

        return try await withThrowingTaskGroup(of: Outcome<Output.OutputType, ErrorOutput.OutputType>?.self) { group in
            group.addTask {
                let result = try await Subprocess.run(
                    executable, arguments: Arguments(arguments), environment: environment, workingDirectory: workingDirectory,
                    platformOptions: options, input: input, output: output, error: error
                ) { execution in
                    running.started(execution.processIdentifier.value)
                }
                running.ended()
                // Strata is dying of a signal and killed this child on the way: its end is not a
                // failure to report. Wait for the signal, which is raised right after the kill.
                while ChildSessions.isTerminating { try? await Task.sleep(for: .seconds(1)) }
                let status: Int32
                switch result.terminationStatus {
                case .exited(let code): status = code
                case .signaled(let signal): status = 128 + signal
                }
                return Outcome(
                    status: status, standardOutput: result.standardOutput, standardError: result.standardError,
                    timedOut: running.timedOut, limit: timeout)
            }
            if let timeout {
                group.addTask {
                    try await Task.sleep(for: timeout)
                    // The child's session is known once the spawn's callback has run; on a
                    // starved machine that may be after the limit, so wait for it.
                    while !running.stop() { try await Task.sleep(for: .milliseconds(20)) }
                    return nil
                }
            }
            while let next = try await group.next() {
                if let outcome = next {
                    group.cancelAll()
                    return outcome
                }
            }
            preconditionFailure("the run's own task always returns an outcome")
        }
    }

    /// Installs the handlers that run ``SignalCleanup``'s work and stop every child's group when
    /// Strata gets SIGINT, SIGTERM or SIGHUP, then let the signal end Strata. The executable calls this once, first thing.
    public static func stopChildrenOnSignals() {
        ChildSessions.stopOnSignals()
    }

    /// One child's session as it starts, times out and ends; shared by the run and its timer.
    private final class Running: Sendable {
        private struct State {
            var session: pid_t?
            var timedOut = false
            var ended = false
        }
        private let state = Mutex(State())

        var timedOut: Bool { state.withLock { $0.timedOut } }

        func started(_ session: pid_t) {
            state.withLock { $0.session = session }
            ChildSessions.register(session)
        }

        /// The child has ended: its session is no longer watched. (What it started and left
        /// running is its own business, as with any program run from a shell.)
        func ended() {
            let session = state.withLock { state -> pid_t? in
                state.ended = true
                return state.session
            }
            if let session { ChildSessions.unregister(session) }
        }

        /// The limit ran out: every process of the session is killed. If the child had ended
        /// (and the run has not returned yet: on a starved machine its task may wake late), or
        /// none of the session was left, it did not time out. False if the child's session is
        /// not known yet (try again).
        func stop() -> Bool {
            let (ended, session) = state.withLock { ($0.ended, $0.session) }
            if ended { return true }
            guard let session else { return false }
            // The child leads its session: its pid is the session's id.
            if case .ended = ChildStatus.of(session) { return true }
            ChildSessions.killSessions([session]) { count in
                // Said before the kill, so the run sees it as soon as it returns.
                if count > 0 { state.withLock { $0.timedOut = true } }
            }
            return true
        }
    }
}
