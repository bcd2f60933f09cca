import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataGraph
import StrataManifest
import StrataPackageIdentity
import StrataProcess
import StrataProjectFormat
import StrataSwiftPM
import StrataWorkspace
import Subprocess
import SystemPackage

/// Plans and makes the releases of one `strata publish`: everything is checked (scopes,
/// versions, dependencies in the registry) before the first archive is sent.
struct Publisher {
    let query: Publication
    let workspace: Workspace
    let registry: RegistrySettings
    let client: RegistryClient
    /// What each module uses, worked out once.
    let uses: [String: PublishedPackage.Uses]

    init(query: Publication, workspace: Workspace, registry: RegistrySettings, client: RegistryClient) {
        self.query = query
        self.workspace = workspace
        self.registry = registry
        self.client = client
        uses = workspace.manifest.mode == .generate ? PublishedPackage.uses(in: workspace) : [:]
    }

    /// One release to make.
    struct Release {
        var identifier: PackageIdentifier
        var version: String
        /// What to archive: a module's published package, or a package folder as it is.
        var contents: Contents
        /// For a package of the workspace published because a module needs it: that module.
        var neededBy: String?

        enum Contents {
            case generated(PublishedPackage)
            case folder(String)
        }
    }

    // MARK: - Generate mode

    /// Releases of `names` and of what they need that is not in the registry yet: the packages
    /// of the workspace's folders that have a registry `id:`, then the modules, each after the
    /// modules it depends on.
    func planModules(names: [String]) async throws -> [Release] {
        let ordered = try dependencyOrder(of: names)
        var identities: [String: PackageIdentifier] = [:]
        var versions: [String: String] = [:]
        var problems: [Diagnostic] = []
        for module in ordered {
            do throws(InputErrors) {
                identities[module] = try identifier(ofModule: module)
                versions[module] = try await version(of: module, names: [module], in: workspace.root)
            } catch {
                problems += error.diagnostics
            }
        }
        // Modules outside the batch that the batch depends on: their newest release in the registry.
        let outside = Set(ordered.flatMap { uses[$0]?.modules ?? [] }).subtracting(ordered)
        for module in workspace.modules.map(\.name) where outside.contains(module) {
            let identifier: PackageIdentifier
            do throws(InputErrors) { identifier = try self.identifier(ofModule: module) } catch {
                problems += error.diagnostics
                continue
            }
            identities[module] = identifier
            guard let newest = try await client.releases(of: identifier).last(where: { $0.prerelease.isEmpty }) else {
                let dependents = ordered.filter { uses[$0]?.modules.contains(module) == true }
                problems.append(
                    .inputError(
                        "unpublished-dependency",
                        "\(dependents.map { "'\($0)'" }.joined(separator: ", ")) \(dependents.count == 1 ? "depends" : "depend") on '\(module)', which the registry has no release of (\(identifier))",
                        at: nil, hint: "publish '\(module)' first, or with them: strata publish \((ordered + [module]).joined(separator: " ")) …"))
                continue
            }
            versions[module] = newest.description
        }
        if !problems.isEmpty { throw InputErrors(problems) }

        let references = RegistryReferences(identities: identities.mapValues(\.description), versions: versions)
        var releases: [Release] = try await neededPackages(of: ordered)
        for module in ordered {
            let package = try PublishedPackage.make(module: module, in: workspace, registry: references)
            releases.append(Release(identifier: identities[module]!, version: versions[module]!, contents: .generated(package)))
        }
        return releases
    }

    /// `names` in strata.yml's order as far as their dependencies allow: each after the modules
    /// it uses among them.
    func dependencyOrder(of names: [String]) throws(InputErrors) -> [String] {
        let selected = Set(names)
        let modules = workspace.modules.map(\.name).filter(selected.contains)
        let graph = Digraph.usedBeforeUsers(modules) { uses[$0]?.modules ?? [] }
        guard let order = graph.topologicalOrder() else {
            let cycle = graph.cyclicComponents().first?.map { modules[$0] } ?? modules
            throw InputErrors(
                .inputError(
                    "dependency-cycle", "the modules \(cycle.joined(separator: ", ")) depend on each other in a cycle", at: nil,
                    hint: "strata check explains the cycle"))
        }
        return order.map { modules[$0] }
    }

    /// The identity a module is published as: its layer's scope and its name.
    func identifier(ofModule module: String) throws(InputErrors) -> PackageIdentifier {
        let declared = workspace.modules.first { $0.name == module }
        let scope = try scope(ofLayer: declared?.layer, module: module)
        switch PackageIdentifier.parse(scope: scope, name: module) {
        case .success(let identifier): return identifier
        case .failure(let error):
            throw InputErrors(.inputError("invalid-value", "'\(module)' cannot be published: \(error.detail)", at: declared?.location))
        }
    }

    /// The registry scope of `layer`, which `module` is in.
    func scope(ofLayer layer: LayerID?, module: String) throws(InputErrors) -> String {
        guard let layer else {
            throw InputErrors(
                .inputError(
                    "unmapped-target", "'\(module)' is in no layer, so it has no registry scope", at: nil, hint: "map it to a layer in strata.yml"))
        }
        let layerName = workspace.layers[layer].name
        guard let scope = registry.scope(ofLayer: layerName) else {
            throw InputErrors(
                .inputError(
                    "missing-scope", "'\(module)' is in layer '\(layerName)', which has no scope under 'registry.scopes'", at: registry.location,
                    hint: "add \(layerName): <scope> under registry.scopes"))
        }
        return scope.value
    }

    /// `--version`, or the one `<name>/<version>` tag on HEAD in `folder` for one of `names`.
    func version(of module: String, names: [String], in folder: String) async throws(InputErrors) -> String {
        if let version = query.version { return version }
        return try await Self.tagVersion(in: folder, names: names, module: module)
    }

    /// Packages of the workspace's folders that modules of `modules` use through a registry
    /// `id:`, at the version their requirement names, when the registry has no release that
    /// satisfies it.
    func neededPackages(of modules: [String]) async throws -> [Release] {
        var releases: [Release] = []
        var seen = Set<String>()
        for module in modules {
            for package in uses[module]?.packages ?? [] where seen.insert(package.name.value).inserted {
                guard case .path(let path) = package.source, let id = package.id else { continue }
                let identifier = try PackageIdentifier.parse(id.value).get()
                let wanted: SemanticVersion?
                switch package.requirement {
                case .from(let version), .exact(let version): wanted = SemanticVersion(version)
                default: wanted = nil
                }
                guard let wanted else {
                    throw InputErrors(
                        .inputError(
                            "invalid-value", "package '\(package.name.value)' needs a semantic version to be published at", at: package.name.location)
                    )
                }
                let available = try await client.releases(of: identifier)
                let satisfied = available.contains { release in
                    if case .exact = package.requirement { return release == wanted }
                    return release.major == wanted.major && !(release < wanted) && release.prerelease.isEmpty
                }
                if satisfied { continue }
                let folder = PathResolution.resolve(path, in: workspace.root)
                releases.append(Release(identifier: identifier, version: wanted.description, contents: .folder(folder), neededBy: module))
            }
        }
        return releases
    }

    // MARK: - Adopt mode

    /// Adopt mode publishes packages as they are: each named module's package, which must hold
    /// modules of one layer only.
    func planAdoptedPackages(names: [String]) async throws -> [Release] {
        guard !names.isEmpty else {
            throw InputErrors(
                .inputError(
                    "missing-argument", "name the modules to publish", at: nil,
                    hint: "--all publishes every module of a generate-mode workspace; in adopt mode name them: strata publish Network"))
        }
        var releases: [Release] = []
        for module in names {
            guard let index = workspace.index[module] else {
                let names = workspace.targets.filter { $0.role != .external }.map(\.name)
                throw InputErrors(
                    .inputError(
                        "unknown-module", "'\(module)' is not a target of the workspace", at: nil,
                        hint: Suggestions.didYouMean(module, in: names) ?? "strata graph lists the targets"))
            }
            let target = workspace.targets[index]
            let folder = try packageFolder(of: target, module: module)
            let scope = try scope(ofLayer: target.layer, module: module)
            guard case .read(let package) = try PackageManifestReader.readStatically(path: folder + "/Package.swift") else {
                throw InputErrors(
                    .inputError(
                        "package-evaluation", "Strata cannot read \(folder)/Package.swift's package name without evaluating it",
                        at: .file(folder + "/Package.swift"), hint: "give Package(name:) a string literal"))
            }
            if let local = package.dependencies.first(where: { if case .fileSystem = $0.source { true } else { false } }),
                case .fileSystem(let path) = local.source
            {
                throw InputErrors(
                    .inputError(
                        "unpublishable-dependency",
                        "the package depends on the folder '\(PathResolution.relative(path, from: workspace.root))', which a package in a registry cannot reach",
                        at: .file(folder + "/Package.swift"), hint: "depend on it by URL or registry identity (.package(id:from:)) before publishing")
                )
            }
            let version = try await version(of: module, names: [module, package.name], in: folder)
            guard case .success(let identifier) = PackageIdentifier.parse(scope: scope, name: package.name) else {
                throw InputErrors(
                    .inputError("invalid-value", "'\(package.name)' is not a registry package name", at: .file(folder + "/Package.swift")))
            }
            releases.append(Release(identifier: identifier, version: version, contents: .folder(folder)))
        }
        return releases
    }

    /// The folder of the package that declares `target`, which must hold modules of one layer only.
    func packageFolder(of target: Target, module: String) throws(InputErrors) -> String {
        guard let relative = workspace.packageFolder(of: target) else {
            throw InputErrors(.inputError("missing-package", "'\(module)' has no Package.swift at or above its sources", at: nil, hint: nil))
        }
        let layers = Set(
            workspace.targets.filter { $0.role != .external && workspace.packageFolder(of: $0) == relative }.compactMap(\.layer).map {
                workspace.layers[$0].name
            })
        if layers.count > 1 {
            throw InputErrors(
                .inputError(
                    "mixed-package",
                    "the package at '\(relative.isEmpty ? "." : relative)' holds modules of the layers \(layers.sorted().joined(separator: ", ")); a release goes to one layer's scope",
                    at: .file(workspace.manifest.path), hint: "publish packages that hold one layer's modules"))
        }
        return relative.isEmpty ? workspace.root : workspace.root + "/" + relative
    }

    /// The version of a `<name>/<version>` tag on HEAD, for one of `names`.
    static func tagVersion(in folder: String, names: [String], module: String) async throws(InputErrors) -> String {
        let tags: [String]
        do {
            let result = try await ChildProcess.run(
                ProgramSearch.executable(named: "git"), arguments: ["tag", "--points-at", "HEAD"], workingDirectory: FilePath(folder), input: .none,
                output: .string(limit: 1 << 20), error: .string(limit: 1 << 20), limit: .git)
            tags = result.succeeded ? result.standardOutput.split(separator: "\n").map(String.init) : []
        } catch {
            tags = []
        }
        let versions = Set(
            tags.compactMap { tag -> String? in
                guard let slash = tag.lastIndex(of: "/"), names.contains(String(tag[..<slash])) else { return nil }
                return String(tag[tag.index(after: slash)...])
            })
        guard versions.count == 1, let version = versions.first else {
            throw InputErrors(
                .inputError(
                    "missing-version",
                    versions.isEmpty
                        ? "no version to publish '\(module)' as"
                        : "HEAD has several version tags for '\(module)': \(versions.sorted().joined(separator: ", "))",
                    at: nil, hint: "pass --version 1.2.0, or tag HEAD as \(module)/1.2.0"))
        }
        guard SemanticVersion(version) != nil else {
            throw InputErrors(
                .inputError("invalid-value", "the tag \(module)/\(version) is not a semantic version", at: nil, hint: "tag HEAD as \(module)/1.2.0"))
        }
        return version
    }

    // MARK: - Publishing

    /// Archives one release with the toolchain and sends it (or, on a dry run, only archives it).
    func publish(_ release: Release) async throws -> PublishOutcome {
        let scratchFolder = try ScratchFolder.make(for: "publish")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        let folder = try stage(release, in: scratch)
        var outcome = PublishOutcome(
            identifier: release.identifier.description, version: release.version, url: client.url(of: release.identifier, version: release.version),
            archiveBytes: 0, location: nil, writtenTo: nil, neededBy: release.neededBy)
        if let output = query.outputFolder {
            outcome.writtenTo = try SourceArchive.move(folder, into: output, as: release.identifier.description)
            return outcome
        }
        let archive = try await SourceArchive.make(folder: folder, name: release.identifier.name, version: release.version, scratch: scratch)
        outcome.archiveBytes = archive.count
        if query.dryRun { return outcome }
        let metadata = FileManager.default.contents(atPath: folder + "/package-metadata.json")  // as SwiftPM's publish reads it
        outcome.location = try await client.publish(release.identifier, version: release.version, archive: archive, metadata: metadata)
        return outcome
    }

    /// What the registry holds at the release's identity and version, compared with what
    /// publishing it would send.
    func existing(_ release: Release) async throws -> ExistingRelease {
        guard let archive = try await client.archive(of: release.identifier, version: release.version) else { return .absent }
        let scratchFolder = try ScratchFolder.make(for: "publish")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        let folder = try stage(release, in: scratch)
        let differences = try ArchiveComparison.differences(archive: archive, folder: folder, scratch: scratch)
        return differences.isEmpty ? .same : .different(paths: differences)
    }

    /// Lays the release's package out in `scratch` as it is archived; returns its folder.
    private func stage(_ release: Release, in scratch: String) throws(InputErrors) -> String {
        switch release.contents {
        case .folder(let path): try SourceArchive.stage(folder: path, as: release.identifier.description, in: scratch)
        case .generated(let package): try SourceArchive.stage(package, as: release.identifier.description, in: scratch)
        }
    }
}

/// A release the registry may already hold.
public enum ExistingRelease: Sendable, Equatable {
    /// The registry has no release at that version.
    case absent
    /// It has one with the same files.
    case same
    /// It has one whose files differ at these paths (inside the package).
    case different(paths: [String])
}
