import StrataFileSystem
import StrataSources
import StrataWorkspace

/// Which targets own a file: the targets whose source folder holds it, by folder.
///
/// A file belongs to the target whose folder is its nearest enclosing one: sources, resources
/// and any other file there, excluded or not. SwiftPM does not compile an excluded file, but the
/// target's code may still read it when it runs (snapshot references under `__Snapshots__`,
/// fixtures loaded through `#filePath`), so a change to it must reach the target. Where several
/// targets share a folder and narrow it with `sources:`, the file belongs to those whose sources
/// hold it, or to all of them when none does (it may be a resource of any of them).
struct TargetFileIndex {
    private let targetsByFolder: [String: [TargetID]]
    private let workspace: Workspace

    init(_ workspace: Workspace) {
        self.workspace = workspace
        var byFolder: [String: [TargetID]] = [:]
        byFolder.reserveCapacity(workspace.targets.count)
        for index in workspace.targets.indices {
            guard let sources = workspace.targets[index].sources, let folder = PathResolution.path(sources.directory, inside: workspace.root) else {
                continue
            }
            byFolder[folder, default: []].append(index)
        }
        targetsByFolder = byFolder
    }

    /// The owning targets of `path` (relative to the workspace root).
    func owners(of path: String) -> [TargetID] {
        // A binary target's `path:` may be the artifact file itself (`Artifacts/Lib.zip`).
        if let artifact = targetsByFolder[path] { return artifact }
        let absolute = workspace.root + "/" + path
        var folder = ChangeClassifier.folder(of: path)
        while true {
            if let candidates = targetsByFolder[folder] {
                let narrowed = candidates.filter { target in
                    workspace.targets[target].sources?.only.map { only in only.contains { PathResolution.path(absolute, inside: $0) != nil } }
                        ?? true
                }
                return narrowed.isEmpty ? candidates : narrowed
            }
            if folder.isEmpty { return [] }
            folder = ChangeClassifier.folder(of: folder)
        }
    }
}
