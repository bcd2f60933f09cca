import StrataDiagnostics
import StrataFileSystem
import StrataToolchain

/// `strata check --resolve`: SwiftPM resolves the packages whose dependencies it has not
/// checked out yet, one folder after another (each may clone over the network), within
/// `STRATA_TIMEOUT_RESOLVE`. A folder that cannot be resolved is a warning with SwiftPM's own
/// words; its products' modules stay unknown, as before.
enum PackageResolution {
    static func resolve(_ folders: [String], root: String) async -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for folder in folders {
            do throws(PackageDump.Failure) {
                try await PackageResolve.run(packageAt: folder)
            } catch {
                let shown = PathResolution.relative(folder, from: root)
                let why: String
                switch error {
                case .timedOut(let within, let variable): why = "it did not finish\(within) (\(variable) allows more time)"
                case .failed(let standardError): why = String(standardError.split(separator: "\n").last(where: { !$0.isEmpty }) ?? "it failed")
                case .invalidLimit(let message), .cannotRun(let message): why = message
                }
                problems.append(
                    .warning(
                        "resolve-failed", "'swift package resolve' in '\(shown == "." ? "the workspace folder" : shown)' failed: \(why)",
                        at: .file(folder + "/Package.swift"),
                        hint: "run 'swift package resolve' there to see why; until it succeeds, imports of its dependencies are not checked"))
            }
        }
        return problems
    }
}
