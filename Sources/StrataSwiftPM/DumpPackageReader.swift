import Foundation
package import StrataDiagnostics
import StrataFileSystem
import StrataLexer
import StrataManifest
package import StrataProjectFormat
import StrataToolchain

/// Reads a Package.swift by having SwiftPM evaluate it: `swift package dump-package`.
///
/// Certain for any manifest SwiftPM accepts, but it compiles and runs the manifest, which
/// costs about a second each. Strata uses it only where the static reader is unsure, and the
/// tests use it as the reference the static reader must agree with.
package enum DumpPackageReader {
    package static func read(path: String) async throws(InputErrors) -> PackageManifest {
        let manifestBytes = FileContents.bytes(atPath: path)
        return try await read(path: path, manifest: manifestBytes, copy: nil)
    }

    /// Evaluates the manifest at `path` whose text is `manifest` (nil if it cannot be read):
    /// in its own folder, or, given a `copy`, in a copy of its files written to a scratch
    /// folder, with the copy's paths in SwiftPM's output and errors turned back into the
    /// original's. Answers from the evaluated-manifest cache when the same text at the same
    /// path was evaluated before.
    static func read(path: String, manifest manifestBytes: [UInt8]?, copy: PackageCopy?) async throws(InputErrors) -> PackageManifest {
        let fingerprint = copy?.fingerprint
        if let manifestBytes, let kept = EvaluatedManifestCache.output(path: path, manifest: manifestBytes, folderFingerprint: fingerprint),
            let manifest = try? decode(kept, path: path, text: manifestBytes)
        {
            return manifest
        }
        let temporary = FileManager.default.temporaryDirectory.path
        // A scratch path of its own: the package's .build may be locked by a build running
        // right now (even the `swift test` that runs Strata's tests), and dump-package needs
        // nothing from it.
        let scratch = temporary + "/strata-dump-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: scratch)
            // SwiftPM locks a scratch path with a file in the temporary folder named after it
            // (`/tmp/strata-dump-X` → `/tmp/_tmp_strata-dump-X.lock`) and leaves it behind.
            unlink(temporary + "/" + scratch.replacingOccurrences(of: "/", with: "_") + ".lock")
        }
        let directory = (path as NSString).deletingLastPathComponent
        guard let copy else {
            return try await evaluate(path: path, manifest: manifestBytes, directory: directory, scratch: scratch, fingerprint: nil, restore: { $0 })
        }
        let tree = temporary + "/strata-revision-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: tree) }
        guard let relative = PathResolution.path(directory, inside: copy.original) else {
            throw InputErrors(
                .inputError(
                    "package-evaluation", "the manifest is not inside the folder its copy stands for (\(copy.original))", at: .file(path),
                    hint: nil))
        }
        try await copy.write(tree)
        return try await evaluate(
            path: path, manifest: manifestBytes, directory: relative.isEmpty ? tree : tree + "/" + relative, scratch: scratch,
            fingerprint: fingerprint, restore: { PackageCopy.replacing(tree, with: copy.original, in: $0) })
    }

    /// Runs dump-package in `directory`, maps its paths with `restore`, decodes and keeps the answer.
    private static func evaluate(
        path: String, manifest manifestBytes: [UInt8]?, directory: String, scratch: String, fingerprint: String?,
        restore: (String) -> String
    ) async throws(InputErrors) -> PackageManifest {
        let output: String
        do throws(PackageDump.Failure) {
            output = restore(try await PackageDump.run(packageAt: directory, scratch: scratch))
        } catch {
            switch error {
            case .timedOut(let within, let variable):
                throw InputErrors(timeoutError(path: path, within: within, variable: variable))
            case .failed(let standardError):
                throw InputErrors(evaluationErrors(restore(standardError), path: path))
            case .invalidLimit(let description):
                throw InputErrors(
                    .inputError("invalid-limit", description, at: .file(path), hint: "set it to a whole number of seconds, or unset it"))
            case .cannotRun(let reason):
                throw InputErrors(
                    .inputError(
                        "package-evaluation", "cannot run 'swift package dump-package' for this manifest: \(reason)",
                        at: .file(path),
                        hint: "Strata needs the Swift toolchain on the PATH (or STRATA_SWIFT) to read manifests it cannot read statically"))
            }
        }
        do {
            let manifest = try decode(Data(output.utf8), path: path, text: manifestBytes)
            if let manifestBytes {
                EvaluatedManifestCache.store(Data(output.utf8), path: path, manifest: manifestBytes, folderFingerprint: fingerprint)
            }
            return manifest
        } catch {
            throw InputErrors(
                .inputError(
                    "package-evaluation", "unexpected output from 'swift package dump-package': \(DumpedPackage.describe(error))",
                    at: .file(path),
                    hint: "Strata reads what SwiftPM 5.9 to 6.3 print; run 'swift package dump-package' in the package's folder to see it"))
        }
    }

    /// The manifest did not finish evaluating within its limit (it may loop forever).
    static func timeoutError(path: String, within: String, variable: String) -> Diagnostic {
        .inputError(
            "package-evaluation",
            "Package.swift did not finish evaluating\(within); 'swift package dump-package' and everything it started were stopped",
            at: .file(path),
            hint: "a manifest that loops or does slow work when evaluated cannot be read; fix it, or allow more time with \(variable)=SECONDS"
        )
    }

    /// Compiler errors in the manifest become diagnostics at their own positions.
    static func evaluationErrors(_ stderr: String, path: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for line in stderr.split(separator: "\n") {
            // `/abs/Package.swift:12:5: error: cannot find 'x' in scope`
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[3].trimmingCharacters(in: .whitespaces) == "error",
                let lineNumber = Int(parts[1]), let column = Int(parts[2])
            else { continue }
            diagnostics.append(
                .inputError(
                    "package-evaluation", "Package.swift cannot be evaluated: \(parts[4].trimmingCharacters(in: .whitespaces))",
                    at: SourceLocation(path: String(parts[0]), line: lineNumber, column: column),
                    hint: "fix the manifest so that 'swift package dump-package' succeeds in its folder"))
        }
        if diagnostics.isEmpty {
            let message =
                stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { !$0.isEmpty } ?? "no output"
            diagnostics.append(
                .inputError(
                    "package-evaluation", "Package.swift cannot be evaluated: \(message)", at: .file(path),
                    hint: "run 'swift package dump-package' in the package's folder to see the full output"))
        }
        return diagnostics
    }

    /// Decodes dump-package's JSON (see `DumpedPackage`: a shape Strata does not know throws).
    /// `text` is the manifest's own text, where declarations are looked up for positions (read
    /// from `path` when nil).
    static func decode(_ data: Data, path: String, text: [UInt8]? = nil) throws -> PackageManifest {
        let dumped = try DumpedPackage.decode(data)
        let locations = TargetLocator(path: path, text: text ?? FileContents.bytes(atPath: path))
        var manifest = PackageManifest(
            path: path, name: dumped.name, products: [], dependencies: [], targets: [],
            toolsVersion: dumped.toolsVersion.flatMap { ToolsVersion($0.version) })
        manifest.products = dumped.products.map { product in
            let kind: Product.Kind
            switch product.type {
            case .library(let type): kind = .library(Product.LibraryType(rawValue: type) ?? .automatic)
            case .executable: kind = .executable
            case .plugin: kind = .plugin
            case .snippet, .test, .macro: kind = .other
            }
            return Product(name: product.name, kind: kind, targets: product.targets)
        }
        manifest.dependencies = dumped.dependencies.map { dependency in
            switch dependency {
            case .fileSystem(let fileSystem):
                PackageDependency(
                    identity: fileSystem.identity, name: fileSystem.nameForTargetDependencyResolutionOnly,
                    source: .fileSystem(URL(fileURLWithPath: fileSystem.path).standardizedFileURL.path), location: nil)
            case .sourceControl(let sourceControl):
                PackageDependency(
                    identity: sourceControl.identity, name: sourceControl.nameForTargetDependencyResolutionOnly,
                    source: .sourceControl(sourceControl.location.urlOrPath), location: nil,
                    requirement: sourceControl.requirement.declaration)
            case .registry(let registry):
                PackageDependency(identity: registry.identity, name: nil, source: .registry(registry.identity), location: nil)
            }
        }
        manifest.targets = dumped.targets.map { target in
            let location = locations.location(ofTarget: target.name)
            let dependencies = target.dependencies.map { entry in
                var dependency: PackageTargetDependency
                switch entry.kind {
                case .byName: dependency = PackageTargetDependency(.byName(entry.name), location: location)
                case .target: dependency = PackageTargetDependency(.target(entry.name), location: location)
                case .product(let package): dependency = PackageTargetDependency(.product(entry.name, package: package), location: location)
                }
                dependency.moduleAliases = entry.moduleAliases
                if let condition = entry.condition {
                    dependency.condition = DependencyCondition(platforms: condition.platformNames ?? [], traits: condition.traits ?? [])
                }
                return dependency
            }
            var packageTarget = PackageTarget(
                name: target.name, kind: target.type, dependencies: dependencies, path: target.path, exclude: target.exclude,
                sources: target.sources, location: location)
            packageTarget.resources = target.resources.map(\.path)
            packageTarget.url = target.url
            packageTarget.moduleAliases = moduleAliasFlags(target.settings)
            packageTarget.plugins = target.pluginUsages.map { PackageTarget.PluginUsage(name: $0.name, package: $0.package, location: location) }
            return packageTarget
        }
        return manifest
    }

    /// `-module-alias NAME=REAL` pairs among a target's unconditional swift `unsafeFlags`.
    static func moduleAliasFlags(_ settings: [DumpedSetting]) -> [String: String] {
        var aliases: [String: String] = [:]
        for setting in settings where setting.tool == "swift" && !setting.isConditional {
            guard let flags = setting.unsafeFlags else { continue }
            aliases.merge(PackageTarget.moduleAliases(inFlags: flags)) { _, later in later }
        }
        return aliases
    }
}

/// Finds where targets are declared (`.target(name: "X"`) so that diagnostics about a
/// manifest read through dump-package, which reports no positions, can still point at a line.
struct TargetLocator {
    private let path: String
    /// `.target(name: "X"` declarations, by name.
    private var declarations: [String: SourceLocation] = [:]
    /// The first string literal holding each value: where a name built by helper code is
    /// most likely written (`["Feed", "Search"].map { .target(name: $0) }`).
    private var literals: [String: SourceLocation] = [:]

    init(path: String, text: [UInt8]?) {
        self.path = path
        guard let text else { return }
        let source = SourceText(bytes: text)
        let tokens = Lexer.tokenize(source).tokens
        let lines = LineIndex(source)
        func location(_ token: Token) -> SourceLocation {
            let (line, column) = lines.position(of: token.range.lowerBound)
            return SourceLocation(path: path, line: line, column: column)
        }
        let kinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]
        for (i, token) in tokens.enumerated() {
            if token.kind == .string, let value = source.stringValue(of: token), literals[value] == nil {
                literals[value] = location(token)
            }
            guard i + 5 < tokens.count else { continue }
            if token.kind == .period, tokens[i + 1].kind == .identifier, kinds.contains(source.text(of: tokens[i + 1])),
                tokens[i + 2].kind == .leftParen, source.token(tokens[i + 3], is: "name"), tokens[i + 4].kind == .colon,
                let name = source.stringValue(of: tokens[i + 5]), declarations[name] == nil
            {
                declarations[name] = location(tokens[i + 5])
            }
        }
    }

    /// Where target `name` is declared; where its name is written, if helper code builds the
    /// declaration; else the manifest itself. Never nothing: a finding always names a file.
    package func location(ofTarget name: String) -> SourceLocation {
        declarations[name] ?? literals[name] ?? .file(path)
    }

}

extension DumpedDependency.SourceControl.Location {
    /// The URL of a remote repository, or the path of a local one.
    var urlOrPath: String {
        switch self {
        case .remote(let url): url
        case .local(let path): path
        }
    }
}

extension DumpedRequirement {
    /// The requirement as strata.yml can say it: a range of versions (up to the next major is
    /// `from:`, up to the next minor `up-to-next-minor-from:`), an exact version, a branch or a
    /// revision; nil for a range that is not of semantic versions.
    var declaration: ExternalPackageDeclaration.Requirement? {
        switch self {
        case .exact(let version): return .exact(version)
        case .branch(let branch): return .branch(branch)
        case .revision(let revision): return .revision(revision)
        case .range(let lower, let upper):
            return .versions(from: lower, below: upper)
        }
    }
}
