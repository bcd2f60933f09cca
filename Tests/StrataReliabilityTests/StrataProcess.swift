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
    /// With `timed`, a shell starts it and writes down how long it ran (`ranFor`).
    init(_ arguments: [String], in folder: String, environment: [String: String] = [:], timed: Bool = false) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no strata executable at \(Self.binary); 'swift build' builds it")
        scratch = try Fixtures.temporaryFolder("strata-run-output")
        let command = timed ? ["bash", "-c", Self.timer, "strata-timer", scratch + "/ran-for", Self.binary] + arguments : [Self.binary] + arguments
        process = try await LaunchedProcess.start(
            command[0], Array(command.dropFirst()), in: folder, environment: environment.merging(["NO_COLOR": "1"]) { given, _ in given },
            output: .file(scratch + "/stdout"), error: .file(scratch + "/stderr"))
    }

    /// Runs the command after the file's path and writes its wall time there in microseconds,
    /// keeping its exit status. The shell's clock, not the test's: in a full run on two cores a
    /// test's task can wake minutes after the process it waits for has ended.
    private static let timer = #"""
        file=$1; shift
        start=${EPOCHREALTIME/./}
        "$@"
        status=$?
        echo $(( ${EPOCHREALTIME/./} - start )) >"$file"
        exit $status
        """#

    /// How long a `timed` run's strata ran, once it has ended.
    var ranFor: Duration? {
        guard let text = try? String(contentsOfFile: scratch + "/ran-for", encoding: .utf8),
            let microseconds = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return .microseconds(microseconds)
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

    /// Runs `strata arguments…` to the end (at most `limit`) under a shell that times it.
    static func timedRun(
        _ arguments: [String], in folder: String, environment: [String: String] = [:], limit: Duration = .seconds(300)
    ) async throws -> (ending: Ending?, stdout: String, ranFor: Duration?) {
        let run = try await RunningStrata(arguments, in: folder, environment: environment, timed: true)
        let ending = await run.wait(at: limit)
        return (ending, run.standardOutput, run.ranFor)
    }
}
