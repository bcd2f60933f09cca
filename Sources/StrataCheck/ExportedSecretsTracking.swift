import StrataDiagnostics
import StrataGit
import StrataRules
import StrataSources

/// What git says about the files `strata secrets export` wrote, for rule `tracked-secrets`.
struct ExportedSecretsTracking {
    /// The exported files git tracks.
    var tracked: [ScannedSourceFile] = []
    /// Files whose change must make the check cache check again: the repository's index, which
    /// `git add` and `git rm --cached` change without touching the sources.
    var stamped: [String] = []
    /// Why git could not answer, if it could not.
    var warnings: [Diagnostic] = []

    /// Asks git, in the workspace at `root`, which of `files` it tracks. A workspace outside a
    /// git work tree tracks nothing; a git that cannot answer is a warning, not silence.
    static func find(_ files: [ScannedSourceFile], root: String) async -> ExportedSecretsTracking {
        var result = ExportedSecretsTracking()
        guard !files.isEmpty else { return result }
        let repository: GitRepository
        do {
            repository = try await GitRepository.open(at: root)
        } catch {
            if error.id != "not-a-repository" { result.warnings.append(warning(error, about: files[0].path)) }
            return result
        }
        do {
            result.stamped = [try await repository.indexPath()]
            for file in files where try await repository.isTracked(file.path) {
                result.tracked.append(file)
            }
        } catch {
            result.warnings.append(warning(error, about: files[0].path))
        }
        return result
    }

    private static func warning(_ error: GitError, about path: String) -> Diagnostic {
        Diagnostic(
            id: "secrets-tracking-unknown", severity: .warning,
            message: "cannot ask git whether it tracks the exported secrets in this file: \(error.message)",
            location: SourceLocation(path: path, line: 1, column: 1),
            hint: error.hint ?? "rule tracked-secrets could not check this file")
    }
}
