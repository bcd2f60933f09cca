import ArgumentParser
import Foundation
package import StrataDiagnostics
package import StrataFileSystem
import StrataReport
import StrataWorkspace

/// `--no-wait`, for the commands that change a workspace.
package struct LockOptions: ParsableArguments {
    @Flag(help: "If another strata run is changing the workspace, fail at once (exit 2) instead of waiting for it.")
    package var noWait = false

    package init() {}

    /// Takes the workspace lock for the workspace at `path` (a folder or its strata.yml), saying
    /// so on standard error while it waits. Nil when `path` names no workspace: the loader
    /// reports that. Throws the input error that ends the command (exit 2) if the lock cannot be had.
    package func lock(_ path: String, mode: WorkspaceLock.Mode = .exclusive) throws(InputErrors) -> WorkspaceLock? {
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
                throw InputErrors(
                    .inputError(
                        "workspace-locked", error.description, at: .file(manifest),
                        hint: "nothing was changed; run the command again when the other run has finished, or drop --no-wait to wait for it"))
            case .unfinished:
                throw InputErrors(InterruptedChange.problem(error))
            case .unavailable:
                // Readers go on without the lock (a folder they may not open is theirs to
                // report); writers stop before they change anything.
                if mode == .shared { return nil }
                throw InputErrors(
                    .inputError(
                        "workspace-locked", error.description, at: .file(manifest), hint: "nothing was changed; check the folder's permissions"))
            }
        }
    }
}

extension Terminal {
    /// Says which temporary files of interrupted runs were removed.
    package static func reportRemoved(staleFiles: [String]) {
        guard !staleFiles.isEmpty else { return }
        let display = PathDisplay()
        let count = staleFiles.count
        Terminal.standardError(
            "strata: removed \(count) temporary file\(count == 1 ? "" : "s") left by an interrupted run (e.g. \(display(staleFiles[0])))")
    }
}
