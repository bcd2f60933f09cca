public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataModel
import StrataProcess
import Subprocess
import SystemPackage

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `strata publish` is asked: a module of a workspace, published to its layer's scope in
/// the registry strata.yml names.
public struct PublishQuery: Sendable {
    public var path: String
    public var module: String
    /// The version; nil reads it from a `<Module>/<version>` tag on HEAD.
    public var version: String?
    /// A file holding the token; nil reads `STRATA_REGISTRY_TOKEN`.
    public var tokenFile: String?
    /// Build the archive and say what would be published, without publishing.
    public var dryRun: Bool

    public init(path: String, module: String, version: String? = nil, tokenFile: String? = nil, dryRun: Bool = false) {
        self.path = path
        self.module = module
        self.version = version
        self.tokenFile = tokenFile
        self.dryRun = dryRun
    }
}

/// What was (or, with `--dry-run`, would be) published.
public struct PublishOutcome: Sendable {
    public var identifier: String
    public var version: String
    public var url: String
    public var archiveBytes: Int
    /// The release's location as the registry gave it; nil on a dry run.
    public var location: String?
}

/// The registry answered, but not with `201 Created`: its status and the problem's detail.
public struct RegistryRefusal: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var detail: String
    public var description: String { "the registry refused the release (HTTP \(status)): \(detail)" }
}

extension PublishQuery {
    /// The package folder, scope, name and version; then the archive (`swift package
    /// archive-source`), then `PUT /{scope}/{name}/{version}`. Input problems throw `InputErrors`
    /// (exit 2); a refusal by the registry throws `RegistryRefusal`, an unreachable one `URLError`.
    public func run() async throws -> PublishOutcome {
        let loaded = try await WorkspaceLoader().load(path: path)
        let workspace = loaded.workspace
        let manifestPath = workspace.manifest.path
        guard let registry = workspace.manifest.registry else {
            throw InputErrors(
                .inputError(
                    "missing-key", "strata.yml has no 'registry' section, so there is nowhere to publish", at: .file(manifestPath),
                    hint: "add registry: { url: https://registry.example.com, scopes: { <layer>: <scope> } }"))
        }
        guard let index = workspace.index[module] else {
            let names = workspace.targets.filter { $0.role != .external }.map(\.name)
            throw InputErrors(
                .inputError(
                    "unknown-module", "'\(module)' is not a target of the workspace", at: nil,
                    hint: Suggestions.didYouMean(module, in: names) ?? "strata graph lists the targets"))
        }
        let target = workspace.targets[index]
        guard let layerIndex = target.layer else {
            throw InputErrors(
                .inputError(
                    "unmapped-target", "'\(module)' is in no layer, so it has no registry scope", at: nil, hint: "map it to a layer in strata.yml"))
        }
        let layer = workspace.layers[layerIndex].name
        guard let scope = registry.scope(ofLayer: layer) else {
            throw InputErrors(
                .inputError(
                    "missing-scope", "'\(module)' is in layer '\(layer)', which has no scope under 'registry.scopes'", at: registry.location,
                    hint: "add \(layer): <scope> under registry.scopes"))
        }
        let folder = try packageFolder(of: target, in: workspace)
        let packageManifest = try PackageManifestReader.readStatically(path: folder + "/Package.swift")
        guard case .read(let package) = packageManifest else {
            throw InputErrors(
                .inputError(
                    "package-evaluation", "Strata cannot read \(folder)/Package.swift's package name without evaluating it",
                    at: .file(folder + "/Package.swift"),
                    hint: "give Package(name:) a string literal"))
        }
        let version: String
        if let given = self.version {
            version = given
        } else {
            version = try await tagVersion(in: folder, names: [module, package.name])
        }
        guard Self.isSemanticVersion(version) else {
            throw InputErrors(.inputError("invalid-value", "'\(version)' is not a semantic version", at: nil, hint: "for example --version 1.2.0"))
        }
        let identifier = "\(scope.value).\(package.name)"
        let base = registry.url.value.hasSuffix("/") ? String(registry.url.value.dropLast()) : registry.url.value
        let url = "\(base)/\(scope.value)/\(package.name)/\(version)"
        let token = dryRun ? nil : try readToken()
        let archive = try await Self.archive(folder: folder, name: package.name, version: version)
        var outcome = PublishOutcome(identifier: identifier, version: version, url: url, archiveBytes: archive.count, location: nil)
        if dryRun { return outcome }
        let metadata = FileManager.default.contents(atPath: folder + "/package-metadata.json")
        outcome.location = try await Self.put(archive: archive, metadata: metadata, to: url, token: token!)
        return outcome
    }

    /// The folder of the package that declares `target`, which must hold modules of one layer only.
    func packageFolder(of target: Target, in workspace: Workspace) throws(InputErrors) -> String {
        guard let relative = workspace.packageFolder(of: target) else {
            throw InputErrors(
                .inputError(
                    "missing-package", "'\(module)' has no Package.swift at or above its sources; run 'strata generate' first", at: nil, hint: nil))
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
                    at: .file(workspace.manifest.path),
                    hint: "publish modules that are packages of their own: in generate mode set generate: { layout: packages }"))
        }
        return relative.isEmpty ? workspace.root : workspace.root + "/" + relative
    }

    /// The version of a `<name>/<version>` tag on HEAD, for one of `names`.
    func tagVersion(in folder: String, names: [String]) async throws(InputErrors) -> String {
        let tags: [String]
        do {
            let result = try await ChildProcess.run(
                .name("git"), arguments: ["tag", "--points-at", "HEAD"], workingDirectory: FilePath(folder), input: .none,
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
        return version
    }

    func readToken() throws(InputErrors) -> String {
        if let tokenFile {
            guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else {
                throw InputErrors(
                    .inputError(
                        "missing-token", "cannot read a token from '\(tokenFile)'", at: nil, hint: "the file holds the token on its first line"))
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let token = ProcessInfo.processInfo.environment["STRATA_REGISTRY_TOKEN"], !token.isEmpty { return token }
        throw InputErrors(
            .inputError(
                "missing-token", "publishing needs a token with write permission in the scope", at: nil,
                hint: "set STRATA_REGISTRY_TOKEN, or pass --token-file FILE ('strata-registry token create --scope … --write' makes one)"))
    }

    static func isSemanticVersion(_ text: String) -> Bool {
        text.wholeMatch(of: /(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?/) != nil
    }

    /// The source archive, made by the toolchain as SwiftPM's own publish makes it.
    static func archive(folder: String, name: String, version: String) async throws(InputErrors) -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-publish-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = scratch + "/\(name)-\(version).zip"
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let result = try await ChildProcess.run(
                SwiftToolchain.swift, arguments: ["package", "--package-path", folder, "archive-source", "--output", output], input: .none,
                output: .string(limit: 1 << 20), error: .string(limit: 1 << 20), limit: .manifest)
            guard result.succeeded, let data = FileManager.default.contents(atPath: output) else {
                throw InputErrors(
                    .inputError(
                        "archive-failed",
                        "'swift package archive-source' failed in \(folder): \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))",
                        at: .file(folder + "/Package.swift"), hint: nil))
            }
            return data
        } catch let error as InputErrors {
            throw error
        } catch {
            throw InputErrors(
                .inputError(
                    "archive-failed", "cannot run 'swift package archive-source': \(error)", at: nil,
                    hint: "Strata needs the Swift toolchain on the PATH"))
        }
    }

    /// `PUT` the release as multipart form data; returns the `Location` of the new release.
    static func put(archive: Data, metadata: Data?, to url: String, token: String) async throws -> String {
        let body = MultipartBody.release(archive: archive, metadata: metadata)
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "PUT"
        request.httpBody = body.finished
        request.setValue("application/vnd.swift.registry.v1+json", forHTTPHeaderField: "Accept")
        request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        guard http.statusCode == 201 else {
            let detail = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["detail"] as? String
            throw RegistryRefusal(status: http.statusCode, detail: detail ?? String(decoding: data.prefix(500), as: UTF8.self))
        }
        return http.value(forHTTPHeaderField: "Location") ?? url
    }
}
