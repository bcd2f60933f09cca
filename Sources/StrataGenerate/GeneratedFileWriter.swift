public import Foundation
public import StrataDiagnostics
public import StrataFileSystem
import StrataWorkspace

/// What writing a set of generated files into a workspace would change, worked out before
/// anything is written.
public struct GenerationPlan: Sendable {
    public enum Change: String, Sendable {
        case create, update, remove

        /// How the commands report it: `created`, `updated`, `removed`; `would create`… in a dry run.
        public func described(dryRun: Bool = false) -> String {
            dryRun ? "would \(rawValue)" : rawValue + "d"
        }
    }

    /// One file that would change.
    public struct FileChange: Sendable {
        /// Relative to the workspace root.
        public var path: String
        public var change: Change
        /// The text on disk now, if any.
        public var old: String?
        /// The text it would get (nil for a removal).
        public var new: String?
        /// The file was edited by hand or not written by strata: `--force` is needed to replace it.
        public var needsForce: Bool

        /// The change as a unified diff.
        public var diff: String {
            UnifiedDiff.diff(
                old: old ?? "", new: new ?? "", oldPath: old == nil ? "/dev/null" : "a/\(path)",
                newPath: new == nil ? "/dev/null" : "b/\(path)")
        }
    }

    /// The workspace root.
    public var root: String
    /// Files that would be created, updated or removed, in path order.
    public var changes: [FileChange]
    /// Generated files already as they should be.
    public var unchanged: [String]
    /// Files no longer generated that were edited by hand: kept, with a warning.
    public var warnings: [Diagnostic]
    /// Where files generated earlier may lie (relative to `root`): read to find those to remove.
    public var candidates: [String]
    /// Source folders whose presence the warnings depend on (absolute).
    public var sourceFolders: [String] = []
    /// Paths where a generated file goes, or may lie, that cannot be read: a named pipe, a
    /// folder, a file without read permission. Each is an error that `--force` does not lift.
    public var unreadable: [Diagnostic] = []

    /// The files that need `--force`, as errors naming each and saying how to proceed.
    public var conflicts: [Diagnostic] {
        changes.filter(\.needsForce).map { change in
            let location = SourceLocation.file(root + "/" + change.path)
            if change.old.map(GeneratedFile.provenance(of:)) == .edited {
                return .inputError(
                    "generated-file-edited", "'\(change.path)' was edited by hand since strata generated it", at: location,
                    hint: "move the change into strata.yml and run 'strata generate' again, or run 'strata generate --force' to overwrite it")
            }
            return .inputError(
                "not-generated", "'\(change.path)' exists and was not written by strata", at: location,
                hint: "strata generate writes it from strata.yml: move your file away, or run 'strata generate --force' to replace it")
        }
    }

    /// Works out the changes: `files` are what should exist; `candidates` are paths (relative
    /// to `root`) where files generated earlier may lie, removed if no longer generated.
    public init(files: [GeneratedFile], candidates: [String], root: String) {
        self.root = root
        self.candidates = candidates
        var changes: [FileChange] = []
        var unchanged: [String] = []
        var warnings: [Diagnostic] = []
        let planned = Set(files.map(\.path))
        var unreadable: [Diagnostic] = []
        func read(_ path: String) -> String? {
            switch FileContents.read(root + "/" + path) {
            case .success(let bytes):
                // A file that is not UTF-8 reads as text without a marker (so it is never taken for strata's).
                return String(decoding: bytes, as: UTF8.self)
            case .failure(.missing):
                return nil
            case .failure(let failure):
                unreadable.append(
                    .inputError(
                        "unreadable-file", "cannot read '\(path)', where strata generate writes a file: \(failure)",
                        at: .file(root + "/" + path), hint: "nothing was changed; " + failure.hint))
                return nil
            }
        }
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let old = read(file.path) else {
                changes.append(FileChange(path: file.path, change: .create, old: nil, new: file.contents, needsForce: false))
                continue
            }
            guard old != file.contents else {
                unchanged.append(file.path)
                continue
            }
            let needsForce = GeneratedFile.provenance(of: old) != .generated
            changes.append(FileChange(path: file.path, change: .update, old: old, new: file.contents, needsForce: needsForce))
        }
        for path in Set(candidates).subtracting(planned).sorted() {
            guard let old = read(path) else { continue }
            switch GeneratedFile.provenance(of: old) {
            case .generated:
                changes.append(FileChange(path: path, change: .remove, old: old, new: nil, needsForce: false))
            case .edited:
                warnings.append(
                    Diagnostic(
                        id: "stale-generated-file", severity: .warning,
                        message: "'\(path)' is no longer generated from strata.yml, but it was edited by hand, so it was kept",
                        location: .file(root + "/" + path), hint: "delete it if it is not needed"))
            case .foreign:
                continue
            }
        }
        self.changes = changes.sorted { $0.path < $1.path }
        self.unchanged = unchanged
        self.warnings = warnings
        self.unreadable = unreadable
    }

    /// Removes the temporary files that runs killed before `date` left in the folders this
    /// plan writes to (its files', the unchanged ones' and `alongside`), and returns their
    /// paths. Call it holding the workspace lock, before `apply`.
    public func removeStaleTemporaryFiles(modifiedBefore date: Date, alongside: [String] = []) -> [String] {
        let paths = changes.map { root + "/" + $0.path } + unchanged.map { root + "/" + $0 } + alongside
        return TemporaryFile.removeStale(in: paths.map { ($0 as NSString).deletingLastPathComponent }, modifiedBefore: date)
    }

    /// Makes the changes all together (`FileTransaction`): every new file is written in full
    /// before any is put in place, and a failure leaves the workspace as it was; a run killed
    /// while putting them in place is finished by the next. Files that need `--force` stop the
    /// run (with every such file named) unless `force` is set. `alongside` are more files
    /// (absolute paths) written in the same transaction, such as the sources `strata new` makes;
    /// `copies` are files written byte for byte (or links), such as the sources a move moves;
    /// `removing` are files (absolute paths) removed in it, such as a removed module's sources.
    /// Folders that the removals leave empty are removed too.
    public func apply(
        force: Bool, alongside: [(path: String, contents: String)] = [], copies: [StagedFile] = [], removing: [String] = []
    ) throws(InputErrors) {
        let conflicts = conflicts
        if !force, !conflicts.isEmpty { throw InputErrors(conflicts) }
        var transaction = FileTransaction(workspace: root)
        for file in alongside { transaction.stage(Data(file.contents.utf8), at: file.path) }
        for file in copies { transaction.stage(file) }
        do throws(AtomicFileWriter.WriteError) {
            for path in removing { try transaction.stageRemoval(of: path) }
            for change in changes {
                let path = root + "/" + change.path
                if let new = change.new {
                    transaction.stage(Data(new.utf8), at: path)
                } else {
                    try transaction.stageRemoval(of: path)
                }
            }
        } catch {
            throw InputErrors(.writeFailed(FileTransaction.CommitError(error: error, changedTree: false)))
        }
        do throws(FileTransaction.CommitError) {
            try transaction.commit()
        } catch {
            throw InputErrors(.writeFailed(error))
        }
    }
}
