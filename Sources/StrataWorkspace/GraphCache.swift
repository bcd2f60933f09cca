import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSources

/// Generate-mode graphs, kept by the exact bytes of the strata.yml they were built from, so that
/// a large workspace's targets and edges are built once: at 5,000 modules (15,694 targets,
/// 124,148 edges) building them is most of what a warm command does after the manifest cache.
///
/// A generate-mode graph follows from strata.yml alone (its folder gives the absolute paths),
/// except for the checks that a `path:` stays inside the workspace, which follow symbolic links
/// and so are made every time, before an entry is used. Entries live in
/// `<workspace>/.build/strata/graphs/` (`ManifestCacheEntry`); each holds the manifest's path,
/// the stamp of the executable that built it (another build of Strata may build another graph)
/// and the manifest's exact bytes, and is used only if all three match. Graphs that came with
/// warnings are not kept, nor those of manifests under `ManifestCache.threshold` bytes.
enum GraphCache {
    private static let format: UInt32 = 9

    package static func folder(for path: String) -> String {
        ManifestCacheEntry.folder(kind: "graphs", manifestPath: path)
    }

    private static func entry(_ bytes: ManifestBytes) -> ManifestCacheEntry {
        ManifestCacheEntry(kind: "graphs", format: format, manifest: bytes, dependsOn: FileStamp.currentExecutable)
    }

    /// The workspace built from exactly these bytes before, with `manifest` (parsed from them) as its manifest.
    static func workspace(for bytes: ManifestBytes, manifest: Manifest) -> Workspace? {
        guard bytes.isWorthKeeping, var decoder = entry(bytes).read() else { return nil }
        return try? decoder.workspace(manifest: manifest)
    }

    /// Keeps the workspace built from these bytes.
    static func store(_ workspace: Workspace, for bytes: ManifestBytes) {
        guard bytes.isWorthKeeping else { return }
        entry(bytes).write { $0.workspace(workspace) }
    }
}

// The graph in the same binary form as the manifest (one string table for both).
extension ManifestEncoder {
    /// Targets and their edges are written in sections of this many, read on all cores.
    static let sectionSize = 1_024

    /// Everything of a workspace but its manifest, which the manifest cache keeps.
    mutating func workspace(_ w: Workspace) {
        string(w.name)
        string(w.root)
        list(w.layers.elements) { e, layer in
            e.string(layer.name)
            e.location(layer.location)
            e.optional(layer.description) { $0.string($1) }
            e.bool(layer.allowsSameLayerLinks)
        }
        list(w.modules.elements) { e, module in
            e.string(module.name)
            e.optional(module.layer) { $0.int($1.index) }
            e.optional(module.location) { $0.location($1) }
            e.list(module.targets.sorted { $0.key.rawValue < $1.key.rawValue }) { e, entry in
                e.role(entry.key)
                e.int(entry.value.index)
            }
        }
        sections(w.targets.elements, size: Self.sectionSize) { e, target in
            e.string(target.name)
            e.role(target.role)
            e.optional(target.module) { $0.string($1) }
            e.optional(target.layer) { $0.int($1.index) }
            e.int(Linkage.allCases.firstIndex(of: target.linkage)!)
            e.bool(target.isTestHost)
            e.optional(target.location) { $0.location($1) }
            e.optional(target.package) { $0.string($1) }
            e.optional(target.sources) { e, sources in
                e.string(sources.directory)
                e.optional(sources.only) { e, only in e.list(only) { $0.string($1) } }
                e.list(sources.excluded) { $0.string($1) }
                e.optional(sources.boundary) { $0.string($1) }
                e.int(Int(sources.opaqueFolders.rawValue))
                e.list(sources.filters) { e, filter in
                    e.string(filter.root)
                    e.list(filter.includes) { $0.string($1) }
                    e.list(filter.excludes) { $0.string($1) }
                }
            }
            e.bool(target.isMacro)
            e.int(target.native.map { NativeTarget.allCases.firstIndex(of: $0)! + 1 } ?? 0)
            switch target.modules {
            case .own: e.int(0)
            case .named(let names): e.int(1); e.list(names) { $0.string($1) }
            case .unknown(let reason): e.int(2); e.string(reason)
            }
            e.aliases(target.moduleAliases)
        }
        sections(w.dependencies.elements, size: Self.sectionSize) { e, edges in
            e.list(edges) { e, edge in e.edge(edge) }
        }
    }

    /// An edge: a byte of flags saying which of its optional parts follow (most edges have
    /// only a location), then the target and those parts.
    private mutating func edge(_ edge: Dependency) {
        var flags = EdgeFlags()
        if edge.location != nil { flags.insert(.location) }
        if edge.isAutomatic { flags.insert(.automatic) }
        if edge.condition != nil { flags.insert(.condition) }
        if !edge.moduleAliases.isEmpty { flags.insert(.aliases) }
        if !edge.isLinked { flags.insert(.notLinked) }
        if edge.dynamicLibrary != nil { flags.insert(.dynamicLibrary) }
        if edge.product != nil { flags.insert(.product) }
        if edge.isPluginUsage { flags.insert(.pluginUsage) }
        byte(flags.rawValue)
        int(edge.target.index)
        if let location = edge.location { self.location(location) }
        if let condition = edge.condition {
            list(condition.platforms) { $0.string($1) }
            list(condition.traits) { $0.string($1) }
        }
        if !edge.moduleAliases.isEmpty { aliases(edge.moduleAliases) }
        if let library = edge.dynamicLibrary { string(library) }
        if let product = edge.product { string(product) }
    }

    /// A role by its place among `TargetRole.allCases`.
    private mutating func role(_ role: TargetRole) {
        int(TargetRole.allCases.firstIndex(of: role)!)
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
        let layerCount = layers.count
        let modules = try list { d throws(CorruptData) -> Module in
            let name = try d.string()
            let layer = try d.optional { d throws(CorruptData) in try d.layer(count: layerCount) }
            let location = try d.optional { d throws(CorruptData) in try d.location() }
            var targets: [TargetRole: TargetID] = [:]
            for (role, index) in try d.list({ d throws(CorruptData) in (try d.role(), try d.int()) }) {
                targets[role] = TargetID(index)
            }
            return Module(name: name, layer: layer, location: location, targets: targets)
        }
        let targets = try sections(size: ManifestEncoder.sectionSize) { d throws(CorruptData) -> Target in
            let name = try d.string()
            let role = try d.role()
            let module = try d.optional { d throws(CorruptData) in try d.string() }
            let layer = try d.optional { d throws(CorruptData) in try d.layer(count: layerCount) }
            let linkage = try d.element(of: Linkage.allCases)
            let isTestHost = try d.bool()
            let location = try d.optional { d throws(CorruptData) in try d.location() }
            let package = try d.optional { d throws(CorruptData) in try d.string() }
            let sources = try d.optional { d throws(CorruptData) -> TargetSources in
                let directory = try d.string()
                let only = try d.optional { d throws(CorruptData) in try d.list { d throws(CorruptData) in try d.string() } }
                let excluded = try d.list { d throws(CorruptData) in try d.string() }
                let boundary = try d.optional { d throws(CorruptData) in try d.string() }
                guard let opaque = UInt8(exactly: try d.int()).flatMap(TargetSources.OpaqueFolders.init(rawValue:)) else { throw CorruptData() }
                let filters = try d.list { d throws(CorruptData) in
                    SourceFilter(
                        root: try d.string(), includes: try d.list { d throws(CorruptData) in try d.string() },
                        excludes: try d.list { d throws(CorruptData) in try d.string() })
                }
                return TargetSources(
                    directory: directory, only: only, excluded: excluded, boundary: boundary, opaqueFolders: opaque, filters: filters)
            }
            var target = Target(
                name: name, role: role, module: module, layer: layer, linkage: linkage, isTestHost: isTestHost, location: location,
                package: package, sources: sources)
            target.isMacro = try d.bool()
            let native = try d.int()
            guard native >= 0, native <= NativeTarget.allCases.count else { throw CorruptData() }
            target.native = native == 0 ? nil : NativeTarget.allCases[native - 1]
            switch try d.int() {
            case 0: target.modules = .own
            case 1: target.modules = .named(try d.list { d throws(CorruptData) in try d.string() })
            case 2: target.modules = .unknown(reason: try d.string())
            default: throw CorruptData()
            }
            target.moduleAliases = try d.aliases()
            return target
        }
        let targetCount = targets.count
        let dependencies = try sections(size: ManifestEncoder.sectionSize) { d throws(CorruptData) in
            try d.list { d throws(CorruptData) in try d.edge(targetCount: targetCount) }
        }
        guard dependencies.count == targets.count, isAtEnd,
            modules.allSatisfy({ $0.targets.values.allSatisfy { $0.index >= 0 && $0.index < targetCount } })
        else { throw CorruptData() }
        return Workspace(
            name: name, root: root, manifest: manifest, layers: IDArray(layers), modules: IDArray(modules), targets: IDArray(targets),
            dependencies: IDArray(dependencies))
    }

    /// A layer's id, one of `count`.
    private mutating func layer(count: Int) throws(CorruptData) -> LayerID {
        let index = try int()
        guard index >= 0, index < count else { throw CorruptData() }
        return LayerID(index)
    }

    private mutating func edge(targetCount: Int) throws(CorruptData) -> Dependency {
        let flags = EdgeFlags(rawValue: try byte())
        guard flags.isSubset(of: .all) else { throw CorruptData() }
        let target = try int()
        guard target >= 0, target < targetCount else { throw CorruptData() }
        let location = flags.contains(.location) ? try location() : nil
        let condition =
            flags.contains(.condition)
            ? DependencyCondition(
                platforms: try list { d throws(CorruptData) in try d.string() }, traits: try list { d throws(CorruptData) in try d.string() })
            : nil
        return Dependency(
            target: TargetID(target), location: location, isAutomatic: flags.contains(.automatic), condition: condition,
            moduleAliases: flags.contains(.aliases) ? try aliases() : [:], isLinked: !flags.contains(.notLinked),
            dynamicLibrary: flags.contains(.dynamicLibrary) ? try string() : nil, product: flags.contains(.product) ? try string() : nil,
            isPluginUsage: flags.contains(.pluginUsage))
    }

    private mutating func role() throws(CorruptData) -> TargetRole { try element(of: TargetRole.allCases) }

    /// The element of `values` at the index read.
    private mutating func element<Value>(of values: [Value]) throws(CorruptData) -> Value {
        let index = try int()
        guard values.indices.contains(index) else { throw CorruptData() }
        return values[index]
    }

    private mutating func aliases() throws(CorruptData) -> [String: String] {
        let pairs = try list { d throws(CorruptData) in (try d.string(), try d.string()) }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}

/// Which optional parts of an edge its entry holds.
private struct EdgeFlags: OptionSet {
    let rawValue: UInt8
    package static let location = EdgeFlags(rawValue: 1)
    static let automatic = EdgeFlags(rawValue: 2)
    static let condition = EdgeFlags(rawValue: 4)
    static let aliases = EdgeFlags(rawValue: 8)
    static let notLinked = EdgeFlags(rawValue: 16)
    static let dynamicLibrary = EdgeFlags(rawValue: 32)
    static let product = EdgeFlags(rawValue: 64)
    static let pluginUsage = EdgeFlags(rawValue: 128)
    static let all: EdgeFlags = [.location, .automatic, .condition, .aliases, .notLinked, .dynamicLibrary, .product, .pluginUsage]
}
