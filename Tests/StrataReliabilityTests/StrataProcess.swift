import Foundation
import StrataModelTestSupport
import Testing

/// The built `strata` executable started as a separate process that a test can wait for,
/// interrupt or kill, as a user or a CI runner would.
final class RunningStrata: @unchecked Sendable {
    // @unchecked: `process` is used from the test's task only; Process itself is thread-safe
    // for waiting and signalling.
    let process: Process
    private let outputFile: String
    private let errorFile: String

    static var binary: String { Fixtures.strataExecutable }

    /// Starts `strata arguments…` in `folder`; output goes to files, so nothing can block on a pipe.
    init(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no strata executable at \(Self.binary); 'swift build' builds it")
        let scratch = try Fixtures.temporaryFolder("strata-run-output")
        outputFile = scratch + "/stdout"
        errorFile = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        let output = try #require(FileHandle(forWritingAtPath: outputFile))
        let error = try #require(FileHandle(forWritingAtPath: errorFile))
        // The child has its own copies once started; Process keeps these open otherwise (two
        // descriptors per run, hundreds over the suite).
        defer {
            try? output.close()
            try? error.close()
        }
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: (outputFile as NSString).deletingLastPathComponent)
    }

    var pid: Int32 { process.processIdentifier }
    var standardOutput: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// How the process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Waits for the process to end, at most `limit`; nil if it is still running then.
    func wait(at most: Duration) async -> Ending? {
        let deadline = ContinuousClock.now + most
        while process.isRunning {
            if ContinuousClock.now > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationReason == .exit ? .exited(process.terminationStatus) : .signaled(process.terminationStatus)
    }

    /// Runs `strata arguments…` to the end (at most `limit`).
    static func run(
        _ arguments: [String], in folder: String, environment: [String: String] = [:], limit: Duration = .seconds(300)
    ) async throws -> (ending: Ending?, stdout: String, stderr: String) {
        let run = try RunningStrata(arguments, in: folder, environment: environment)
        let ending = await run.wait(at: limit)
        return (ending, run.standardOutput, run.standardError)
    }
}
