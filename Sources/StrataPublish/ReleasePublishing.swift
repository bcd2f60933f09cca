public import StrataDiagnostics
public import StrataGenerate
import StrataManifest
import StrataPackageIdentity
public import StrataWorkspace

/// Publishing as `strata release` does it: one module at a time, at the version the train gave
/// it, depending on the other modules at the versions strata.versions.yml records.
public struct ReleasePublishing: Sendable {
    let publisher: Publisher

    /// Publishing `workspace`'s modules to `registryURL` (default: strata.yml's `registry.url`)
    /// with the token in `tokenFile` (default: `STRATA_REGISTRY_TOKEN`). `readOnly` asks the
    /// registry what it holds, anonymously when there is no token.
    public init(workspace: Workspace, registryURL: String?, tokenFile: String?, readOnly: Bool = false) throws(InputErrors) {
        guard let registry = workspace.manifest.registry else {
            throw InputErrors(
                .inputError(
                    "missing-key", "strata.yml has no 'registry' section, so there is nowhere to publish", at: .file(workspace.manifest.path),
                    hint: "add registry: { url: https://registry.example.com, scopes: { <layer>: <scope> } }"))
        }
        let query = Publication(path: workspace.root, modules: [], tokenFile: tokenFile, registryURL: registryURL)
        let client = RegistryClient(url: registryURL ?? registry.url.value, token: try Publication.token(file: tokenFile, readOnly: readOnly))
        publisher = Publisher(query: query, workspace: workspace, registry: registry, client: client)
    }

    /// The identity `module` is published as.
    public func identity(of module: String) throws(InputErrors) -> String {
        try publisher.identifier(ofModule: module).description
    }

    /// Whether the registry lists `module` at `version`.
    public func isListed(_ module: String, version: String) async throws -> Bool {
        let identifier = try publisher.identifier(ofModule: module)
        return try await publisher.client.releases(of: identifier).contains { $0.description == version }
    }

    /// What the registry holds of `module` at `version`, compared file by file with what
    /// publishing it would send (a resumed train publishes nothing twice, and takes no one
    /// else's release for its own).
    public func existing(_ module: String, version: String, references: RegistryReferences) async throws -> ExistingRelease {
        try await publisher.existing(release(of: module, version: version, references: references))
    }

    /// Publishes the packages of the workspace's folders with a registry `id:` that `modules`
    /// use and the registry has no matching release of (as `strata publish` does).
    public func publishNeededPackages(of modules: [String]) async throws -> [PublishOutcome] {
        var outcomes: [PublishOutcome] = []
        for release in try await publisher.neededPackages(of: modules) { outcomes.append(try await publisher.publish(release)) }
        return outcomes
    }

    /// Publishes `module` at `version`, its package depending on the modules it uses through
    /// `references`.
    public func publish(_ module: String, version: String, references: RegistryReferences) async throws -> PublishOutcome {
        try await publisher.publish(release(of: module, version: version, references: references))
    }

    private func release(of module: String, version: String, references: RegistryReferences) throws -> Publisher.Release {
        let package = try PublishedPackage.make(module: module, in: publisher.workspace, registry: references)
        return Publisher.Release(identifier: try publisher.identifier(ofModule: module), version: version, contents: .generated(package))
    }
}
