public import StrataDiagnostics
public import StrataManifest
import StrataPackageIdentity
import StrataSources
public import StrataWorkspace

/// How packages name the modules they get from a package registry: by registry identity
/// (`iss-core.Network`), requiring at least a version of each. A module without an identity
/// here comes from its folder.
public struct RegistryReferences: Sendable {
    /// Each module's registry identity, `scope.Name`.
    public var identities: [String: String]
    /// The version each module's dependents require at least, unless `requirements` says otherwise.
    public var versions: [String: String]
    /// Dependent module → dependency → the version it requires at least (strata.versions.yml's `requires`).
    public var requirements: [String: [String: String]]

    public init(identities: [String: String], versions: [String: String], requirements: [String: [String: String]] = [:]) {
        self.identities = identities
        self.versions = versions
        self.requirements = requirements
    }

    func identity(of module: String) -> String { identities[module] ?? module }

    /// The requirement argument of `.package(id:…)` for `dependent`'s dependency on `module`:
    /// `from: "1.2.0"` (up to the next major), or below 1.0.0, where every minor may break,
    /// the range up to the next minor: `"0.2.0"..<"0.3.0"`.
    func requirement(of module: String, by dependent: String) -> String {
        let text = requirements[dependent]?[module] ?? versions[module] ?? ""
        guard let version = SemanticVersion(text), version.major == 0 else { return "from: \(SwiftSource.literal(text))" }
        return "\(SwiftSource.literal(version.description))..<\(SwiftSource.literal(version.nextBreaking.description))"
    }
}

/// A generate-mode module's package as it is published: whatever the workspace's layout, one
/// package holding the module's targets in their conventional folders (`Sources/<Target>`,
/// `Tests/<Target>`), with a Package.swift that depends on the other modules and on external
/// packages through their registry identities.
public struct PublishedPackage: Sendable {
    /// A folder of the workspace and where it goes in the published package.
    public struct Folder: Sendable, Hashable {
        /// Absolute.
        public var source: String
        /// Relative to the package root: `Sources/Network`.
        public var destination: String
        /// Paths inside `source` that are not published: what the target's `exclude:` names (a
        /// pod's folder holds its podspec, its docs and other pods' files).
        public var leftOut: [String] = []
    }

    public var name: String
    /// The text of Package.swift.
    public var manifest: String
    public var folders: [Folder]

    /// What a module's package depends on outside itself.
    public struct Uses: Sendable {
        /// Modules, in strata.yml's order: each must be in the registry first.
        public var modules: [String]
        /// External packages (strata.yml's `packages:` entries).
        public var packages: [ExternalPackageDeclaration]
    }

    /// What each module of `workspace` uses, by module name: worked out once for a whole plan.
    public static func uses(in workspace: Workspace) -> [String: Uses] {
        let generator = PackageManifestGenerator(workspace: workspace)
        var uses: [String: Uses] = [:]
        for module in workspace.modules {
            let used = generator.uses(of: PackageManifestGenerator.targets(of: module))
            uses[module.name] = Uses(modules: used.modules, packages: used.packages)
        }
        return uses
    }

    /// The published package of `module`. Every module it depends on needs an identity and a
    /// version in `registry`, and every external package it uses a URL or a registry identity:
    /// a published package cannot reach a folder of the workspace.
    public static func make(module: String, in workspace: Workspace, registry: RegistryReferences) throws(InputErrors) -> PublishedPackage {
        guard workspace.manifest.mode == .generate, let declared = workspace.modules.first(where: { $0.name == module }) else {
            throw InputErrors(
                .inputError("unknown-module", "'\(module)' is not a module of this generate-mode workspace", at: .file(workspace.manifest.path)))
        }
        let generator = PackageManifestGenerator(workspace: workspace, registry: registry)
        try generator.checkPackageIdentities()
        if let binary = generator.binaries.first(where: { $0.value.module == module }) {
            throw InputErrors(
                .inputError(
                    "unpublishable-dependency", "'\(module)' links the binary '\(binary.key)', which strata publish does not package yet",
                    at: .file(workspace.manifest.path), hint: "publish the binary as a package of its own, and depend on that"))
        }
        let used = generator.uses(of: PackageManifestGenerator.targets(of: declared))
        var problems: [Diagnostic] = []
        for dependency in used.modules where registry.identities[dependency] == nil || registry.versions[dependency] == nil {
            problems.append(
                .inputError(
                    "unpublishable-dependency", "'\(module)' depends on module '\(dependency)', which has no registry identity and version",
                    at: declared.location, hint: "publish '\(dependency)' first"))
        }
        for package in used.packages {
            if case .path(let path) = package.source, package.id == nil {
                problems.append(
                    .inputError(
                        "unpublishable-dependency",
                        "'\(module)' uses package '\(package.name.value)' from the folder '\(path)', which a package in a registry cannot reach",
                        at: package.name.location,
                        hint:
                            "give it its registry identity and a version: '\(package.name.value): { path: \(path), id: <scope>.\(package.name.value), from: 1.0.0 }'"
                    ))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        let file = generator.publishedPackage(of: declared)
        let builds = workspace.targetBuilds()
        let folders = PackageManifestGenerator.targets(of: declared).compactMap { index -> Folder? in
            let target = workspace.targets[index]
            guard let directory = target.sources?.directory else { return nil }
            return Folder(
                source: directory, destination: "\(target.role == .tests ? "Tests" : "Sources")/\(target.name)",
                leftOut: builds[target.name]?.exclude.map(\.value) ?? [])
        }
        return PublishedPackage(name: declared.name, manifest: file.contents, folders: folders)
    }
}
