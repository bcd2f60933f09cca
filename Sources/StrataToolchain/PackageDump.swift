import StrataProcess
import Subprocess

/// `swift package dump-package`: SwiftPM compiles and runs a Package.swift and prints what it
/// declares as JSON. This runs it; what the JSON means is the model's business.
public enum PackageDump {
    /// Why there is no JSON.
    public enum Failure: Error, Sendable {
        /// The manifest did not finish within the limit (`within` reads " within N s", or is empty
        /// for no limit); it and everything it started were stopped. `variable` allows more time.
        case timedOut(within: String, variable: String)
        /// SwiftPM refused the manifest: its standard error (compiler errors with positions).
        case failed(standardError: String)
        /// The time limit's variable is set to something that is not a number of seconds.
        case invalidLimit(String)
        /// `swift` could not be started.
        case cannotRun(String)
    }

    /// The JSON SwiftPM prints for the package in `directory`, built in `scratch` (a folder of
    /// its own: the package's `.build` may be locked by a build running right now, and
    /// dump-package needs nothing from it).
    public static func run(packageAt directory: String, scratch: String) async throws(Failure) -> String {
        try await swiftPackage(
            ["dump-package", "--package-path", directory, "--scratch-path", scratch], outputLimit: 64 << 20, limit: .manifest)
    }

    /// `swift package ARGUMENTS` within `limit`: its standard output, or why there is none.
    static func swiftPackage(_ arguments: [String], outputLimit: Int, limit: ProcessLimit) async throws(Failure) -> String {
        let result: ChildProcess.Outcome<String, String>
        do {
            result = try await ChildProcess.run(
                SwiftToolchain.swift,
                arguments: ["package"] + arguments,
                input: .none,
                output: .string(limit: outputLimit),
                error: .string(limit: 4 << 20),
                limit: limit
            )
        } catch let error as ProcessLimit.InvalidValue {
            throw .invalidLimit(error.description)
        } catch {
            throw .cannotRun("\(error)")
        }
        if result.timedOut {
            throw .timedOut(within: ProcessLimit.within(result.limit), variable: limit.variable)
        }
        guard result.succeeded else { throw .failed(standardError: result.standardError) }
        return result.standardOutput
    }
}
