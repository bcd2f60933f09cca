import Foundation
import StrataDiagnostics
import StrataManifest
import StrataPackageIdentity
import StrataWorkspace

/// `strata publish`: modules of a workspace to publish, each to its layer's scope
/// in the registry strata.yml names.
public struct Publication: Sendable {
    public var path: String
    /// The modules to publish; empty with `all`.
    public var modules: [String]
    /// Every module of a generate-mode workspace.
    public var all: Bool
    /// The version of every module published; nil reads each one's `<Module>/<version>` tag on HEAD.
    public var version: String?
    /// A file holding the token; nil reads `STRATA_REGISTRY_TOKEN`.
    public var tokenFile: String?
    /// The registry's URL instead of strata.yml's `registry.url`.
    public var registryURL: String?
    /// Build the archives and say what would be published, without publishing.
    public var dryRun: Bool
    /// Write each package as it would be published into this folder (`<folder>/<scope>.<Name>`)
    /// instead of publishing it: for `swift package-registry publish`, or to review.
    public var outputFolder: String?

    public init(
        path: String, modules: [String], all: Bool = false, version: String? = nil, tokenFile: String? = nil, registryURL: String? = nil,
        dryRun: Bool = false, outputFolder: String? = nil
    ) {
        self.path = path
        self.modules = modules
        self.all = all
        self.version = version
        self.tokenFile = tokenFile
        self.registryURL = registryURL
        self.dryRun = dryRun
        self.outputFolder = outputFolder
    }
}

/// What was (or, with `--dry-run`, would be) published.
public struct PublishOutcome: Sendable {
    public var identifier: String
    public var version: String
    public var url: String
    public var archiveBytes: Int
    /// The release's location as the registry gave it; nil on a dry run or with an output folder.
    public var location: String?
    /// Where the package was written, with an output folder.
    public var writtenTo: String?
    /// For a package of the workspace published because a module needs it: that module.
    public var neededBy: String?
}

extension Publication {
    /// Loads the workspace, plans the releases (dependencies first), archives each with the
    /// toolchain and `PUT`s it, calling `report` after each. Input problems throw `InputErrors`
    /// (exit 2); a refusal by the registry throws `RegistryRefusal`, an unreachable one `URLError`.
    /// Releases published before a failure stay published: releases are immutable.
    public func run(report: (PublishOutcome) -> Void = { _ in }) async throws -> [PublishOutcome] {
        let loaded = try await WorkspaceLoader().load(path: path)
        let workspace = loaded.workspace
        let manifestPath = workspace.manifest.path
        guard let registry = workspace.manifest.registry else {
            throw InputErrors(
                .inputError(
                    "missing-key", "strata.yml has no 'registry' section, so there is nowhere to publish", at: .file(manifestPath),
                    hint: "add registry: { url: https://registry.example.com, scopes: { <layer>: <scope> } }"))
        }
        let url = try Self.checkedURL(registryURL ?? registry.url.value)
        if let version, SemanticVersion(version) == nil {
            throw InputErrors(.inputError("invalid-value", "'\(version)' is not a semantic version", at: nil, hint: "for example --version 1.2.0"))
        }
        let token = dryRun || outputFolder != nil ? (try? readToken()) : try readToken()
        let client = RegistryClient(url: url, token: token)
        let publisher = Publisher(query: self, workspace: workspace, registry: registry, client: client)
        let releases: [Publisher.Release]
        do {
            releases =
                workspace.manifest.mode == .generate
                ? try await publisher.planModules(names: try selectedModules(in: workspace))
                : try await publisher.planAdoptedPackages(names: modules)
        } catch let refusal as RegistryRefusal where token == nil && refusal.status == 401 {
            // A dry run goes without a token, asking anonymously what the registry holds: this one answers only with one.
            throw Self.tokenNeeded(by: url)
        }

        if let outputFolder {
            let taken = releases.map { outputFolder + "/" + $0.identifier.description }.filter { FileManager.default.fileExists(atPath: $0) }
            if !taken.isEmpty {
                throw InputErrors(
                    taken.map {
                        .inputError("write-failed", "\($0) already exists", at: nil, hint: "remove it, or write to another folder with --output")
                    })
            }
        }
        var outcomes: [PublishOutcome] = []
        for release in releases {
            let outcome = try await publisher.publish(release)
            report(outcome)
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The modules asked for, checked against the workspace.
    func selectedModules(in workspace: Workspace) throws(InputErrors) -> [String] {
        if all { return workspace.modules.map(\.name) }
        guard !modules.isEmpty else {
            throw InputErrors(.inputError("missing-argument", "name the modules to publish, or pass --all", at: nil, hint: "strata publish Network"))
        }
        let names = workspace.modules.map(\.name)
        var problems: [Diagnostic] = []
        for module in modules where !names.contains(module) {
            let owner = workspace.index[module].flatMap { workspace.targets[$0].module }
            problems.append(
                .inputError(
                    "unknown-module", "'\(module)' is not a module of the workspace", at: nil,
                    hint: owner.map { "'\(module)' is a target of module '\($0)': publish '\($0)'" }
                        ?? Suggestions.didYouMean(module, in: names) ?? "strata graph lists the modules"))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return modules
    }

    /// A registry asked anonymously what it holds (a dry run without a token) that answers only
    /// with a token.
    static func tokenNeeded(by url: String) -> InputErrors {
        InputErrors(
            .inputError(
                "missing-token", "the registry at \(url) answers only with a token, and this run asks it which releases it holds", at: nil,
                hint: "set STRATA_REGISTRY_TOKEN, or pass --token-file FILE (for --dry-run, a token that may read the scopes is enough)"))
    }

    /// The token from `tokenFile` or `STRATA_REGISTRY_TOKEN`; a run that only reads (`readOnly`)
    /// asks anonymously (nil) when neither gives one, unless a file was named.
    static func token(file tokenFile: String?, readOnly: Bool) throws(InputErrors) -> String? {
        do {
            return try Publication(path: ".", modules: [], tokenFile: tokenFile).readToken()
        } catch {
            guard readOnly, tokenFile == nil else { throw error }
            return nil
        }
    }

    /// `url` when it is an http or https URL.
    static func checkedURL(_ url: String) throws(InputErrors) -> String {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: url) != nil else {
            throw InputErrors(
                .inputError("invalid-value", "'\(url)' is not an http or https URL", at: nil, hint: "for example --registry http://127.0.0.1:8080"))
        }
        return url
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
}
