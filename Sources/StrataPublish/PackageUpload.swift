public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataGenerate
public import StrataPackageIdentity

/// Publishing packages made outside a workspace's modules (a spec repo's releases) under
/// identities the caller names: what the registry lists, the archive as `swift package
/// archive-source` makes it, and the `PUT`, each a step of its own so that every archive can be
/// made before the first is sent.
public struct PackageUpload: Sendable {
    let client: RegistryClient

    /// Uploads to the registry at `registryURL` with the token in `tokenFile` (default:
    /// `STRATA_REGISTRY_TOKEN`). `readOnly` (a dry run) asks anonymously when there is no token.
    public init(registryURL: String, tokenFile: String?, readOnly: Bool) throws(InputErrors) {
        client = RegistryClient(url: try Publication.checkedURL(registryURL), token: try Publication.token(file: tokenFile, readOnly: readOnly))
    }

    /// The versions the registry lists for `identity` (none when it has no such package). A
    /// registry that answers only with a token, asked without one, is an input error.
    public func versions(of identity: String) async throws -> [SemanticVersion] {
        do {
            return try await client.releases(of: Self.identifier(identity))
        } catch let refusal as RegistryRefusal where refusal.status == 401 && client.token == nil {
            throw Publication.tokenNeeded(by: client.base)
        }
    }

    /// The zip of `package` laid out as `identity` publishes it.
    public func archive(_ package: PublishedPackage, as identity: String, version: String) async throws(InputErrors) -> Data {
        let identifier = try Self.identifier(identity)
        let scratchFolder: ScratchFolder
        do { scratchFolder = try ScratchFolder.make(for: "publish") } catch {
            throw InputErrors(.inputError("write-failed", "cannot make a scratch folder to archive \(identity): \(error)", at: nil))
        }
        defer { scratchFolder.remove() }
        let folder = try SourceArchive.stage(package, as: identity, in: scratchFolder.path)
        return try await SourceArchive.make(folder: folder, name: identifier.name, version: version, scratch: scratchFolder.path)
    }

    /// Sends `archive` as `identity` at `version`; returns the release's location.
    public func publish(_ archive: Data, as identity: String, version: String) async throws -> String {
        try await client.publish(Self.identifier(identity), version: version, archive: archive, metadata: nil)
    }

    /// The URL a release of `identity` is at.
    public func url(of identity: String, version: String) -> String {
        (try? client.url(of: Self.identifier(identity), version: version)) ?? client.base
    }

    private static func identifier(_ identity: String) throws(InputErrors) -> PackageIdentifier {
        switch PackageIdentifier.parse(identity) {
        case .success(let identifier): return identifier
        case .failure(let error):
            throw InputErrors(.inputError("invalid-value", "'\(identity)' is not a registry identity: \(error.detail)", at: nil))
        }
    }
}
