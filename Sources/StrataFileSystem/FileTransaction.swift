public import Foundation

/// Several file changes in a workspace that happen together or not at all.
///
/// `stage` and `stageRemoval` only record the changes (a removal is checked to be possible:
/// its folder must be writable). `commit` makes them, in three steps, each announced first in a
/// journal (`.strata/transaction.json` in the workspace):
///
/// 1. **Staging.** The journal lists every temporary file and folder about to be made; then every
///    new file is written in full to a temporary file beside its target (keeping the mode of the
///    file it replaces). A failure here removes them again, and the journal: nothing changed.
/// 2. **Committing.** The journal is replaced by one listing every rename and removal, with what
///    each file was just before; then the renames and removals are made. A rename in the same
///    folder does not fail for want of space, so each file is old or new, never half-written.
/// 3. The journal is removed, and the folders the removals left empty.
///
/// **A run killed part-way** leaves the journal, and the next run that loads the workspace acts
/// on it (`finishInterrupted`): a transaction killed while staging is undone, one killed while
/// committing is finished. Either way the tree is as it was or as the transaction meant it,
/// never half of each. A file changed by hand in between is left as it is and reported.
public struct FileTransaction {
    /// One change the commit makes, as the journal records it.
    struct Step: Codable, Equatable {
        enum Kind: String, Codable {
            /// `temporary` is renamed over `path`.
            case rename
            /// `path` is removed.
            case remove
        }

        var kind: Kind
        /// Relative to the workspace root when inside it, else absolute.
        var path: String
        /// The staged file, in the same folder as `path` (renames only).
        var temporary: String?
        /// What was at `path` just before the commit: it is changed only if it still is that.
        var before: Stamp?
    }

    /// What identifies a file without reading it (size, modification time, inode); nil in a
    /// step when nothing was at the path.
    struct Stamp: Codable, Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64

        static func of(_ path: String) -> Stamp? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            let stamp = FileStamp(path: path, info)
            return Stamp(size: stamp.size, modified: stamp.modified, inode: stamp.inode)
        }
    }

    struct Journal: Codable {
        enum Phase: String, Codable {
            /// Temporary files are being written: an interrupted transaction is undone.
            case staging
            /// Files are being renamed and removed: an interrupted transaction is finished.
            case committing
        }

        static let version = 1
        var version = Journal.version
        var phase: Phase
        /// The command line of the run that wrote it.
        var command: [String]
        var steps: [Step]
        /// Folders the staging makes (relative like paths), parents first.
        var folders: [String] = []
    }

    /// A commit that failed: why, and whether it changed the tree. A failure while staging
    /// changed nothing; one while committing leaves the journal for the next run to finish.
    public struct CommitError: Error, CustomStringConvertible {
        public var error: AtomicFileWriter.WriteError
        public var changedTree: Bool
        public var path: String { error.path }
        public var description: String { error.description }

        public init(error: AtomicFileWriter.WriteError, changedTree: Bool) {
            self.error = error
            self.changedTree = changedTree
        }
    }

    /// What acting on an interrupted transaction's journal did.
    public struct Recovery: Sendable {
        /// The journal's path.
        public var journal: String
        /// The command line of the run that was interrupted.
        public var command: [String]
        /// Files renamed into place or removed now.
        public var finished: [String]
        /// Files left as they are because they changed after the interrupted run read them.
        public var leftAlone: [String]
        /// The run was killed before it changed anything, and what it had staged was removed.
        public var undone = false
    }

    /// The workspace folder: the journal is kept in it, and folders removals leave empty are
    /// removed up to it.
    public let root: String
    /// What to write: the bytes (and mode) of a file, or a link.
    private var writes: [StagedFile] = []
    private var removals: [(path: String, before: Stamp)] = []
    /// For tests: where `commit` stops, as if the run were killed there.
    var killed: Kill?

    enum Kill {
        /// After writing this many temporary files.
        case staging(after: Int)
        /// After this many renames and removals.
        case committing(after: Int)
    }

    /// A transaction of changes in the workspace at `root` (absolute).
    public init(workspace root: String) {
        self.root = PathResolution.standardize(root)
    }

    /// Where the journal of a transaction being committed in the workspace at `root` is kept.
    public static func journalPath(in root: String) -> String {
        PathResolution.standardize(root) + "/.strata/transaction.json"
    }

    /// Writes `data` at `path` when the transaction commits, making missing folders. The file
    /// gets `mode`, or the mode of the file it replaces, or 0644 less the umask.
    public mutating func stage(_ data: Data, at path: String, mode: mode_t? = nil) {
        writes.append(StagedFile(path: PathResolution.standardize(path), contents: .bytes(data, mode: mode)))
    }

    /// Makes a symbolic link to `destination` at `path` when the transaction commits.
    public mutating func stageLink(to destination: String, at path: String) {
        writes.append(StagedFile(path: PathResolution.standardize(path), contents: .link(to: destination)))
    }

    /// Removes `path` when the transaction commits. Throws now if it could not be removed then
    /// (its folder is not writable), so that nothing is changed.
    public mutating func stageRemoval(of path: String) throws(AtomicFileWriter.WriteError) {
        guard let before = Stamp.of(path) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        guard access(folder, W_OK | X_OK) == 0 else {
            throw AtomicFileWriter.WriteError(path: path, reason: "cannot remove it: \(String(cString: strerror(errno))) (its folder)")
        }
        removals.append((PathResolution.standardize(path), before))
    }

    /// Makes every staged change (see the type's description), and forgets them.
    public mutating func commit() throws(CommitError) {
        defer {
            writes = []
            removals = []
        }
        guard !writes.isEmpty || !removals.isEmpty else { return }
        // Every name is chosen before anything is written, so that the journal can list them.
        let tag = TemporaryFile.randomTag()
        var journal = Journal(phase: .staging, command: CommandLine.arguments, steps: [])
        for file in writes {
            let temporary = TemporaryFile.name(beside: file.path, tag: tag)
            journal.steps.append(Step(kind: .rename, path: relative(file.path), temporary: relative(temporary), before: nil))
        }
        journal.folders = missingFolders(for: writes.map(\.path)).map(relative)
        do throws(AtomicFileWriter.WriteError) {
            try Self.write(journal, in: root)
        } catch {
            throw CommitError(error: error, changedTree: false)
        }
        do throws(AtomicFileWriter.WriteError) {
            if case .staging(let count) = killed {
                try stageFiles(journal, count: count)
                return
            }
            try stageFiles(journal)
        } catch {
            Self.undo(journal, in: root)
            throw CommitError(error: error, changedTree: false)
        }
        journal.phase = .committing
        for index in writes.indices { journal.steps[index].before = Stamp.of(writes[index].path) }
        journal.steps += removals.map { Step(kind: .remove, path: relative($0.path), temporary: nil, before: $0.before) }
        do throws(AtomicFileWriter.WriteError) {
            try Self.write(journal, in: root)
        } catch {
            Self.undo(journal, in: root)
            throw CommitError(error: error, changedTree: false)
        }
        do throws(AtomicFileWriter.WriteError) {
            if case .committing(let count) = killed {
                journal.steps = Array(journal.steps.prefix(count))
                _ = try Self.replay(journal, in: root, keepingJournal: true)
                return
            }
            _ = try Self.replay(journal, in: root)
        } catch {
            throw CommitError(error: error, changedTree: true)
        }
    }

    /// Writes each file to its temporary name, making the folders it needs.
    private func stageFiles(_ journal: Journal, count: Int = .max) throws(AtomicFileWriter.WriteError) {
        for folder in journal.folders.map(absolute) {
            var info = stat()
            if stat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                throw AtomicFileWriter.WriteError(path: folder, reason: "it exists and is not a folder")
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw AtomicFileWriter.WriteError(path: folder, reason: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
        }
        for (file, step) in zip(writes, journal.steps).prefix(count) {
            let temporary = absolute(step.temporary!)
            let folder = (file.path as NSString).deletingLastPathComponent
            var info = stat()
            guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw AtomicFileWriter.WriteError(path: file.path, reason: "'\(folder)' exists and is not a folder")
            }
            let outcome: TemporaryFile.Outcome
            switch file.contents {
            case .bytes(let data, let mode):
                outcome = TemporaryFile.write([data], toNew: temporary, mode: mode ?? TemporaryFile.mode(of: file.path))
            case .link(let destination):
                outcome = symlink(destination, temporary) == 0 ? .written : .failed(String(cString: strerror(errno)))
            }
            switch outcome {
            case .written: continue
            case .exists: throw AtomicFileWriter.WriteError(path: file.path, reason: "its temporary file '\(temporary)' exists already")
            case .failed(let reason): throw AtomicFileWriter.WriteError(path: file.path, reason: reason)
            }
        }
    }

    /// The folders that writing `paths` needs made, parents first.
    private func missingFolders(for paths: [String]) -> [String] {
        var missing: [String] = []
        var known: Set<String> = []
        for path in paths {
            var chain: [String] = []
            var current = (path as NSString).deletingLastPathComponent
            var info = stat()
            while !known.contains(current), current != "/", stat(current, &info) != 0 {
                chain.append(current)
                current = (current as NSString).deletingLastPathComponent
            }
            known.insert(current)
            for folder in chain.reversed() where known.insert(folder).inserted { missing.append(folder) }
        }
        return missing
    }

    /// Acts on the journal a killed run left in the workspace at `root`, if there is one: undoes
    /// a transaction killed while staging, finishes one killed while committing. Nil if there is
    /// none. Call it holding the workspace lock.
    public static func finishInterrupted(in root: String) throws(AtomicFileWriter.WriteError) -> Recovery? {
        let root = PathResolution.standardize(root)
        let path = journalPath(in: root)
        // A journal half-written when its run was killed: the run had changed nothing yet.
        for leftover in journalLeftovers(in: root) { unlink(leftover) }
        let bytes: [UInt8]
        switch FileContents.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing):
            rmdir((path as NSString).deletingLastPathComponent)  // only if the leftover was all it held
            return nil
        case .failure(let failure): throw AtomicFileWriter.WriteError(path: path, reason: failure.description)
        }
        guard let journal = try? JSONDecoder().decode(Journal.self, from: Data(bytes)), journal.version == Journal.version else {
            throw AtomicFileWriter.WriteError(
                path: path, reason: "it is damaged or from another version of strata, so the change it records cannot be finished")
        }
        switch journal.phase {
        case .staging:
            undo(journal, in: root)
            return Recovery(journal: path, command: journal.command, finished: [], leftAlone: [], undone: true)
        case .committing:
            return try replay(journal, in: root)
        }
    }

    /// Whether a killed run left a transaction to act on in the workspace at `root`: its
    /// journal, the temporary file of a journal it was writing, or the journal's folder left
    /// empty (killed between removing its journal and the folder, or between making the folder
    /// and writing the journal). A folder holding anything else (`.strata/secrets`) is no sign.
    public static func isInterrupted(in root: String) -> Bool {
        var info = stat()
        if lstat(journalPath(in: root), &info) == 0 { return true }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: journalFolder(in: root)) else { return false }
        return names.isEmpty || !journalLeftovers(among: names, in: root).isEmpty
    }

    private static func journalFolder(in root: String) -> String {
        (journalPath(in: root) as NSString).deletingLastPathComponent
    }

    /// Temporary files of journals that killed runs were writing.
    private static func journalLeftovers(in root: String) -> [String] {
        journalLeftovers(among: (try? FileManager.default.contentsOfDirectory(atPath: journalFolder(in: root))) ?? [], in: root)
    }

    private static func journalLeftovers(among names: [String], in root: String) -> [String] {
        let prefix = "." + (journalPath(in: root) as NSString).lastPathComponent + ".strata-"
        return names.filter { $0.hasPrefix(prefix) && TemporaryFile.isTemporary($0) }.map { journalFolder(in: root) + "/" + $0 }
    }

    /// Makes the journal's changes that are not made yet, then removes it.
    private static func replay(_ journal: Journal, in root: String, keepingJournal: Bool = false) throws(AtomicFileWriter.WriteError) -> Recovery {
        var recovery = Recovery(journal: journalPath(in: root), command: journal.command, finished: [], leftAlone: [])
        var removed: [String] = []
        for step in journal.steps {
            let path = absolute(step.path, in: root)
            switch step.kind {
            case .rename:
                guard let temporary = step.temporary.map({ absolute($0, in: root) }), Stamp.of(temporary) != nil else { continue }  // made already
                guard Stamp.of(path) == step.before else {
                    unlink(temporary)
                    recovery.leftAlone.append(path)
                    continue
                }
                guard rename(temporary, path) == 0 else {
                    throw AtomicFileWriter.WriteError(path: path, reason: String(cString: strerror(errno)))
                }
            case .remove:
                removed.append(path)  // its folder is removed if this leaves it empty
                guard let now = Stamp.of(path) else { continue }  // removed already
                guard now == step.before else {
                    recovery.leftAlone.append(path)
                    continue
                }
                guard unlink(path) == 0 || errno == ENOENT else {
                    throw AtomicFileWriter.WriteError(path: path, reason: "cannot remove it: \(String(cString: strerror(errno)))")
                }
            }
            recovery.finished.append(path)
        }
        if keepingJournal { return recovery }
        let journalFile = journalPath(in: root)
        guard unlink(journalFile) == 0 || errno == ENOENT else {
            throw AtomicFileWriter.WriteError(path: journalFile, reason: "cannot remove it: \(String(cString: strerror(errno)))")
        }
        rmdir((journalFile as NSString).deletingLastPathComponent)  // only if the journal was all it held
        removeEmptyFolders(holding: removed, below: root)
        return recovery
    }

    /// Removes what a staging made: its temporary files, the folders it made (if empty), and
    /// the journal.
    private static func undo(_ journal: Journal, in root: String) {
        for step in journal.steps {
            if let temporary = step.temporary { unlink(absolute(temporary, in: root)) }
        }
        for folder in journal.folders.reversed() { rmdir(absolute(folder, in: root)) }
        let journalFile = journalPath(in: root)
        unlink(journalFile)
        rmdir((journalFile as NSString).deletingLastPathComponent)
    }

    private static func write(_ journal: Journal, in root: String) throws(AtomicFileWriter.WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(journal)
        } catch {
            throw AtomicFileWriter.WriteError(path: journalPath(in: root), reason: "\(error)")
        }
        try AtomicFileWriter.write(data, to: journalPath(in: root), creatingFolder: true)
    }

    /// Removes the folders of `files` that are empty now, and their parents, below `root`.
    static func removeEmptyFolders(holding files: [String], below root: String) {
        var folders = Set(files.map { ($0 as NSString).deletingLastPathComponent })
        while !folders.isEmpty {
            var parents: Set<String> = []
            for folder in folders.sorted(by: { $0.count > $1.count }) where folder.hasPrefix(root + "/") && rmdir(folder) == 0 {
                parents.insert((folder as NSString).deletingLastPathComponent)
            }
            folders = parents
        }
    }

    private func relative(_ path: String) -> String {
        PathResolution.path(PathResolution.standardize(path), inside: root) ?? PathResolution.standardize(path)
    }

    private func absolute(_ path: String) -> String {
        Self.absolute(path, in: root)
    }

    /// A journal's path (relative to the workspace root when inside it) made absolute again.
    private static func absolute(_ path: String, in root: String) -> String {
        path.hasPrefix("/") ? path : root + "/" + path
    }
}
