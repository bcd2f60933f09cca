import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import Synchronization

/// Reads an XcodeGen spec into the one project dictionary XcodeGen builds from it, in XcodeGen's
/// order (its `SpecFile` and `Project.resolveProject`):
///
/// 1. each file is read and its `${VARIABLE}`s replaced from the environment;
/// 2. its `include:`s are read the same way, relative to the including file; one included with
///    `relativePaths: false` is found, and gives its paths, relative to the folder its includer's
///    own such includes are relative to (the root spec's, unless nested in a relative include);
/// 3. the paths an included file gives (target `sources`, `framework:` dependencies, local
///    package `path`s, `localPackages`, `options.carthageBuildPath`) are made relative to the
///    file that wrote them (`Folders`); here they are made absolute;
/// 4. every spec is merged onto what it includes, each file once (`SpecNode.merged(onto:)`);
/// 5. multi-platform targets (`platform: [iOS, tvOS]`) become one target per platform, target
///    templates are merged under their targets with `${target_name}` and `templateAttributes`
///    substituted, then multi-platform targets are expanded again (templates may make them).
///
/// Unlike XcodeGen, an include cycle is an error here rather than endless recursion.
struct XcodeGenSpecLoader {
    let files: any WorkspaceFiles
    /// `${NAME}` substitutions: the environment, as `xcodegen` uses it.
    let variables: [String: String]
    /// Files read once for every project that includes them.
    let cache: SpecFileCache
    /// Where includes may be read from: the workspace and the folders `outside-workspace` lists.
    let boundary: WorkspaceBoundary?

    init(
        files: any WorkspaceFiles, variables: [String: String] = ProcessInfo.processInfo.environment, cache: SpecFileCache = SpecFileCache(),
        boundary: WorkspaceBoundary? = nil
    ) {
        self.files = files
        self.variables = variables
        self.cache = cache
        self.boundary = boundary
    }

    /// One file of a spec: where it is, the folder its paths are relative to, and what it includes.
    private struct Part {
        var path: String
        var node: SpecNode
        var includes: [Part]
    }

    /// The project dictionary of the spec at `path` (absolute), includes merged and templates
    /// applied, and every file it was read from (the spec and its includes).
    func load(_ path: String) throws(InputErrors) -> (project: SpecNode, files: [String]) {
        let folder = PathResolution.parent(of: path)
        let root = try part(at: path, includedFrom: nil, folders: Folders(includes: folder, rootIncludes: folder, paths: folder), chain: [])
        var merged: Set<String> = []
        let project = mergedNode(root, seen: &merged)
        return (try Self.resolveProject(project), merged.sorted())
    }

    /// The folders one file of a spec is read against, following XcodeGen's `basePath` and
    /// `relativePath` of each `SpecFile`.
    private struct Folders {
        /// What its includes with relative paths (the default) are relative to: its own folder,
        /// or for a file included with `relativePaths: false`, the folder its includer resolved those against.
        var includes: String
        /// What its includes with `relativePaths: false` are relative to.
        var rootIncludes: String
        /// What the paths it gives are relative to.
        var paths: String

        /// The folders of a file it includes at `path`.
        func child(_ path: String, relativePaths: Bool) -> (file: String, folders: Folders) {
            guard relativePaths else {
                return (
                    PathResolution.resolve(path, in: rootIncludes), Folders(includes: rootIncludes, rootIncludes: rootIncludes, paths: self.paths)
                )
            }
            let file = PathResolution.resolve(path, in: includes)
            let written = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            return (
                file,
                Folders(includes: PathResolution.parent(of: file), rootIncludes: includes, paths: PathResolution.resolve(written, in: self.paths))
            )
        }
    }

    /// Reads one file and what it includes; `chain` holds the files including it, to find cycles.
    private func part(at path: String, includedFrom entry: SpecNode?, folders: Folders, chain: [String]) throws(InputErrors) -> Part {
        if chain.contains(path) {
            throw InputErrors([
                .inputError(
                    "include-cycle",
                    "'\(PathResolution.relative(path, from: PathResolution.parent(of: chain[0])))' includes itself through "
                        + (chain.drop(while: { $0 != path }).map { "'\(PathResolution.name(of: $0))'" } + ["'\(PathResolution.name(of: path))'"])
                        .joined(
                            separator: " → "),
                    at: entry?.location ?? .file(path), hint: "remove one of the 'include:' entries in the cycle")
            ])
        }
        let node = try cache.node(at: path, files: files, includedFrom: entry).expanding(variables)
        // XcodeGen merges an included file's keys onto its includer's: anything but a mapping (or an empty file) cannot be merged.
        if let entry, node.entries == nil, !node.isNullScalar {
            throw InputErrors(
                .inputError(
                    "invalid-xcodegen-spec", "'\(PathResolution.name(of: path))' is \(node.kindDescription), not a mapping of spec keys",
                    at: entry.location,
                    hint: "a spec and every file it includes hold keys such as 'targets:' and 'settings:'"))
        }
        var problems: [Diagnostic] = []
        var includes: [Part] = []
        for include in Self.includes(of: node, problems: &problems) where include.enable {
            let (file, childFolders) = folders.child(include.path, relativePaths: include.relativePaths)
            if let problem = boundary?.problem(Located(file, at: include.entry.location), relativeTo: "/", use: .file(include.path)) {
                problems.append(problem)
                continue
            }
            do {
                includes.append(try part(at: file, includedFrom: include.entry, folders: childFolders, chain: chain + [path]))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return Part(path: path, node: Self.resolvingPaths(in: node, relativeTo: folders.paths), includes: includes)
    }

    /// `self` merged onto its includes (each merged onto the ones before it), every file once.
    private func mergedNode(_ part: Part, seen: inout Set<String>) -> SpecNode {
        guard seen.insert(part.path).inserted else { return .mapping([], part.node.location) }
        var base = SpecNode.mapping([], part.node.location)
        for include in part.includes {
            base = mergedNode(include, seen: &seen).merged(onto: base)
        }
        return part.node.merged(onto: base)
    }

    // MARK: include:

    private struct Include {
        var path: String
        var relativePaths: Bool
        var enable: Bool
        var entry: SpecNode
    }

    /// `include: file.yml`, a list of them, or `{ path:, relativePaths:, enable: }` entries.
    private static func includes(of node: SpecNode, problems: inout [Diagnostic]) -> [Include] {
        guard let value = node["include"] else { return [] }
        let entries = value.items ?? [value]
        return entries.compactMap { entry -> Include? in
            if let path = entry.string { return Include(path: path, relativePaths: true, enable: true, entry: entry) }
            if let path = entry["path"]?.string {
                return Include(path: path, relativePaths: entry["relativePaths"]?.bool ?? true, enable: isEnabled(entry["enable"]), entry: entry)
            }
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "an include must be a path or a mapping with 'path:', found \(entry.kindDescription)",
                    at: entry.location, hint: "write 'include: [base.yml]' or 'include: [{ path: base.yml, relativePaths: false }]'"))
            return nil
        }
    }

    /// XcodeGen's reading of an include's `enable:`: absent (or null) means enabled; a boolean
    /// is itself; any other text is read as Foundation's `NSString.boolValue` reads it (after
    /// blanks and a sign with zeros, `Y`, `y`, `T`, `t` or a digit 1–9), so `${FEATURE}` of a
    /// variable that is not set, left as written, disables the include.
    static func isEnabled(_ value: SpecNode?) -> Bool {
        guard let value else { return true }
        if let bool = value.bool { return bool }
        guard case .scalar(let scalar) = value, !scalar.isNull else { return true }
        var rest = Substring(scalar.text).drop { $0 == " " || $0 == "\t" }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "YyTt123456789".contains(first)
    }

    // MARK: Paths

    /// The paths of the properties Strata reads, made absolute from `folder`.
    static func resolvingPaths(in node: SpecNode, relativeTo folder: String) -> SpecNode {
        guard case .mapping(var entries, let location) = node else { return node }
        func absolute(_ value: SpecNode) -> SpecNode {
            guard case .scalar(var scalar) = value, !scalar.isNull else { return value }
            scalar.text = PathResolution.resolve(scalar.text, in: folder)
            return .scalar(scalar)
        }
        func strings(_ value: SpecNode) -> SpecNode {
            guard case .sequence(let items, let location) = value else { return absolute(value) }
            return .sequence(items.map(absolute), location)
        }
        func target(_ target: SpecNode) -> SpecNode {
            guard case .mapping(var fields, let location) = target else { return target }
            for index in fields.indices {
                switch fields[index].key {
                case "sources", "sources:REPLACE":
                    // A path, or a list of paths and `{ path: … }` sources.
                    if case .sequence(let items, let listLocation) = fields[index].value {
                        fields[index].value = .sequence(items.map { $0.entries == nil ? absolute($0) : map($0, "path", absolute) }, listLocation)
                    } else {
                        fields[index].value = absolute(fields[index].value)
                    }
                case "dependencies", "dependencies:REPLACE":
                    if case .sequence(let items, let listLocation) = fields[index].value {
                        fields[index].value = .sequence(items.map { map($0, "framework", absolute) }, listLocation)
                    }
                default:
                    break
                }
            }
            return .mapping(fields, location)
        }
        for index in entries.indices {
            let key = entries[index].key.hasSuffix(":REPLACE") ? String(entries[index].key.dropLast(8)) : entries[index].key
            switch key {
            case "targets", "targetTemplates":
                entries[index].value = mapValues(entries[index].value, target)
            case "packages":
                entries[index].value = mapValues(entries[index].value) { map($0, "path", absolute) }
            case "localPackages":
                entries[index].value = strings(entries[index].value)
            case "options":
                entries[index].value = map(entries[index].value, "carthageBuildPath", absolute)
            default:
                break
            }
        }
        return .mapping(entries, location)
    }

    /// A mapping with `transform` applied to each value.
    private static func mapValues(_ node: SpecNode, _ transform: (SpecNode) -> SpecNode) -> SpecNode {
        guard case .mapping(var entries, let location) = node else { return node }
        for index in entries.indices { entries[index].value = transform(entries[index].value) }
        return .mapping(entries, location)
    }

    /// A mapping with `transform` applied to the value under `key`, if there is one.
    private static func map(_ node: SpecNode, _ key: String, _ transform: (SpecNode) -> SpecNode) -> SpecNode {
        guard case .mapping(var entries, let location) = node else { return node }
        for index in entries.indices where entries[index].key == key { entries[index].value = transform(entries[index].value) }
        return .mapping(entries, location)
    }

    // MARK: Targets: platforms and templates

    /// XcodeGen's `Project.resolveProject`: multi-platform targets, templates, multi-platform again.
    static func resolveProject(_ project: SpecNode) throws(InputErrors) -> SpecNode {
        var project = project
        project = expandingPlatforms(project)
        project = try applyingTemplates(project)
        project = expandingPlatforms(project)
        return project
    }

    /// A target whose `platform` is a list becomes one target per platform, named
    /// `<platformPrefix><name><platformSuffix>` (`_iOS` by default), with `${platform}` replaced
    /// and `PRODUCT_NAME` set to the name it was written under.
    static func expandingPlatforms(_ project: SpecNode) -> SpecNode {
        guard let targets = project["targets"], case .mapping(let entries, let location) = targets else { return project }
        var expanded: [SpecEntry] = []
        for entry in entries {
            guard let platforms = entry.value["platform"]?.items else {
                expanded.append(entry)
                continue
            }
            for platformNode in platforms {
                guard let platform = platformNode.string else { continue }
                var target = entry.value.expanding(["platform": platform])
                target = target.setting("platform", to: platformNode)
                let prefix = target["platformPrefix"]?.string ?? ""
                let suffix = target["platformSuffix"]?.string ?? "_\(platform)"
                let productName = SpecNode.scalar(SpecScalar(text: entry.key, location: entry.keyLocation, isNull: false))
                let settings = target["settings"] ?? .mapping([], entry.value.location)
                if settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil {
                    let base = settings["base"] ?? .mapping([], settings.location)
                    target = target.setting(
                        "settings",
                        to: settings.setting("base", to: base["PRODUCT_NAME"] == nil ? base.setting("PRODUCT_NAME", to: productName) : base))
                } else if settings["PRODUCT_NAME"] == nil {
                    target = target.setting("settings", to: settings.setting("PRODUCT_NAME", to: productName))
                } else {
                    target = target.setting("settings", to: settings)
                }
                var named = entry
                named.key = prefix + entry.key + suffix
                named.value = target
                expanded.append(named)
            }
        }
        return project.setting("targets", to: .mapping(expanded, location))
    }

    /// Each target merged onto its `templates` (and theirs, depth first, each once), then
    /// `${target_name}` and its `templateAttributes` substituted. Unknown template names are
    /// skipped, as XcodeGen skips them; the target then usually lacks a `type`, which says so.
    /// A template that uses itself, directly or through others, is an error at the use.
    static func applyingTemplates(_ project: SpecNode) throws(InputErrors) -> SpecNode {
        guard let targets = project["targets"], case .mapping(var entries, let location) = targets else { return project }
        let templates = project["targetTemplates"]
        var cycles: [Diagnostic] = []
        func collect(_ node: SpecNode, into names: inout [String], at index: inout Int, through path: [String]) {
            for item in node["templates"]?.items ?? [] {
                guard let name = item.string else { continue }
                if path.contains(name) {
                    let cycle = (path.drop { $0 != name } + [name]).joined(separator: " → ")
                    if !cycles.contains(where: { $0.location == item.location }) {
                        cycles.append(
                            .inputError(
                                "invalid-xcodegen-spec", "target template '\(name)' uses itself: \(cycle)", at: item.location,
                                hint: "remove one of the 'templates:' entries in the cycle"))
                    }
                    continue
                }
                guard !names.contains(name), let template = templates?[name] else { continue }
                names.insert(name, at: index)
                collect(template, into: &names, at: &index, through: path + [name])
                index += 1
            }
        }
        for position in entries.indices {
            var names: [String] = []
            var index = 0
            collect(entries[position].value, into: &names, at: &index, through: [])
            guard !names.isEmpty else { continue }
            var base = SpecNode.mapping([], entries[position].value.location)
            for name in names {
                if let template = templates?[name] { base = template.merged(onto: base) }
            }
            var target = entries[position].value.merged(onto: base).expanding(["target_name": entries[position].key])
            if let attributes = target["templateAttributes"]?.entries {
                target = target.expanding(
                    Dictionary(attributes.compactMap { entry in entry.value.string.map { (entry.key, $0) } }, uniquingKeysWith: { _, last in last }))
            }
            entries[position].value = target
        }
        if !cycles.isEmpty { throw InputErrors(cycles) }
        return project.setting("targets", to: .mapping(entries, location))
    }
}

/// Spec files already read (parsed, not yet substituted), by absolute path: a shared include is
/// read once for the whole workspace. Safe to use from the tasks that read projects in parallel.
final class SpecFileCache: Sendable {
    private let nodes = Mutex<[String: Result<(node: SpecNode, warnings: [Diagnostic]), InputErrors>]>([:])

    init() {}

    /// The parsed file at `path`; a missing file is reported at `entry`, the include that names it.
    func node(at path: String, files: any WorkspaceFiles, includedFrom entry: SpecNode?) throws(InputErrors) -> SpecNode {
        if let cached = nodes.withLock({ $0[path] }) { return try cached.get().node }
        let bytes: [UInt8]
        switch files.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing):
            throw InputErrors([
                entry.map {
                    .inputError(
                        "missing-file", "'\(PathResolution.name(of: path))' is included here but does not exist (looked for '\(path)')",
                        at: $0.location,
                        hint: "check the include's path; it is relative to the including spec unless 'relativePaths: false'")
                } ?? .inputError("missing-file", "there is no XcodeGen spec at '\(path)'", at: .file(path))
            ])
        case .failure(let failure):
            throw InputErrors(
                .inputError("unreadable-file", "cannot read '\(path)': \(failure)", at: entry?.location ?? .file(path), hint: failure.hint))
        }
        let result = Result { () throws(InputErrors) in try SpecNode.parseWithWarnings(ManifestLoader.decodeUTF8(bytes, path: path), path: path) }
        nodes.withLock { $0[path] = result }
        return try result.get().node
    }

    /// The warnings about the file at `path`, once it was read (a key XcodeGen takes the last of).
    func warnings(at path: String) -> [Diagnostic] {
        nodes.withLock { (try? $0[path]?.get().warnings) ?? [] }
    }
}
