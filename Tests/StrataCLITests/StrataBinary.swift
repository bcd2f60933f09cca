import Foundation
import StrataWorkspaceTestSupport
import Subprocess
import SystemPackage
import Testing

/// The built `strata` executable, run as users run it.
enum StrataBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var path: String { Fixtures.strataExecutable }

    /// Runs `strata arguments…` in `directory` (or, with `shell`, that command line under /bin/sh).
    static func run(
        _ arguments: [String], in directory: String = Fixtures.repositoryRoot, shell: String? = nil,
        environment: [String: String] = [:], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Result {
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "no strata executable at \(path); 'swift build' builds it", sourceLocation: sourceLocation)
        var updates: [Environment.Key: String?] = ["NO_COLOR": nil]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        let executable: Executable = shell == nil ? .path(FilePath(path)) : .path("/bin/sh")
        let result = try await Subprocess.run(
            executable, arguments: Arguments(shell.map { ["-c", $0] } ?? arguments), environment: .inherit.updating(updates),
            workingDirectory: FilePath(directory), output: .string(limit: 16 << 20), error: .string(limit: 16 << 20))
        let status: Int32
        switch result.terminationStatus {
        case .exited(let code): status = Int32(code)
        default: status = -1
        }
        return Result(status: status, stdout: result.standardOutput, stderr: result.standardError)
    }
}

/// Committed expected outputs. `STRATA_RECORD_SNAPSHOTS=1 swift test` rewrites them.
enum Snapshot {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD_SNAPSHOTS"] == "1" }

    static func assertMatches(_ actual: String, file path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        let relative = path.replacingOccurrences(of: Fixtures.repositoryRoot + "/", with: "")
        #expect(
            expected == actual,
            "\(relative) is stale; run 'STRATA_RECORD_SNAPSHOTS=1 swift test --filter StrataCLITests' and review the diff",
            sourceLocation: sourceLocation)
    }
}
