import Foundation
import StrataWorkspaceTestSupport
import Testing

/// The built `strata` executable started as a separate process that a test can wait for,
/// interrupt or kill, as a user or a CI runner would.
final class RunningStrata: Sendable {
    let process: LaunchedProcess
    private let scratch: String
    private var outputFile: String { scratch + "/stdout" }
    private var errorFile: String { scratch + "/stderr" }

    static var binary: String { Fixtures.strataExecutable }

    /// Starts `strata arguments…` in `folder`; output goes to files, so nothing can block on a pipe.
    init(_ arguments: [String], in folder: String, environment: [String: String] = [:]) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no strata executable at \(Self.binary); 'swift build' builds it")
        scratch = try Fixtures.temporaryFolder("strata-run-output")
        process = try await LaunchedProcess.start(
            Self.binary, arguments, in: folder, environment: environment.merging(["NO_COLOR": "1"]) { given, _ in given },
            output: .file(scratch + "/stdout"), error: .file(scratch + "/stderr"))
    }

    deinit {
        process.signal(SIGTERM)
        try? FileManager.default.removeItem(atPath: scratch)
    }

    var pid: Int32 { process.pid }
    var standardOutput: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    typealias Ending = LaunchedProcess.Ending

    /// Waits for the process to end, at most `limit`; nil if it is still running then.
    func wait(at most: Duration) async -> Ending? {
        await process.wait(at: most)
    }

    /// Runs `strata arguments…` to the end (at most `limit`).
    static func run(
        _ arguments: [String], in folder: String, environment: [String: String] = [:], limit: Duration = .seconds(300)
    ) async throws -> (ending: Ending?, stdout: String, stderr: String) {
        let run = try await RunningStrata(arguments, in: folder, environment: environment)
        let ending = await run.wait(at: limit)
        return (ending, run.standardOutput, run.standardError)
    }
}
