import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources

/// Generate-mode graphs, kept by the exact bytes of the strata.yml they were built from, so that
/// a large workspace's targets and edges are built once: at 5,000 modules (15,694 targets,
/// 124,148 edges) building them is most of what a warm command does after the manifest cache.
///
/// A generate-mode graph follows from strata.yml alone (its folder gives the absolute paths),
/// except for the checks that a `path:` stays inside the workspace, which follow symbolic links
/// and so are made every time, before an entry is used. Entries live in
/// `<workspace>/.build/strata/graphs/` (at most `capacity`); each holds the manifest's path, the
/// stamp of the executable that built it (another build of Strata may build another graph) and
/// the manifest's exact bytes, and is used only if all three match. Graphs that came with
/// warnings are not kept, nor those of manifests under `ManifestCache.threshold` bytes.
enum GraphCache {
    static let capacity = 8
    private static let format: UInt32 = 1

    static func folder(for path: String) -> String {
        (path as NSString).deletingLastPathComponent + "/.build/strata/graphs"
    }

    /// What an entry is kept for: the manifest's path and bytes, and the executable.
    struct Key {
        var path: String
        var bytes: [UInt8]
        var executable: String

        init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
            let stamp = Bundle.main.executablePath.map(FileStamp.of) ?? FileStamp(path: "?", size: -1, modified: 0, inode: 0)
            executable = "\(stamp.path):\(stamp.size):\(stamp.modified):\(stamp.inode)"
        }

        var entryPath: String {
            var hash = FNV1a()
            hash.add(UInt64(GraphCache.format))
            hash.add(path)
            hash.add(executable)
            for byte in bytes { hash.add(byte: byte) }
            return GraphCache.folder(for: path) + "/" + String(hash.value, radix: 16) + ".bin"
        }
    }

    /// The key for a manifest's bytes, or nil for one too small to be worth keeping.
    static func key(path: String, bytes: [UInt8]) -> Key? {
        bytes.count >= ManifestCache.threshold ? Key(path: path, bytes: bytes) : nil
    }

    /// The workspace built from exactly these bytes before, with `manifest` (parsed from them) as its manifest.
    static func workspace(for key: Key, manifest: Manifest) -> Workspace? {
        guard let data = FileManager.default.contents(atPath: key.entryPath) else { return nil }
        var reader = ByteReader([UInt8](data))
        do throws(CorruptData) {
            guard try reader.u32() == format, try reader.string() == key.path, try reader.string() == key.executable,
                try reader.u64() == UInt64(key.bytes.count), try reader.slice(key.bytes.count).elementsEqual(key.bytes)
            else { return nil }
            var decoder = ManifestDecoder(reader: reader)
            return try decoder.workspace(manifest: manifest)
        } catch {
            return nil
        }
    }

    /// Keeps the workspace built from the key's bytes; failing to write only costs time next run.
    static func store(_ workspace: Workspace, for key: Key) {
        var writer = ByteWriter(capacity: key.bytes.count * 3)
        writer.u32(format)
        writer.string(key.path)
        writer.string(key.executable)
        writer.u64(UInt64(key.bytes.count))
        writer.bytes(key.bytes)
        var encoder = ManifestEncoder(writer: writer)
        encoder.workspace(workspace)
        let entry = key.entryPath
        guard (try? AtomicFileWriter.write(Data(encoder.finish()), to: entry, creatingFolder: true)) != nil else { return }
        CacheFolder.prune(folder(for: key.path), capacity: capacity, keep: capacity, sparing: entry)
    }
}

// The graph in the same binary form as the manifest (one string table for both).
extension ManifestEncoder {
    /// Everything of a workspace but its manifest, which the manifest cache keeps.
    mutating func workspace(_ w: Workspace) {
        string(w.name)
        string(w.root)
        list(w.layers) { e, layer in
            e.string(layer.name)
            e.location(layer.location)
            e.optional(layer.description) { $0.string($1) }
            e.bool(layer.allowsSameLayerLinks)
        }
        list(w.modules) { e, module in
            e.string(module.name)
            e.optional(module.layer) { $0.int($1) }
            e.optional(module.location) { $0.location($1) }
            e.list(module.targets.sorted { $0.key.rawValue < $1.key.rawValue }) { e, entry in
                e.string(entry.key.rawValue)
                e.int(entry.value)
            }
        }
        list(w.targets) { e, target in
            e.string(target.name)
            e.string(target.role.rawValue)
            e.optional(target.module) { $0.string($1) }
            e.optional(target.layer) { $0.int($1) }
            e.string(target.linkage.rawValue)
            e.bool(target.isTestHost)
            e.optional(target.location) { $0.location($1) }
            e.optional(target.package) { $0.string($1) }
            e.optional(target.sources) { e, sources in
                e.string(sources.directory)
                e.optional(sources.only) { e, only in e.list(only) { $0.string($1) } }
                e.list(sources.excluded) { $0.string($1) }
                e.optional(sources.boundary) { $0.string($1) }
                e.int(Int(sources.opaqueFolders.rawValue))
            }
            e.bool(target.isMacro)
            switch target.modules {
            case .own: e.int(0)
            case .named(let names): e.int(1); e.list(names) { $0.string($1) }
            case .unknown(let reason): e.int(2); e.string(reason)
            }
            e.aliases(target.moduleAliases)
        }
        list(w.dependencies) { e, edges in
            e.list(edges) { e, edge in
                e.int(edge.target)
                e.optional(edge.location) { $0.location($1) }
                e.bool(edge.isAutomatic)
                e.optional(edge.condition) { e, condition in
                    e.list(condition.platforms) { $0.string($1) }
                    e.list(condition.traits) { $0.string($1) }
                }
                e.aliases(edge.moduleAliases)
            }
        }
    }

    private mutating func aliases(_ value: [String: String]) {
        list(value.sorted { $0.key < $1.key }) { e, alias in
            e.string(alias.key)
            e.string(alias.value)
        }
    }
}

extension ManifestDecoder {
    /// What `ManifestEncoder.workspace` wrote, with `manifest` as the workspace's manifest.
    mutating func workspace(manifest: Manifest) throws(CorruptData) -> Workspace {
        try readStringTable()
        let name = try string(), root = try string()
        let layers = try list { d throws(CorruptData) in
            Layer(
                name: try d.string(), location: try d.location(), description: try d.optional { d throws(CorruptData) in try d.string() },
                allowsSameLayerLinks: try d.bool())
        }
        let modules = try list { d throws(CorruptData) -> Module in
            let name = try d.string()
            let layer = try d.optional { d throws(CorruptData) in try d.int() }
            let location = try d.optional { d throws(CorruptData) in try d.location() }
            var targets: [TargetRole: Int] = [:]
            for (role, index) in try d.list({ d throws(CorruptData) in (try d.string(), try d.int()) }) {
                guard let role = TargetRole(rawValue: role) else { throw CorruptData() }
                targets[role] = index
            }
            return Module(name: name, layer: layer, location: location, targets: targets)
        }
        let targets = try list { d throws(CorruptData) -> Target in
            let name = try d.string()
            guard let role = TargetRole(rawValue: try d.string()) else { throw CorruptData() }
            let module = try d.optional { d throws(CorruptData) in try d.string() }
            let layer = try d.optional { d throws(CorruptData) in try d.int() }
            guard let linkage = Linkage(rawValue: try d.string()) else { throw CorruptData() }
            let isTestHost = try d.bool()
            let location = try d.optional { d throws(CorruptData) in try d.location() }
            let package = try d.optional { d throws(CorruptData) in try d.string() }
            let sources = try d.optional { d throws(CorruptData) -> TargetSources in
                let directory = try d.string()
                let only = try d.optional { d throws(CorruptData) in try d.list { d throws(CorruptData) in try d.string() } }
                let excluded = try d.list { d throws(CorruptData) in try d.string() }
                let boundary = try d.optional { d throws(CorruptData) in try d.string() }
                guard let opaque = UInt8(exactly: try d.int()).flatMap(TargetSources.OpaqueFolders.init(rawValue:)) else { throw CorruptData() }
                return TargetSources(directory: directory, only: only, excluded: excluded, boundary: boundary, opaqueFolders: opaque)
            }
            var target = Target(
                name: name, role: role, module: module, layer: layer, linkage: linkage, isTestHost: isTestHost, location: location,
                package: package, sources: sources)
            target.isMacro = try d.bool()
            switch try d.int() {
            case 0: target.modules = .own
            case 1: target.modules = .named(try d.list { d throws(CorruptData) in try d.string() })
            case 2: target.modules = .unknown(reason: try d.string())
            default: throw CorruptData()
            }
            target.moduleAliases = try d.aliases()
            return target
        }
        let dependencies = try list { d throws(CorruptData) in
            try d.list { d throws(CorruptData) -> Dependency in
                let index = try d.int()
                guard index >= 0, index < targets.count else { throw CorruptData() }
                var edge = Dependency(
                    target: index, location: try d.optional { d throws(CorruptData) in try d.location() }, isAutomatic: try d.bool())
                edge.condition = try d.optional { d throws(CorruptData) in
                    DependencyCondition(
                        platforms: try d.list { d throws(CorruptData) in try d.string() },
                        traits: try d.list { d throws(CorruptData) in try d.string() })
                }
                edge.moduleAliases = try d.aliases()
                return edge
            }
        }
        guard dependencies.count == targets.count, isAtEnd else { throw CorruptData() }
        return Workspace(
            name: name, root: root, manifest: manifest, layers: layers, modules: modules, targets: targets, dependencies: dependencies)
    }

    private mutating func aliases() throws(CorruptData) -> [String: String] {
        let pairs = try list { d throws(CorruptData) in (try d.string(), try d.string()) }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}
