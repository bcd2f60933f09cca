public import StrataFileSystem

extension SourceFileCollector {
    /// What walks stat'ed, kept so that a later run can prove that nothing changed with one
    /// `stat` per folder and file instead of walking again (opening every folder and reading
    /// its entries): adding, removing or renaming an entry changes its folder's modification
    /// time, and editing a file changes the file's stamp.
    ///
    /// File systems keep coarse times (a clock tick, up to seconds on some), so a folder changed
    /// just before it was read could change again unseen within the same tick: walks with a
    /// folder modified less than `FileStamp.racyMargin` before they began give no snapshot, and neither
    /// do walks that met a problem (a loop, an unreadable folder, a link out of the workspace).
    public struct Snapshot: Sendable, Hashable {
        /// The folders walked, and roots that were missing.
        public var folders: [FileStamp]
        public var files: [FileStamp]

        public init(folders: [FileStamp], files: [FileStamp]) {
            self.folders = folders
            self.files = files
        }

        /// The snapshot of walks already made; nil if they cannot be trusted this way.
        public init?(_ results: [Result]) {
            var folders: [FileStamp] = []
            var files: [FileStamp] = []
            for result in results {
                guard result.problems.isEmpty,
                    result.folders.allSatisfy({ $0.modified < result.startedAt - FileStamp.racyMargin })
                else { return nil }
                folders += result.folders
                files += result.files
            }
            self.init(folders: folders, files: files)
        }

        /// Whether every folder and file still has the stamp it had, stat'ed in parallel.
        public func isUnchanged() -> Bool {
            !ParallelMap.map(folders + files) { FileStamp.of($0.path) == $0 }.contains(false)
        }
    }
}
