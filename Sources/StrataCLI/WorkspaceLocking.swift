import ArgumentParser
import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataReport
import StrataWorkspace

/// `--no-wait`, for the commands that change a workspace.
struct LockOptions: ParsableArguments {
    @Flag(help: "If another strata run is changing the workspace, fail at once (exit 2) instead of waiting for it.")
    var noWait = false

    /// Takes the workspace lock for the workspace at `path` (a folder or its strata.yml), saying
    /// so on standard error while it waits. Nil when `path` names no workspace: the loader
    /// reports that. Exits 2 if the lock cannot be had.
    func lock(_ path: String, mode: WorkspaceLock.Mode = .exclusive) throws -> WorkspaceLock? {
        guard let manifest = try? WorkspaceLoader.locateManifest(path) else { return nil }
        let root = (manifest as NSString).deletingLastPathComponent
        let display = PathDisplay()
        do throws(WorkspaceLock.Failure) {
            let lock = try WorkspaceLock.acquire(root, mode: mode, wait: !noWait) {
                Terminal.standardError("strata: waiting for another strata run to finish changing \(display(root)) (--no-wait fails instead)")
            }
            if let recovered = lock.recovered { Terminal.standardError([InterruptedChange.notice(recovered)]) }
            return lock
        } catch {
            switch error {
            case .busy:
                Terminal.standardError([
                    .inputError(
                        "workspace-locked", error.description, at: .file(manifest),
                        hint: "nothing was changed; run the command again when the other run has finished, or drop --no-wait to wait for it")
                ])
                throw ExitCode(2)
            case .unfinished:
                Terminal.standardError([InterruptedChange.problem(error)])
                throw ExitCode(2)
            case .unavailable:
                // Readers go on without the lock (a folder they may not open is theirs to
                // report); writers stop before they change anything.
                if mode == .shared { return nil }
                Terminal.standardError([
                    .inputError(
                        "workspace-locked", error.description, at: .file(manifest), hint: "nothing was changed; check the folder's permissions")
                ])
                throw ExitCode(2)
            }
        }
    }
}

extension Terminal {
    /// Says which temporary files of interrupted runs were removed.
    static func reportRemoved(staleFiles: [String]) {
        guard !staleFiles.isEmpty else { return }
        let display = PathDisplay()
        let count = staleFiles.count
        Terminal.standardError(
            "strata: removed \(count) temporary file\(count == 1 ? "" : "s") left by an interrupted run (e.g. \(display(staleFiles[0])))")
    }
}
