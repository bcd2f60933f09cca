import Foundation
public import StrataDiagnostics
import StrataProcess
import Subprocess
import SystemPackage

/// Why a git command could not give an answer, said so that a person can act on it.
public struct GitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable id for the kind of problem (`unknown-revision`, `shallow-clone`, `not-a-repository`, …).
    public var id: String
    public var message: String
    public var hint: String?

    public init(_ id: String, _ message: String, hint: String? = nil) {
        self.id = id
        self.message = message
        self.hint = hint
    }

    public var description: String { message }

    /// The error as an input error without a location (bad input: exit status 2).
    public var diagnostic: Diagnostic { .inputError(id, message, at: nil, hint: hint) }
}

/// Runs `git` in one folder and returns what it printed.
///
/// Every command runs with `GIT_OPTIONAL_LOCKS=0` (a read never takes the index lock, so a
/// `git commit` running beside it cannot fail) and `LC_ALL=C` (messages are matched in English).
struct GitRunner: Sendable {
    /// The folder git runs in.
    let directory: String

    /// The `git` executable: `$STRATA_GIT` if set, else `git` on the PATH.
    static var executable: Executable {
        if let path = ProcessInfo.processInfo.environment["STRATA_GIT"], !path.isEmpty {
            return .path(FilePath(path))
        }
        return ProgramSearch.executable(named: "git")
    }

    struct Output: Sendable {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: String
        var succeeded: Bool { status == 0 }
    }

    /// Runs `git arguments…`, feeding `input` on standard input. Throws only if git cannot be started.
    /// `environment` adds variables to the inherited ones (`GIT_INDEX_FILE` for a scratch index).
    func run(_ arguments: [String], input: [UInt8] = [], environment extra: [String: String] = [:]) async throws(GitError) -> Output {
        let result: ChildProcess.Outcome<[UInt8], String>
        do {
            var variables: [Environment.Key: String?] = ["GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "GIT_PAGER": "cat"]
            for (name, value) in extra { variables[Environment.Key(stringLiteral: name)] = value }
            let environment = Environment.inherit.updating(variables)
            result = try await ChildProcess.run(
                Self.executable, arguments: arguments, environment: environment,
                workingDirectory: FilePath(directory), input: .array(input),
                output: .bytes(limit: 1 << 31), error: .string(limit: 1 << 20), limit: .git)
        } catch let error as ProcessLimit.InvalidValue {
            throw GitError("invalid-limit", error.description, hint: "set it to a whole number of seconds, or unset it")
        } catch {
            throw GitError(
                "git-unavailable", "cannot run git in '\(directory)': \(error)",
                hint: "Strata reads the change from git; install git or set STRATA_GIT to its path")
        }
        if result.timedOut {
            let seconds = ProcessLimit.within(result.limit)
            throw GitError(
                "git-timeout", "git \(arguments.prefix(2).joined(separator: " ")) did not finish\(seconds) in '\(directory)'; it was stopped",
                hint: "a repository this slow to read may need 'git gc'; allow more time with \(ProcessLimit.git.variable)=SECONDS")
        }
        return Output(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    /// Runs git and returns standard output, or throws with git's own message.
    func output(
        _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:], failure id: String = "git-failed"
    ) async throws(GitError) -> [UInt8] {
        let result = try await run(arguments, input: input, environment: environment)
        guard result.succeeded else {
            let message = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(id, "git \(arguments.prefix(2).joined(separator: " ")) failed: \(message.isEmpty ? "exit \(result.status)" : message)")
        }
        return result.standardOutput
    }
}

extension Array where Element == UInt8 {
    /// The NUL-separated fields of `git … -z` output.
    var nulSeparatedFields: [String] {
        split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The output as text without its final newline.
    var trimmedLine: String {
        String(decoding: self, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
