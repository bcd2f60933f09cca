import Foundation
package import StrataFileSystem

/// The exact bytes of a strata.yml and their hash: what the manifest and graph caches keep their
/// entries by, hashed once however many caches look.
package struct ManifestBytes {
    /// The manifest's path (absolute).
    let path: String
    let bytes: [UInt8]
    /// FNV-1a of `bytes`, which names an entry; the entry itself holds the bytes to compare.
    let digest: UInt64

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var hash = FNV1a()
        for byte in bytes { hash.add(byte: byte) }
        digest = hash.value
    }

    /// Whether keeping what follows from these bytes pays: a manifest under
    /// `ManifestCache.threshold` bytes parses and builds in milliseconds.
    package var isWorthKeeping: Bool { bytes.count >= ManifestCache.threshold }
}

/// One file of a cache kept by a manifest's exact bytes, in `<workspace>/.build/strata/<kind>/`
/// (at most `capacity` of a kind, the least recently written go first): a header — the cache's
/// format, the manifest's path, what else the entry depends on, the manifest's bytes — and then
/// the body in `ManifestEncoder`'s form. An entry is used only if its whole header matches.
package struct ManifestCacheEntry {
    static let capacity = 8

    package let folder: String
    let format: UInt32
    let manifest: ManifestBytes
    /// Anything besides the bytes the body follows from (rule ids, the executable), as text.
    let dependsOn: String

    package init(kind: String, format: UInt32, manifest: ManifestBytes, dependsOn: String) {
        folder = Self.folder(kind: kind, manifestPath: manifest.path)
        self.format = format
        self.manifest = manifest
        self.dependsOn = dependsOn
    }

    package static func folder(kind: String, manifestPath: String) -> String {
        WorkspaceCacheFolder.path(forWorkspace: (manifestPath as NSString).deletingLastPathComponent) + "/" + kind
    }

    /// The entry's file: named by a hash of the whole header.
    var path: String {
        var hash = FNV1a()
        hash.add(UInt64(format))
        hash.add(manifest.path)
        hash.add(dependsOn)
        hash.add(manifest.digest)
        return folder + "/" + String(hash.value, radix: 16) + ".bin"
    }

    /// A decoder at the body of the entry, if there is one and its header matches.
    package func read() -> ManifestDecoder? {
        body().map(ManifestDecoder.init(reader:))
    }

    /// A reader at the body of the entry, if there is one and its header matches.
    package func body() -> ByteReader? {
        guard var reader = ByteReader(contentsOf: path) else { return nil }
        do throws(CorruptData) {
            guard try reader.u32() == format, try reader.string() == manifest.path, try reader.string() == dependsOn,
                try reader.u64() == UInt64(manifest.bytes.count), reader.skip(ifNextAre: manifest.bytes)
            else { return nil }
        } catch {
            return nil
        }
        return reader
    }

    /// Writes the header and what `encode` writes, atomically; failing only costs time next run.
    package func write(_ encode: (inout ManifestEncoder) -> Void) {
        var encoder = ManifestEncoder(writer: header())
        encode(&encoder)
        store(encoder.finish())
    }

    /// Writes the header and `body`, atomically.
    package func write(body: [UInt8]) {
        var writer = header()
        writer.bytes(body)
        store(writer.buffer)
    }

    private func header() -> ByteWriter {
        var writer = ByteWriter(capacity: manifest.bytes.count * 2)
        writer.u32(format)
        writer.string(manifest.path)
        writer.string(dependsOn)
        writer.u64(UInt64(manifest.bytes.count))
        writer.bytes(manifest.bytes)
        return writer
    }

    private func store(_ bytes: [UInt8]) {
        let path = path
        guard (try? AtomicFileWriter.write(Data(bytes), to: path, creatingFolder: true)) != nil else { return }
        CacheFolder.prune(folder, capacity: Self.capacity, keep: Self.capacity, sparing: path)
    }
}
