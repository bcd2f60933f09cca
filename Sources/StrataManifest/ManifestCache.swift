import Foundation
package import StrataDiagnostics
package import StrataFileSystem

/// Parsed strata.yml files, kept by their exact bytes so that a large manifest is parsed with
/// Yams once: at 5,000 modules (1.6 MB) parsing is most of a command's time, and `strata
/// affected` parses two revisions of it.
///
/// Entries live in `<workspace>/.build/strata/manifests/` (`ManifestCacheEntry`); each holds the
/// manifest's path, the rule ids it was validated against and its exact bytes, and is used only
/// if all three match. Only manifests that parsed without a problem,
/// and of at least `threshold` bytes, are kept: small ones parse in milliseconds anyway.
enum ManifestCache {
    static let threshold = 128 * 1024
    private static let format: UInt32 = 16

    package static func folder(for path: String) -> String {
        ManifestCacheEntry.folder(kind: "manifests", manifestPath: path)
    }

    private static func entry(_ bytes: ManifestBytes, knownRules: [String]?) -> ManifestCacheEntry {
        ManifestCacheEntry(kind: "manifests", format: format, manifest: bytes, dependsOn: (knownRules ?? ["-"]).joined(separator: ","))
    }

    /// The manifest parsed from exactly these bytes before, if kept.
    static func manifest(for bytes: ManifestBytes, knownRules: [String]?) -> Manifest? {
        guard bytes.isWorthKeeping, var decoder = entry(bytes, knownRules: knownRules).read() else { return nil }
        return try? decoder.manifest()
    }

    /// Keeps a manifest parsed from `bytes`.
    static func store(_ manifest: Manifest, for bytes: ManifestBytes, knownRules: [String]?) {
        guard bytes.isWorthKeeping else { return }
        entry(bytes, knownRules: knownRules).write { $0.manifest(manifest) }
    }
}

/// Writes a `Manifest` in Strata's binary form. Strings are written once and then referred
/// to by number: every location names the same file, and names repeat. Numbers are varints
/// (zigzag for signed ones) and booleans one byte: most numbers are small line numbers and indexes.
package struct ManifestEncoder {
    private var writer: ByteWriter
    // Read by the inlinable writers below: a graph's 124,000 edges are written from another module.
    @usableFromInline var body = ByteWriter()
    @usableFromInline var strings: [String: UInt32] = [:]
    @usableFromInline var table: [String] = []

    init(writer: ByteWriter) { self.writer = writer }

    /// The header written so far, the string table, then the body.
    mutating func finish() -> [UInt8] {
        writer.u32(UInt32(table.count))
        for string in table { writer.string(string) }
        writer.bytes(body.buffer)
        return writer.buffer
    }

    @inlinable package mutating func string(_ value: String) {
        if let index = strings[value] {
            body.varint(UInt64(index))
        } else {
            let index = UInt32(table.count)
            strings[value] = index
            table.append(value)
            body.varint(UInt64(index))
        }
    }
    @inlinable package mutating func int(_ value: Int) { body.zigzag(Int64(value)) }

    /// `items` in sections of `size`, each written whole with its length before it, so that
    /// `ManifestDecoder.sections` can read them on all cores (a graph's 15,000 targets and
    /// 124,000 edges).
    @inlinable package mutating func sections<Item>(_ items: [Item], size: Int, _ write: (inout ManifestEncoder, Item) -> Void) {
        int(items.count)
        for start in stride(from: 0, to: items.count, by: size) {
            let outer = body
            body = ByteWriter()
            for item in items[start..<min(start + size, items.count)] { write(&self, item) }
            let section = body.buffer
            body = outer
            body.varint(UInt64(section.count))
            body.bytes(section)
        }
    }

    @inlinable package mutating func bool(_ value: Bool) { body.u8(value ? 1 : 0) }
    @inlinable package mutating func byte(_ value: UInt8) { body.u8(value) }
    @inlinable package mutating func location(_ value: SourceLocation) {
        string(value.path)
        int(value.line)
        int(value.column)
    }
    mutating func located(_ value: Located<String>) {
        string(value.value)
        location(value.location)
    }
    @inlinable package mutating func optional<T>(_ value: T?, _ write: (inout ManifestEncoder, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
    @inlinable package mutating func list<T>(_ values: [T], _ write: (inout ManifestEncoder, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
    mutating func locatedList(_ values: [Located<String>]) { list(values) { $0.located($1) } }
    mutating func template(_ value: NamingTemplate) {
        string(value.prefix + "{" + value.placeholder + "}" + value.suffix)
        string(value.placeholder)
    }
    mutating func companion(_ value: CompanionTarget) {
        location(value.location)
        locatedList(value.dependencies)
        locatedList(value.packages)
        optional(value.path) { $0.located($1) }
        targetBuild(value.build)
    }

    mutating func targetBuild(_ build: TargetBuild) {
        locatedList(build.sources)
        locatedList(build.exclude)
        locatedList(build.resources)
        for scoped in [build.frameworks, build.libraries] {
            list(scoped) { e, value in
                e.located(value.name)
                e.locatedList(value.platforms)
            }
        }
        optional(build.swiftLanguageMode) { $0.located($1) }
        locatedList(build.binaries)
    }

    // Long because it is one line per field of Manifest, in the cache format's order: the encoder
    // and the decoder below read as mirror images, which splitting either would hide.
    mutating func manifest(_ m: Manifest) {
        string(m.path)
        optional(m.name) { $0.located($1) }
        list(m.layers) { e, layer in
            e.located(layer.name)
            e.locatedList(layer.patterns)
            e.optional(layer.description) { $0.string($1) }
            e.bool(layer.allowsSameLayerLinks)
        }
        for template in [m.naming.interface, m.naming.mocks, m.naming.tests, m.naming.app, m.naming.host] { self.template(template) }
        list(m.naming.otherMocks) { $0.template($1) }
        list(m.naming.otherTests) { $0.template($1) }
        list(m.packages) { e, package in
            e.located(package.name)
            switch package.source {
            case .url(let url): e.int(0); e.string(url)
            case .path(let path): e.int(1); e.string(path)
            case .registry(let id): e.int(2); e.string(id)
            }
            switch package.requirement {
            case .from(let v): e.int(0); e.string(v)
            case .exact(let v): e.int(1); e.string(v)
            case .branch(let v): e.int(2); e.string(v)
            case .revision(let v): e.int(3); e.string(v)
            case .none: e.int(4)
            case .upToNextMinor(let v): e.int(5); e.string(v)
            case .range(let lower, let upper): e.int(6); e.string(lower); e.string(upper)
            }
            e.optional(package.id) { $0.located($1) }
        }
        list(m.modules) { e, module in
            e.located(module.name)
            e.located(module.layer)
            for companion in [module.interface, module.mocks, module.tests] { e.optional(companion) { $0.companion($1) } }
            e.string(module.linkage.rawValue)
            e.locatedList(module.dependencies)
            e.locatedList(module.packages)
            e.optional(module.path) { $0.located($1) }
            e.optional(module.packageFolder) { $0.located($1) }
            e.optional(module.hostApp) { $0.location($1) }
            e.optional(module.distribution) { e, distribution in
                e.string(distribution.value.rawValue); e.location(distribution.location)
            }
            e.targetBuild(module.build)
        }
        list(m.apps) { e, app in
            e.located(app.name)
            e.locatedList(app.dependencies)
            e.locatedList(app.packages)
            e.bool(app.isTestHost)
            e.optional(app.path) { $0.located($1) }
        }
        list(m.owners) { e, owner in
            e.located(owner.owner)
            e.locatedList(owner.modules)
        }
        list(m.rules) { e, rule in
            e.located(rule.rule)
            e.string(rule.severity.value.rawValue)
            e.location(rule.severity.location)
        }
        optional(m.adopt) { e, adopt in
            e.locatedList(adopt.packages)
            e.locatedList(adopt.hosts)
            e.location(adopt.location)
            e.locatedList(adopt.xcodegen)
            e.locatedList(adopt.podspecs)
            e.optional(adopt.podfile) { $0.located($1) }
            e.locatedList(adopt.specRepos)
            e.locatedList(adopt.exclude)
            e.locatedList(adopt.xcode)
        }
        let g = m.generate
        string(g.layout.rawValue)
        string(g.toolsVersion)
        list(g.platforms) { e, platform in
            e.located(platform.name)
            e.located(platform.version)
        }
        optional(g.umbrella) { $0.located($1) }
        bool(g.codeowners)
        optional(g.xcodegen) { e, x in
            e.located(x.platform)
            e.optional(x.deploymentTarget) { $0.located($1) }
            e.optional(x.bundleIDPrefix) { $0.located($1) }
            e.bool(x.checkPhase)
        }
        optional(g.location) { $0.location($1) }
        optional(g.distribution) { e, distribution in
            e.string(distribution.value.rawValue); e.location(distribution.location)
        }
        locatedList(m.outsideWorkspace)
        locatedList(m.optionalImports)
        locatedList(m.affected.ignore)
        locatedList(m.affected.always)
        optional(m.registry) { e, registry in
            e.located(registry.url)
            e.list(registry.scopes) { e, entry in
                e.located(entry.layer)
                e.located(entry.scope)
            }
            e.location(registry.location)
        }
        list(m.constraints) { e, constraint in
            e.locatedList(constraint.from)
            e.locatedList(constraint.never)
            e.optional(constraint.depthLimit) { $0.int($1) }
            e.located(constraint.reason)
            e.location(constraint.location)
        }
    }
}

/// Reads what `ManifestEncoder` wrote; throws on anything that does not fit.
package struct ManifestDecoder {
    // Read by the inlinable readers below: a graph's 124,000 edges are read from another module,
    // where they are specialized rather than called as generic functions.
    @usableFromInline var reader: ByteReader
    @usableFromInline var table: [String] = []

    @usableFromInline init(reader: ByteReader) { self.reader = reader }

    /// What `ManifestEncoder.sections` wrote with the same `size`, the sections read on all
    /// cores, each with `read` for its items.
    @inlinable package mutating func sections<Item: Sendable>(
        size: Int, _ read: @Sendable (inout ManifestDecoder) throws(CorruptData) -> Item
    ) throws(CorruptData) -> [Item] {
        let count = try int()
        guard count >= 0, count < 50_000_000 else { throw CorruptData() }
        var sections: [(bytes: [UInt8], count: Int)] = []
        for start in stride(from: 0, to: count, by: size) {
            let length = try reader.varint()
            guard length <= UInt64(reader.remaining) else { throw CorruptData() }
            sections.append((Array(try reader.slice(Int(length))), min(size, count - start)))
        }
        let table = table
        let decoded = ParallelMap.map(sections) { section -> [Item]? in
            var decoder = ManifestDecoder(reader: ByteReader(section.bytes))
            decoder.table = table
            var items: [Item] = []
            items.reserveCapacity(section.count)
            for _ in 0..<section.count {
                guard let item = try? read(&decoder) else { return nil }
                items.append(item)
            }
            return decoder.isAtEnd ? items : nil
        }
        var items: [Item] = []
        items.reserveCapacity(count)
        for section in decoded {
            guard let section else { throw CorruptData() }
            items += section
        }
        return items
    }

    @inlinable package mutating func string() throws(CorruptData) -> String {
        let index = try reader.varint()
        guard index < UInt64(table.count) else { throw CorruptData() }
        return table[Int(index)]
    }
    @inlinable package mutating func int() throws(CorruptData) -> Int { Int(try reader.zigzag()) }
    @inlinable package mutating func byte() throws(CorruptData) -> UInt8 { try reader.u8() }
    @inlinable package mutating func bool() throws(CorruptData) -> Bool {
        switch try reader.u8() {
        case 0: false
        case 1: true
        default: throw CorruptData()
        }
    }
    @inlinable package mutating func location() throws(CorruptData) -> SourceLocation {
        SourceLocation(path: try string(), line: try int(), column: try int())
    }
    mutating func located() throws(CorruptData) -> Located<String> {
        let value = try string()
        return Located(value, at: try location())
    }
    mutating func distribution() throws(CorruptData) -> Located<Distribution> {
        guard let value = Distribution(rawValue: try string()) else { throw CorruptData() }
        return Located(value, at: try location())
    }
    @inlinable package mutating func optional<T>(_ read: (inout ManifestDecoder) throws(CorruptData) -> T) throws(CorruptData) -> T? {
        try bool() ? try read(&self) : nil
    }
    @inlinable package mutating func list<T>(_ read: (inout ManifestDecoder) throws(CorruptData) -> T) throws(CorruptData) -> [T] {
        let count = try int()
        guard count >= 0, count < 50_000_000 else { throw CorruptData() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }
    mutating func locatedList() throws(CorruptData) -> [Located<String>] { try list { d throws(CorruptData) in try d.located() } }
    mutating func template() throws(CorruptData) -> NamingTemplate {
        let text = try string()
        guard let template = NamingTemplate(text, placeholder: try string()) else { throw CorruptData() }
        return template
    }
    mutating func companion() throws(CorruptData) -> CompanionTarget {
        CompanionTarget(
            location: try location(), dependencies: try locatedList(), packages: try locatedList(),
            path: try optional { d throws(CorruptData) in try d.located() }, build: try targetBuild())
    }

    mutating func targetBuild() throws(CorruptData) -> TargetBuild {
        var build = TargetBuild()
        build.sources = try locatedList()
        build.exclude = try locatedList()
        build.resources = try locatedList()
        let scoped = { (d: inout ManifestDecoder) throws(CorruptData) -> PlatformScoped in
            PlatformScoped(name: try d.located(), platforms: try d.locatedList())
        }
        build.frameworks = try list(scoped)
        build.libraries = try list(scoped)
        build.swiftLanguageMode = try optional { d throws(CorruptData) in try d.located() }
        build.binaries = try locatedList()
        return build
    }

    /// The strings the rest refers to by number; first thing after the header.
    package mutating func readStringTable() throws(CorruptData) {
        let count = Int(try reader.u32())
        guard count < 50_000_000 else { throw CorruptData() }
        table.reserveCapacity(count)
        for _ in 0..<count { table.append(try reader.string()) }
    }

    /// True once everything was read.
    @inlinable package var isAtEnd: Bool { reader.isAtEnd }

    // Long because it mirrors the encoder's `manifest(_:)` field by field (see there).
    mutating func manifest() throws(CorruptData) -> Manifest {
        try readStringTable()

        let path = try string()
        let name = try optional { d throws(CorruptData) in try d.located() }
        let layers = try list { d throws(CorruptData) in
            var layer = LayerDeclaration(
                name: try d.located(), patterns: try d.locatedList(), description: try d.optional { d throws(CorruptData) in try d.string() })
            layer.allowsSameLayerLinks = try d.bool()
            return layer
        }
        var naming = Naming(interface: try template(), mocks: try template(), tests: try template(), app: try template(), host: try template())
        naming.otherMocks = try list { d throws(CorruptData) in try d.template() }
        naming.otherTests = try list { d throws(CorruptData) in try d.template() }
        let packages = try list { d throws(CorruptData) -> ExternalPackageDeclaration in
            let name = try d.located()
            let source: ExternalPackageDeclaration.Source
            switch try d.int() {
            case 0: source = .url(try d.string())
            case 1: source = .path(try d.string())
            case 2: source = .registry(try d.string())
            default: throw CorruptData()
            }
            let requirement: ExternalPackageDeclaration.Requirement
            switch try d.int() {
            case 0: requirement = .from(try d.string())
            case 1: requirement = .exact(try d.string())
            case 2: requirement = .branch(try d.string())
            case 3: requirement = .revision(try d.string())
            case 4: requirement = .none
            case 5: requirement = .upToNextMinor(try d.string())
            case 6: requirement = .range(try d.string(), try d.string())
            default: throw CorruptData()
            }
            let id = try d.optional { d throws(CorruptData) in try d.located() }
            return ExternalPackageDeclaration(name: name, source: source, requirement: requirement, id: id)
        }
        let modules = try list { d throws(CorruptData) -> ModuleDeclaration in
            let name = try d.located(), layer = try d.located()
            let interface = try d.optional { d throws(CorruptData) in try d.companion() }
            let mocks = try d.optional { d throws(CorruptData) in try d.companion() }
            let tests = try d.optional { d throws(CorruptData) in try d.companion() }
            guard let linkage = Linkage(rawValue: try d.string()) else { throw CorruptData() }
            return ModuleDeclaration(
                name: name, layer: layer, interface: interface, mocks: mocks, tests: tests, linkage: linkage,
                dependencies: try d.locatedList(), packages: try d.locatedList(),
                path: try d.optional { d throws(CorruptData) in try d.located() },
                packageFolder: try d.optional { d throws(CorruptData) in try d.located() },
                hostApp: try d.optional { d throws(CorruptData) in try d.location() },
                distribution: try d.optional { d throws(CorruptData) in try d.distribution() }, build: try d.targetBuild())
        }
        let apps = try list { d throws(CorruptData) -> AppDeclaration in
            AppDeclaration(
                name: try d.located(), dependencies: try d.locatedList(), packages: try d.locatedList(), isTestHost: try d.bool(),
                path: try d.optional { d throws(CorruptData) in try d.located() })
        }
        let owners = try list { d throws(CorruptData) in OwnerDeclaration(owner: try d.located(), modules: try d.locatedList()) }
        let rules = try list { d throws(CorruptData) -> RuleSetting in
            let rule = try d.located()
            guard let severity = RuleSeverity(rawValue: try d.string()) else { throw CorruptData() }
            return RuleSetting(rule: rule, severity: Located(severity, at: try d.location()))
        }
        let adopt = try optional { d throws(CorruptData) in
            let packages = try d.locatedList(), hosts = try d.locatedList(), location = try d.location()
            var settings = AdoptSettings(packages: packages, hosts: hosts, xcodegen: try d.locatedList(), location: location)
            settings.podspecs = try d.locatedList()
            settings.podfile = try d.optional { d throws(CorruptData) in try d.located() }
            settings.specRepos = try d.locatedList()
            settings.exclude = try d.locatedList()
            settings.xcode = try d.locatedList()
            return settings
        }
        var manifest = Manifest(
            path: path, name: name, layers: layers, naming: naming, packages: packages, modules: [], apps: apps, owners: owners, rules: rules,
            adopt: adopt)
        manifest.modules = modules  // after the init, so that its index is made
        var generate = GenerateSettings()
        guard let layout = GenerateSettings.Layout(rawValue: try string()) else { throw CorruptData() }
        generate.layout = layout
        generate.toolsVersion = try string()
        generate.platforms = try list { d throws(CorruptData) in GenerateSettings.Platform(name: try d.located(), version: try d.located()) }
        generate.umbrella = try optional { d throws(CorruptData) in try d.located() }
        generate.codeowners = try bool()
        generate.xcodegen = try optional { d throws(CorruptData) in
            GenerateSettings.XcodeGen(
                platform: try d.located(), deploymentTarget: try d.optional { d throws(CorruptData) in try d.located() },
                bundleIDPrefix: try d.optional { d throws(CorruptData) in try d.located() }, checkPhase: try d.bool())
        }
        generate.location = try optional { d throws(CorruptData) in try d.location() }
        generate.distribution = try optional { d throws(CorruptData) in try d.distribution() }
        manifest.generate = generate
        manifest.outsideWorkspace = try locatedList()
        manifest.optionalImports = try locatedList()
        manifest.affected = AffectedSettings(ignore: try locatedList(), always: try locatedList())
        manifest.registry = try optional { d throws(CorruptData) in
            let url = try d.located()
            let scopes = try d.list { d throws(CorruptData) in RegistrySettings.LayerScope(layer: try d.located(), scope: try d.located()) }
            return RegistrySettings(url: url, scopes: scopes, location: try d.location())
        }
        manifest.constraints = try list { d throws(CorruptData) in
            Constraint(
                from: try d.locatedList(), never: try d.locatedList(), depthLimit: try d.optional { d throws(CorruptData) in try d.int() },
                reason: try d.located(), location: try d.location())
        }
        guard reader.isAtEnd else { throw CorruptData() }
        return manifest
    }
}
