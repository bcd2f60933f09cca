import Foundation
import StrataFileSystem
import StrataProjectFormat
import StrataToolchain

/// What `swift package dump-package` printed for a manifest, kept so that the same manifest is
/// not evaluated again (about a second each, and a package like swift-syntax needs it on every
/// check that is not answered by the check cache).
///
/// An entry holds the manifest's path and exact bytes and the toolchain's identity, and is used
/// only if all three are the same again: a changed manifest, another place or another `swift`
/// evaluates anew. Only successful evaluations are kept. A manifest that may read files
/// (`ManifestFileAccess`: `FileManager`, `String(contentsOfFile:)`, `Context.packageDirectory`, …) is kept only with a
/// fingerprint of its package's folder — the git tree id when it is evaluated at a revision —
/// and not at all when there is none (in the work tree). A manifest that reads environment
/// variables (`ManifestEnvironment`: `Context.environment["NAME"]`, `getenv("NAME")`) is kept
/// with their values, and not at all when it reads variables its text does not name.
/// `STRATA_NO_MANIFEST_CACHE=1` turns the cache off. It lives in `$STRATA_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/strata`, else `~/.cache/strata`, under `evaluated-manifests/`; failing to
/// read or write it only costs time.
enum EvaluatedManifestCache {
    private static let format = "strata-evaluated-manifest 2"

    /// Strata's cache folder for the user; nil when turned off.
    static var root: String? {
        UserCache.isTurnedOff(by: "STRATA_NO_MANIFEST_CACHE") ? nil : UserCache.root()
    }

    package static var folder: String? { root.map { $0 + "/evaluated-manifests" } }

    /// What the entry's key adds to the manifest's text: the values of the environment variables
    /// it reads, and the folder's fingerprint for a manifest that may read files; nil when the
    /// answer may depend on something the key cannot hold (not kept).
    private static func context(manifest: [UInt8], folderFingerprint: String?) -> String? {
        guard let environment = ManifestEnvironment.current(manifest) else { return nil }
        let variables = environment.map { variable in variable.value.map { "\(variable.name)=\($0)\n" } ?? "\(variable.name) unset\n" }.joined()
        guard ManifestFileAccess.mayReadFiles(manifest) else { return variables }
        return folderFingerprint.map { variables + $0 }
    }

    /// The entry's header: everything the output depends on that the cache can know.
    private static func header(path: String, manifest: [UInt8], context: String) -> [UInt8] {
        Array("\(format)\n\(SwiftToolchain.identity)\n\(path)\n\(context)\n\(manifest.count)\n".utf8) + manifest
    }

    private static func entryPath(path: String, manifest: [UInt8], context: String) -> String? {
        guard let folder else { return nil }
        var hash = FNV1a()
        hash.add(path)
        hash.add(context)
        for byte in manifest { hash.add(byte: byte) }
        return folder + "/" + String(hash.value, radix: 16) + ".json"
    }

    /// dump-package's output for this manifest, if it was kept. `folderFingerprint` identifies
    /// the contents of the manifest's package folder (a git tree id), when known.
    static func output(path: String, manifest: [UInt8], folderFingerprint: String? = nil) -> Data? {
        guard let context = context(manifest: manifest, folderFingerprint: folderFingerprint),
            let entry = entryPath(path: path, manifest: manifest, context: context), let data = FileContents.bytes(atPath: entry).map({ Data($0) })
        else { return nil }
        let expected = header(path: path, manifest: manifest, context: context)
        guard data.count > expected.count, data.prefix(expected.count).elementsEqual(expected) else { return nil }
        return data.dropFirst(expected.count)
    }

    /// Keeps dump-package's output; written atomically, so a reader never sees half an entry.
    static func store(_ output: Data, path: String, manifest: [UInt8], folderFingerprint: String? = nil) {
        guard let context = context(manifest: manifest, folderFingerprint: folderFingerprint),
            let entry = entryPath(path: path, manifest: manifest, context: context), let folder
        else { return }
        try? AtomicFileWriter.write(Data(header(path: path, manifest: manifest, context: context)) + output, to: entry, creatingFolder: true)
        CacheFolder.prune(folder, capacity: capacity, keep: capacity / 2)
    }

    /// At most this many entries are kept; beyond it the least recently written half goes.
    static let capacity = 2_000
}
