import ArgumentParser
import StrataCommandLine
import StrataDiagnostics
import StrataPublish

/// Runs `body`, which talks to a package registry: bad input stays an error with exit status 2;
/// a registry that refused a request or could not be reached, or anything else that failed, is
/// an error line and exit status 1, followed by `afterward` (what the user can do next).
func exitingOnRegistryFailure<Result>(afterward: String? = nil, _ body: () async throws -> Result) async throws -> Result {
    do {
        return try await body()
    } catch let errors as InputErrors {
        throw errors
    } catch {
        let reason =
            switch error {
            case let refusal as RegistryRefusal: refusal.description
            case let unreachable as RegistryUnreachable: unreachable.description
            default: "\(error)"
            }
        Terminal.standardError("strata: error: \(reason)" + (afterward.map { "\nstrata: \($0)" } ?? ""))
        throw ExitCode(1)
    }
}
