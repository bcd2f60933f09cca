import Foundation
public import StrataDiagnostics
public import StrataFileSystem
import StrataManifest

/// A change a killed run left half-made in a workspace (`FileTransaction`'s journal), as the
/// commands report it: finished by the next run, with a warning that says so, or an input error
/// that says how to finish it by hand.
public enum InterruptedChange {
    /// Finishes the half-made change in the workspace at `root`, if there is one (see
    /// `WorkspaceLock.finishInterruptedChange`), and returns the warning that says so.
    public static func finish(in root: String) throws(InputErrors) -> Diagnostic? {
        do throws(WorkspaceLock.Failure) {
            return try WorkspaceLock.finishInterruptedChange(in: root).map(notice)
        } catch {
            throw InputErrors(problem(error))
        }
    }

    /// The warning for a change that was finished.
    public static func notice(_ recovery: FileTransaction.Recovery) -> Diagnostic {
        let count = recovery.finished.count
        return Diagnostic(
            id: "interrupted-change-finished", severity: .warning,
            message: recovery.undone
                ? "'\(displayed(recovery.command))' was interrupted before it changed the workspace; what it had prepared was removed"
                : "'\(displayed(recovery.command))' was interrupted while it changed the workspace; its change is finished now (\(count) file\(count == 1 ? "" : "s"))",
            location: .file(workspaceManifest(of: recovery.journal)),
            notes: recovery.leftAlone.map {
                DiagnosticNote("'\($0)' changed after the interrupted run prepared it, so it was left as it is", at: .file($0))
            }, hint: recovery.leftAlone.isEmpty ? nil : "files changed since were left as they are; check them")
    }

    /// The error for a lock failure, `unfinished` included.
    public static func problem(_ failure: WorkspaceLock.Failure) -> Diagnostic {
        guard case .unfinished(let journal, _) = failure else {
            return .inputError("workspace-locked", failure.description, at: nil, hint: "nothing was changed; check the folder's permissions")
        }
        return .inputError(
            "interrupted-change", failure.description, at: .file(journal),
            hint:
                "run strata again as a user who may write the files it names; to drop the change instead, delete the journal and the '.*.strata-*.tmp' files it names (docs/RELIABILITY.md)"
        )
    }

    /// The strata.yml of the workspace whose journal is `journal`.
    static func workspaceManifest(of journal: String) -> String {
        (((journal as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(ManifestLoader.fileName)
    }

    /// A command line as one line of text, control characters shown escaped.
    static func displayed(_ command: [String]) -> String {
        let words = command.enumerated().map { index, word in index == 0 ? (word as NSString).lastPathComponent : word }
        return words.joined(separator: " ").unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }
}

extension Diagnostic {
    /// The error for a transaction that could not be made, saying whether anything changed.
    public static func writeFailed(_ failure: FileTransaction.CommitError) -> Diagnostic {
        .inputError(
            "write-failed", failure.description, at: .file(failure.path),
            hint: failure.changedTree
                ? "the change is half made and recorded in its journal (.strata/transaction.json); fix the cause and run any strata command in the workspace to finish it"
                : "nothing was changed; check that the folder is writable and has space, then try again")
    }
}
