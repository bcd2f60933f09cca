public import Foundation
import StrataProcess
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A program a test starts and leaves running (a server, `strata` itself, a lock holder), then
/// waits for, signals or kills. It leads a session of its own, so signalling its group reaches
/// what it started. Its output goes to files or nowhere, so nothing can block on a full pipe.
public final class LaunchedProcess: Sendable {
    /// How the program ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or 128 + the signal, as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }

        init(_ status: TerminationStatus) {
            switch status {
            case .exited(let code): self = .exited(code)
            case .signaled(let signal): self = .signaled(signal)
            }
        }
    }

    /// Where one of the program's output streams goes.
    public enum Destination: Sendable {
        case discarded
        /// The file at this path, created or emptied first.
        case file(String)
    }

    public let pid: Int32
    private let ending: EndingRecord

    private init(pid: Int32, ending: EndingRecord) {
        self.pid = pid
        self.ending = ending
    }

    /// Starts `executable` (a path, or a name looked up on the PATH) with `arguments` in `folder`,
    /// with `environment` added to the test process's own; standard input reads nothing.
    public static func start(
        _ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
        output: Destination = .discarded, error: Destination = .discarded
    ) async throws -> LaunchedProcess {
        let outputFile = try open(output)
        if case .file(let outputPath) = output, case .file(let errorPath) = error, outputPath == errorPath {
            // One descriptor for both, so the streams interleave instead of overwriting each other.
            return try await start(executable, arguments, in: folder, environment: environment, output: outputFile, error: .combinedWithOutput)
        }
        let errorFile: FileDescriptor
        do { errorFile = try open(error) } catch {
            try? outputFile.close()
            throw error
        }
        return try await start(
            executable, arguments, in: folder, environment: environment, output: outputFile,
            error: .fileDescriptor(errorFile, closeAfterSpawningProcess: true))
    }

    private static func start<ErrorOutput: ErrorOutputProtocol>(
        _ executable: String, _ arguments: [String], in folder: String?, environment: [String: String], output: FileDescriptor,
        error: ErrorOutput
    ) async throws -> LaunchedProcess {
        let ending = EndingRecord()
        // The child's process id, or why it did not start, from the run's task.
        let started = FirstResult<Int32>()
        Task {
            do {
                let run = try await Subprocess.run(
                    Self.executable(executable), arguments: Arguments(arguments), environment: Self.environment(adding: environment),
                    workingDirectory: folder.map { FilePath($0) }, platformOptions: Self.ownSession, input: .none,
                    output: .fileDescriptor(output, closeAfterSpawningProcess: true), error: error
                ) { execution in
                    started.set(.success(execution.processIdentifier.value))
                }
                ending.set(Ending(run.terminationStatus))
            } catch {
                started.set(.failure(error))
                // Failed after the start (collecting its end): the program is taken as gone.
                ending.set(.exited(-1))
            }
        }
        let pid = try await started.value()
        return LaunchedProcess(pid: pid, ending: ending)
    }

    public var isRunning: Bool { ending.value == nil }

    /// Waits for the program to end, at most `limit`; nil if it is still running then.
    ///
    /// The limit is the program's, not the test run's scheduler's: in a full run on two cores this
    /// task, and the one that records the ending, can wake minutes late (a one-run test with a 30 s
    /// limit was seen to take 296 s). So past the deadline the process itself is asked, without
    /// reaping it: one that has ended, or was reaped and is waiting to be recorded, did not hang.
    public func wait(at most: Duration) async -> Ending? {
        let deadline = ContinuousClock.now + most
        while true {
            if let ending = ending.value { return ending }
            if ContinuousClock.now > deadline {
                switch ChildStatus.of(pid) {
                case .running: return nil
                case .ended(let code, let status): return code == CLD_EXITED ? .exited(status) : .signaled(status)
                case .gone: break  // Collected: its ending is about to be recorded.
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The first line the program wrote to the file at `path` (a server's "listening on" line),
    /// without its newline; what the file holds if the program ended or `limit` passed first.
    public func firstLine(in path: String, within limit: Duration = .seconds(120)) async -> String {
        let deadline = ContinuousClock.now + limit
        while true {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
            if !isRunning || ContinuousClock.now > deadline { return text }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends `signal` to the program alone.
    public func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Sends `signal` to the program and everything it started (its process group).
    public func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }

    /// Sends `signal` and waits for the program to end, at most `limit`.
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM, waiting limit: Duration = .seconds(120)) async -> Ending? {
        self.signal(signal)
        return await wait(at: limit)
    }

    // MARK: - Shared with ProcessRunner

    /// A leader of a new session (and so of a process group of its own).
    static var ownSession: PlatformOptions {
        var options = PlatformOptions()
        options.createSession = true
        return options
    }

    static func executable(_ name: String) -> Executable {
        name.hasPrefix("/") ? .path(FilePath(name)) : .name(name)
    }

    static func environment(adding variables: [String: String]) -> Environment {
        var updates: [Environment.Key: String?] = [:]
        for (name, value) in variables { updates[Environment.Key(stringLiteral: name)] = value }
        return .inherit.updating(updates)
    }

    private static func open(_ destination: Destination) throws -> FileDescriptor {
        switch destination {
        case .discarded:
            try FileDescriptor.open("/dev/null", .writeOnly, options: [.closeOnExec])
        case .file(let path):
            try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        }
    }

    /// How the program ended, once it has; set by the run's task.
    private final class EndingRecord: Sendable {
        private let state = Mutex<Ending?>(nil)
        var value: Ending? { state.withLock { $0 } }
        func set(_ ending: Ending) { state.withLock { $0 = $0 ?? ending } }
    }
}
