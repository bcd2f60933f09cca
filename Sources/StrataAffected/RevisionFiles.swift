import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataManifest
import StrataProjectFormat
import StrataSwiftPM

/// A workspace's manifests and folders as they are at a git commit, without checking it out:
/// the loader reads strata.yml and the Package.swift files from here exactly as from the disk.
///
/// Paths are absolute as if the commit were checked out at the workspace's root. Only the
/// files that decide the graph are read (strata.yml and every Package.swift); the folder
/// structure comes from the commit's tree. A Package.swift the static reader cannot read with
/// certainty is evaluated by SwiftPM in a copy of its package's folder at the commit (see
/// `evaluatePackage`).
///
/// A package outside the workspace (a `.package(path:)` that leads out of it, often out of the
/// repository) is not part of this history: every revision reads it from the disk as it is now,
/// so the base and the head see the same package, and its products stay out of `affected`.
struct RevisionFiles: PackageEvaluating {
    /// The commit the files are read from.
    let commit: String
    let repository: GitRepository
    /// The workspace root the paths are relative to (absolute, no trailing slash).
    let root: String
    /// File contents that were read, by path relative to the root.
    let contents: [String: [UInt8]]
    /// Every file and folder of the commit inside the workspace, relative to the root.
    let entries: Set<String>
    /// Folder → names of its entries.
    let listing: [String: [String]]

    /// Reads the commit's tree under the workspace and the contents of its manifests; when its
    /// strata.yml reads XcodeGen specs or pods, of every file that may be one of them.
    static func read(commit: String, repository: GitRepository, root: String) async throws(GitError) -> RevisionFiles {
        let blobsByPath = try await repository.files(at: commit)
        var entries: Set<String> = [""]
        var listing: [String: Set<String>] = [:]
        var wanted: [String: String] = [:]
        var specs: [String: String] = [:]
        for (path, blob) in blobsByPath {
            guard let relative = repository.pathInFolder(path) else { continue }
            if ChangeClassifier.isManifest(relative) { wanted[relative] = blob }
            if ChangeClassifier.mayBeProjectSpec(relative) { specs[relative] = blob }
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
        var blobs = try await repository.blobs(Array(Set(wanted.values)))
        if let bytes = wanted["strata.yml"].flatMap({ blobs[$0] }),
            let manifest = try? ManifestLoader.parse(data: Data(bytes), path: root + "/strata.yml"), manifest.adopt?.readsProjectSpecs == true
        {
            for (path, blob) in specs { wanted[path] = blob }
            blobs.merge(try await repository.blobs(Array(Set(specs.values)))) { first, _ in first }
        }
        return RevisionFiles(
            commit: commit, repository: repository, root: root, contents: wanted.compactMapValues { blobs[$0] }, entries: entries,
            listing: listing.mapValues { $0.sorted() })
    }

    func read(_ path: String) -> Result<[UInt8], FileContents.Failure> {
        guard let relative = PathResolution.path(path, inside: root) else { return LocalFiles().read(path) }
        return contents[relative].map { .success($0) } ?? .failure(.missing)
    }

    func exists(_ path: String) -> Bool {
        guard let relative = PathResolution.path(path, inside: root) else { return LocalFiles().exists(path) }
        return entries.contains(relative)
    }

    func children(of path: String) -> [String] {
        guard let relative = PathResolution.path(path, inside: root) else { return LocalFiles().children(of: path) }
        return listing[relative] ?? []
    }

    /// Evaluates the manifest with `swift package dump-package` in a copy of its package's
    /// folder as it is at the commit (written by git into a temporary folder and removed after),
    /// unless the evaluated-manifest cache already holds the same text at the same path: so
    /// each version of a manifest is evaluated once, however many revisions share it.
    func evaluatePackage(at path: String) async throws(InputErrors) -> PackageManifest {
        guard PathResolution.path(path, inside: root) != nil else { return try await DumpPackageReader.read(path: path) }
        guard let manifest = contents(of: path), let relative = PathResolution.path(path, inside: root) else {
            throw InputErrors(.inputError("missing-manifest", "there is no \(path) at commit \(commit.prefix(12))", at: nil, hint: nil))
        }
        let inWorkspace = ChangeClassifier.folder(of: relative)
        let folder = repository.prefix + (inWorkspace.isEmpty ? "" : inWorkspace + "/")
        let (repository, commit) = (repository, commit)
        // What the manifest may read of its folder, as one id (asked only of a manifest that may read files).
        let fingerprint = PackageCopy.mayReadFiles(manifest) ? try? await repository.treeID(folder, at: commit) : nil
        let copy = PackageCopy(original: repository.topLevel, fingerprint: fingerprint) { destination throws(InputErrors) in
            do throws(GitError) {
                try await repository.export(folder, at: commit, to: destination)
            } catch {
                throw InputErrors(
                    .inputError(
                        "package-evaluation",
                        "cannot write the package's files at commit \(commit.prefix(12)) to evaluate its manifest: \(error.message)",
                        at: .file(path),
                        hint: error.hint ?? "check that git can read the commit: git show \(commit.prefix(12)):\(folder)Package.swift"))
            }
        }
        return try await copy.evaluate(manifestAt: path, manifest: manifest)
    }
}
