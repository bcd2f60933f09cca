public import Foundation

/// Runs a tool the tests compare against or drive (git, Graphviz, Chromium, patch, diff).
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// `run` from an async test: the tool runs and is waited for on a thread of its own. Waiting
    /// on one of the few threads async tests share (two on a 2-core machine) would stall every
    /// other test's tasks for as long as the tool runs: a `swift build` of a minute made a
    /// one-second child-process limit fire two minutes late.
    public static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil, input: Data? = nil,
        environment: [String: String] = [:], timeout: TimeInterval = defaultTimeout
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        try run(executable, arguments, in: folder, input: input, environment: environment, timeout: timeout) as Result
                    })
            }.start()
        }
    }

    /// How long a tool may run before it is killed: longer than any build a test runs on a loaded
    /// 2-core machine, short enough that a hung tool fails its test with what it printed instead
    /// of holding the whole run until CI cuts it.
    public static let defaultTimeout: TimeInterval = 20 * 60

    /// Runs `executable` (a path, or a name looked up on the PATH) with `arguments` in `folder`,
    /// feeding `input` on standard input; both output streams are read as they come, so a chatty
    /// tool cannot block on a full pipe. After `timeout` seconds the tool's process group (the
    /// tool and what it started: Foundation gives each child a group of its own) is killed, and
    /// the result's standard error says so.
    public static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil, input: Data? = nil,
        environment: [String: String] = [:], timeout: TimeInterval = defaultTimeout
    ) throws -> Result {
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        // The watchdog is a thread of its own: Dispatch's shared threads may all be blocked by
        // tests waiting on tools, which would make it late.
        let timedOut = Flag()
        let finished = DispatchSemaphore(value: 0)
        Thread { [pid = process.processIdentifier] in
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                timedOut.set()
                kill(-pid, SIGKILL)
            }
        }.start()
        defer { finished.signal() }
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        if let input {
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let killed = timedOut.isSet ? "\n[ProcessRunner: \(executable) killed after \(Int(timeout)) s without finishing]" : ""
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData.wait(), as: UTF8.self) + killed)
    }

    /// Set once by the watchdog, read after the tool has ended.
    private final class Flag: @unchecked Sendable {
        // @unchecked: every access holds `lock`.
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    /// Standard error's bytes, handed from the reading thread.
    private final class LockedData: @unchecked Sendable {
        // @unchecked: `data` is written once by the reader thread before `done` is signalled and
        // read only after waiting for it.
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        func set(_ value: Data) {
            data = value
            done.signal()
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
