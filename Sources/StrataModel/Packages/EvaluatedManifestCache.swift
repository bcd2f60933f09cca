import Foundation
import StrataFileSystem

/// What `swift package dump-package` printed for a manifest, kept so that the same manifest is
/// not evaluated again (about a second each, and a package like swift-syntax needs it on every
/// check that is not answered by the check cache).
///
/// An entry holds the manifest's path and exact bytes and the toolchain's identity, and is used
/// only if all three are the same again: a changed manifest, another place or another `swift`
/// evaluates anew. Only successful evaluations are kept. What a manifest reads besides its own
/// text (environment variables, other files) is not part of the key; `STRATA_NO_MANIFEST_CACHE=1`
/// turns the cache off. It lives in `$STRATA_CACHE_DIR`, else `$XDG_CACHE_HOME/strata`, else
/// `~/.cache/strata`, under `evaluated-manifests/`; failing to read or write it only costs time.
enum EvaluatedManifestCache {
    private static let format = "strata-evaluated-manifest 1"

    /// Strata's cache folder for the user; nil when turned off.
    static var root: String? {
        let environment = ProcessInfo.processInfo.environment
        if environment["STRATA_NO_MANIFEST_CACHE"].map({ !$0.isEmpty && $0 != "0" }) == true { return nil }
        if let explicit = environment["STRATA_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/strata" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/strata"
    }

    static var folder: String? { root.map { $0 + "/evaluated-manifests" } }

    /// The entry's header: everything the output depends on that the cache can know.
    private static func header(path: String, manifest: [UInt8]) -> [UInt8] {
        Array("\(format)\n\(SwiftToolchain.identity)\n\(path)\n\(manifest.count)\n".utf8) + manifest
    }

    private static func entryPath(path: String, manifest: [UInt8]) -> String? {
        guard let folder else { return nil }
        var hash = FNV1a()
        hash.add(path)
        for byte in manifest { hash.add(byte: byte) }
        return folder + "/" + String(hash.value, radix: 16) + ".json"
    }

    /// dump-package's output for this manifest, if it was kept.
    static func output(path: String, manifest: [UInt8]) -> Data? {
        guard let entry = entryPath(path: path, manifest: manifest), let data = FileManager.default.contents(atPath: entry) else { return nil }
        let expected = header(path: path, manifest: manifest)
        guard data.count > expected.count, data.prefix(expected.count).elementsEqual(expected) else { return nil }
        return data.dropFirst(expected.count)
    }

    /// Keeps dump-package's output; written atomically, so a reader never sees half an entry.
    static func store(_ output: Data, path: String, manifest: [UInt8]) {
        guard let entry = entryPath(path: path, manifest: manifest), let folder else { return }
        try? AtomicFileWriter.write(Data(header(path: path, manifest: manifest)) + output, to: entry, creatingFolder: true)
        CacheFolder.prune(folder, capacity: capacity, keep: capacity / 2)
    }

    /// At most this many entries are kept; beyond it the least recently written half goes.
    static let capacity = 2_000
}
