import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataModel

/// A workspace's manifests and folders as they are at a git commit, without checking it out:
/// the loader reads strata.yml and the Package.swift files from here exactly as from the disk.
///
/// Paths are absolute as if the commit were checked out at the workspace's root. Only the
/// files that decide the graph are read (strata.yml and every Package.swift); the folder
/// structure comes from the commit's tree.
struct RevisionFiles: WorkspaceFiles {
    /// The commit, for messages.
    let commit: String
    /// The workspace root the paths are relative to (absolute, no trailing slash).
    let root: String
    /// File contents that were read, by path relative to the root.
    let contents: [String: [UInt8]]
    /// Every file and folder of the commit inside the workspace, relative to the root.
    let entries: Set<String>
    /// Folder → names of its entries.
    let listing: [String: [String]]

    /// Reads the commit's tree under the workspace and the contents of its manifests.
    static func read(commit: String, repository: GitRepository, root: String) async throws(GitError) -> RevisionFiles {
        let blobsByPath = try await repository.files(at: commit)
        var entries: Set<String> = [""]
        var listing: [String: Set<String>] = [:]
        var wanted: [String: String] = [:]
        for (path, blob) in blobsByPath {
            guard let relative = repository.pathInFolder(path) else { continue }
            if ChangeClassifier.isManifest(relative) { wanted[relative] = blob }
            // The file and each folder above it, up to the first folder already known.
            var child = relative
            entries.insert(child)
            while true {
                let parent = ChangeClassifier.folder(of: child)
                listing[parent, default: []].insert(String(child.dropFirst(parent.isEmpty ? 0 : parent.count + 1)))
                if entries.contains(parent) { break }
                entries.insert(parent)
                child = parent
            }
        }
        let blobs = try await repository.blobs(Array(Set(wanted.values)))
        return RevisionFiles(
            commit: commit, root: root, contents: wanted.compactMapValues { blobs[$0] }, entries: entries,
            listing: listing.mapValues { $0.sorted() })
    }

    func contents(of path: String) -> [UInt8]? {
        PathResolution.path(path, inside: root).flatMap { contents[$0] }
    }

    func exists(_ path: String) -> Bool {
        PathResolution.path(path, inside: root).map(entries.contains) ?? false
    }

    func children(of path: String) -> [String] {
        PathResolution.path(path, inside: root).flatMap { listing[$0] } ?? []
    }

    func evaluatePackage(at path: String) async throws(InputErrors) -> PackageManifest {
        throw InputErrors(
            .inputError(
                "package-evaluation",
                "Strata's static reader cannot read this Package.swift with certainty, and at commit \(commit.prefix(12)) it is not checked out for 'swift package dump-package'",
                at: .file(path),
                hint: "the change is treated as affecting everything; 'strata check --verbose' says what the static reader stopped at"))
    }
}
