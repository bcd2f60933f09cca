import StrataProcess
import Subprocess

/// `swift package resolve`: SwiftPM fetches and checks out a package's dependencies into its
/// `.build`, where Strata then reads the modules of their products.
public enum PackageResolve {
    /// Resolves the package in `directory`, within `STRATA_TIMEOUT_RESOLVE`.
    public static func run(packageAt directory: String) async throws(PackageDump.Failure) {
        let result: ChildProcess.Outcome<String, String>
        do {
            result = try await ChildProcess.run(
                SwiftToolchain.swift,
                arguments: ["package", "resolve", "--package-path", directory],
                input: .none,
                output: .string(limit: 4 << 20),
                error: .string(limit: 4 << 20),
                limit: .resolve
            )
        } catch let error as ProcessLimit.InvalidValue {
            throw .invalidLimit(error.description)
        } catch {
            throw .cannotRun("\(error)")
        }
        if result.timedOut {
            throw .timedOut(within: ProcessLimit.within(result.limit), variable: ProcessLimit.resolve.variable)
        }
        guard result.succeeded else { throw .failed(standardError: result.standardError) }
    }
}
