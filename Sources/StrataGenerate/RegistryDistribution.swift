import Foundation
public import StrataDiagnostics
public import StrataManifest
import StrataPackageIdentity
public import StrataWorkspace

/// What `strata generate` needs besides strata.yml when modules are distributed through the
/// registry: the versions released so far, and the modules worked on from their folders.
public struct GenerationOptions: Sendable {
    /// strata.versions.yml.
    public var versions: VersionRecord
    /// Registry modules that packages get from their folders (`strata generate --local`).
    public var local: Set<String>

    public init(versions: VersionRecord, local: Set<String> = []) {
        self.versions = versions
        self.local = local
    }

    /// The options the workspace is in now: strata.versions.yml as it is, and the modules its
    /// generated Package.swift files get from their folders (so a plain `strata generate`, and
    /// `--check`, keep local development on until `--no-local`).
    public static func current(for workspace: Workspace) throws(InputErrors) -> GenerationOptions {
        try current(for: workspace) { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
    }

    /// The options of `workspace` as `read` gives its files (absolute path → bytes, nil when
    /// absent): from the disk, or as they were at a git revision (`strata affected`).
    public static func current(for workspace: Workspace, read: (String) -> [UInt8]?) throws(InputErrors) -> GenerationOptions {
        let path = workspace.root + "/" + VersionRecord.fileName
        guard !workspace.manifest.registryModules.isEmpty else { return GenerationOptions(versions: VersionRecord(path: path)) }
        let versions =
            try read(path).map { bytes throws(InputErrors) in try VersionRecord.parse(data: Data(bytes), path: path) } ?? VersionRecord(path: path)
        try versions.check(modules: Set(workspace.modules.map(\.name)))
        var options = GenerationOptions(versions: versions)
        options.addLocal(LocalDevelopment.modules(of: workspace, read: read), in: workspace)
        return options
    }

    /// Makes `modules` come from their folders, and with them every registry module that uses
    /// one of them, directly or not: SwiftPM cannot mix a module from its folder with releases
    /// that get the same module from the registry (two packages would declare its products).
    public mutating func addLocal(_ modules: Set<String>, in workspace: Workspace) {
        guard !modules.isEmpty else { return }
        let registryModules = workspace.manifest.registryModules
        let uses = PublishedPackage.uses(in: workspace)
        var users: [String: [String]] = [:]
        for (module, used) in uses { for dependency in used.modules { users[dependency, default: []].append(module) } }
        var pending = Array(modules.intersection(registryModules))
        while let module = pending.popLast() {
            guard local.insert(module).inserted else { continue }
            pending += (users[module] ?? []).filter { registryModules.contains($0) && !local.contains($0) }
        }
    }

    /// How the workspace's packages name the modules they use, or nil when every module comes
    /// from its folder: a registry module by its identity at the version its dependents require,
    /// unless it is worked on locally or has no release yet (then from its folder, like a path
    /// module).
    public func references(for workspace: Workspace) -> RegistryReferences? {
        let manifest = workspace.manifest
        let registryModules = manifest.registryModules
        guard !registryModules.isEmpty else { return nil }
        var identities: [String: String] = [:]
        var released: [String: String] = [:]
        for module in workspace.modules where registryModules.contains(module.name) && !local.contains(module.name) {
            guard let version = versions.entries[module.name]?.version, let layer = module.layer,
                let scope = manifest.registry?.scope(ofLayer: workspace.layers[layer].name)
            else { continue }
            identities[module.name] = "\(scope.value).\(module.name)"
            released[module.name] = version.description
        }
        let requirements = versions.entries.mapValues { $0.requires.mapValues(\.description) }
        return RegistryReferences(identities: identities, versions: released, requirements: requirements)
    }

    /// A module distributed through the registry is a package in the registry, which cannot
    /// reach a folder: every module it uses must be distributed through the registry too.
    public static func checkDistribution(of workspace: Workspace, uses: [String: PublishedPackage.Uses]? = nil) throws(InputErrors) {
        let registryModules = workspace.manifest.registryModules
        guard !registryModules.isEmpty else { return }
        var problems: [Diagnostic] = []
        let uses = uses ?? PublishedPackage.uses(in: workspace)
        for declaration in workspace.manifest.modules where registryModules.contains(declaration.name.value) {
            for dependency in uses[declaration.name.value]?.modules ?? [] where !registryModules.contains(dependency) {
                problems.append(
                    .inputError(
                        "unpublishable-dependency",
                        "module '\(declaration.name.value)' is distributed through the registry but uses '\(dependency)', which comes from its folder",
                        at: declaration.distribution?.location ?? declaration.name.location,
                        hint: "distribute '\(dependency)' through the registry too: 'distribution: registry'"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// Modules distributed through the registry that have no release yet: their dependents get
    /// them from their folders until `strata release` records a version.
    func unreleased(in workspace: Workspace) -> [String] {
        let registryModules = workspace.manifest.registryModules  // computed: once, not per module
        return workspace.manifest.modules.map(\.name.value).filter { registryModules.contains($0) && versions.entries[$0] == nil }
    }
}

/// Local development of registry modules (`strata generate --local Network`): packages get
/// those modules from their folders, like CocoaPods' `pod 'Network', :path => …`. Each
/// generated Package.swift that does names them in a comment, which is how a later `strata
/// generate` (or `--check`) knows the workspace is in local development.
public enum LocalDevelopment {
    static let prefix = "// strata-local: "

    /// The comment line for a package that gets `modules` from their folders.
    static func marker(_ modules: [String]) -> String {
        prefix + modules.joined(separator: " ")
            + " (from their folders for local development; 'strata generate --no-local' switches back to the registry)"
    }

    /// The modules the generated Package.swift files of `workspace` (the root package's and each
    /// module's) get from their folders, reading them with `read`.
    static func modules(of workspace: Workspace, read: (String) -> [UInt8]?) -> Set<String> {
        var modules = Set<String>()
        let paths = ["Package.swift"] + workspace.modules.map { workspace.manifest.packageFolder(of: $0.name) + "/Package.swift" }
        for path in paths {
            guard let bytes = read(workspace.root + "/" + path) else { continue }
            let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
            for line in text.split(separator: "\n").prefix(8) where line.hasPrefix(prefix) {
                let names = line.dropFirst(prefix.count).prefix { $0 != "(" }
                modules.formUnion(names.split(separator: " ").map(String.init))
            }
        }
        return modules
    }
}
