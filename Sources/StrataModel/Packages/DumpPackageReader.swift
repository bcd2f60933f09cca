import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataLexer
import StrataProcess
import Subprocess

/// Reads a Package.swift by having SwiftPM evaluate it: `swift package dump-package`.
///
/// Certain for any manifest SwiftPM accepts, but it compiles and runs the manifest, which
/// costs about a second each. Strata uses it only where the static reader is unsure, and the
/// tests use it as the reference the static reader must agree with.
enum DumpPackageReader {
    static func read(path: String) async throws(InputErrors) -> PackageManifest {
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
        defer { try? FileManager.default.removeItem(atPath: scratch) }
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
        do {
            let result = try await ChildProcess.run(
                SwiftToolchain.swift,
                arguments: ["package", "dump-package", "--package-path", directory, "--scratch-path", scratch],
                input: .none,
                output: .string(limit: 64 << 20),
                error: .string(limit: 4 << 20),
                limit: .manifest
            )
            if result.timedOut {
                throw InputErrors(timeoutError(path: path, limit: result.limit))
            }
            guard result.succeeded else {
                throw InputErrors(evaluationErrors(restore(result.standardError), path: path))
            }
            output = restore(result.standardOutput)
        } catch let error as InputErrors {
            throw error
        } catch let error as ProcessLimit.InvalidValue {
            throw InputErrors(
                .inputError("invalid-limit", error.description, at: .file(path), hint: "set it to a whole number of seconds, or unset it"))
        } catch {
            throw InputErrors(
                .inputError(
                    "package-evaluation", "cannot run 'swift package dump-package' for this manifest: \(error)",
                    at: .file(path),
                    hint: "Strata needs the Swift toolchain on the PATH (or STRATA_SWIFT) to read manifests it cannot read statically"))
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
                    "package-evaluation", "unexpected output from 'swift package dump-package': \(error)",
                    at: .file(path), hint: "run 'swift package dump-package' in the package's folder to see it"))
        }
    }

    /// The manifest did not finish evaluating within its limit (it may loop forever).
    static func timeoutError(path: String, limit: Duration?) -> Diagnostic {
        let seconds = ProcessLimit.within(limit)
        return .inputError(
            "package-evaluation",
            "Package.swift did not finish evaluating\(seconds); 'swift package dump-package' and everything it started were stopped",
            at: .file(path),
            hint:
                "a manifest that loops or does slow work when evaluated cannot be read; fix it, or allow more time with \(ProcessLimit.manifest.variable)=SECONDS"
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

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes dump-package's JSON.
    /// `text` is the manifest's own text, where declarations are looked up for positions (read
    /// from `path` when nil).
    static func decode(_ data: Data, path: String, text: [UInt8]? = nil) throws -> PackageManifest {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = root["name"] as? String
        else {
            throw FormatError(description: "no package name")
        }
        let locations = TargetLocator(path: path, text: text ?? FileContents.bytes(atPath: path))
        let toolsVersion = ((root["toolsVersion"] as? [String: Any])?["_version"] as? String).flatMap { ToolsVersion($0) }
        var manifest = PackageManifest(path: path, name: name, products: [], dependencies: [], targets: [], toolsVersion: toolsVersion)

        for product in root["products"] as? [[String: Any]] ?? [] {
            guard let productName = product["name"] as? String else { continue }
            let targets = product["targets"] as? [String] ?? []
            let type = product["type"] as? [String: Any] ?? [:]
            let kind: Product.Kind
            if let library = type["library"] as? [String] {
                kind = .library(Product.LibraryType(rawValue: library.first ?? "automatic") ?? .automatic)
            } else if type.keys.contains("executable") {
                kind = .executable
            } else if type.keys.contains("plugin") {
                kind = .plugin
            } else {
                kind = .other
            }
            manifest.products.append(Product(name: productName, kind: kind, targets: targets))
        }

        for dependency in root["dependencies"] as? [[String: Any]] ?? [] {
            if let fileSystem = (dependency["fileSystem"] as? [[String: Any]])?.first,
                let identity = fileSystem["identity"] as? String, let dependencyPath = fileSystem["path"] as? String
            {
                manifest.dependencies.append(
                    PackageDependency(
                        identity: identity, name: fileSystem["nameForTargetDependencyResolutionOnly"] as? String,
                        source: .fileSystem(URL(fileURLWithPath: dependencyPath).standardizedFileURL.path), location: nil))
            } else if let sourceControl = (dependency["sourceControl"] as? [[String: Any]])?.first,
                let identity = sourceControl["identity"] as? String
            {
                let location = sourceControl["location"] as? [String: Any] ?? [:]
                let url =
                    ((location["remote"] as? [[String: Any]])?.first?["urlString"] as? String)
                    ?? (location["local"] as? [String])?.first ?? identity
                manifest.dependencies.append(
                    PackageDependency(
                        identity: identity, name: sourceControl["nameForTargetDependencyResolutionOnly"] as? String,
                        source: .sourceControl(url), location: nil, requirement: dumpedRequirement(sourceControl["requirement"])))
            } else if let registry = (dependency["registry"] as? [[String: Any]])?.first,
                let identity = registry["identity"] as? String
            {
                manifest.dependencies.append(PackageDependency(identity: identity, name: nil, source: .registry(identity), location: nil))
            }
        }

        for target in root["targets"] as? [[String: Any]] ?? [] {
            guard let targetName = target["name"] as? String else { continue }
            let kind = PackageTarget.Kind(rawValue: target["type"] as? String ?? "regular") ?? .regular
            var dependencies: [PackageTargetDependency] = []
            let location = locations.location(ofTarget: targetName)
            for entry in target["dependencies"] as? [[String: Any]] ?? [] {
                // `{"byName": [name, condition]}`, `{"target": [name, condition]}`,
                // `{"product": [name, package, moduleAliases, condition]}`.
                var dependency: PackageTargetDependency
                let fields: [Any]
                if let byName = entry["byName"] as? [Any], let name = byName.first as? String {
                    dependency = PackageTargetDependency(.byName(name), location: location)
                    fields = Array(byName.dropFirst())
                } else if let targetReference = entry["target"] as? [Any], let name = targetReference.first as? String {
                    dependency = PackageTargetDependency(.target(name), location: location)
                    fields = Array(targetReference.dropFirst())
                } else if let product = entry["product"] as? [Any], let name = product.first as? String {
                    let package = product.count > 1 ? product[1] as? String : nil
                    dependency = PackageTargetDependency(.product(name, package: package), location: location)
                    dependency.moduleAliases = product.count > 2 ? product[2] as? [String: String] ?? [:] : [:]
                    fields = Array(product.dropFirst(3))
                } else {
                    continue
                }
                if let condition = fields.last as? [String: Any] {
                    dependency.condition = DependencyCondition(
                        platforms: condition["platformNames"] as? [String] ?? [], traits: condition["traits"] as? [String] ?? [])
                }
                dependencies.append(dependency)
            }
            var packageTarget = PackageTarget(
                name: targetName, kind: kind, dependencies: dependencies, path: target["path"] as? String,
                exclude: target["exclude"] as? [String] ?? [], sources: target["sources"] as? [String], location: location)
            packageTarget.resources = (target["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            packageTarget.url = target["url"] as? String
            packageTarget.moduleAliases = moduleAliasFlags(target["settings"] as? [[String: Any]] ?? [])
            manifest.targets.append(packageTarget)
        }
        return manifest
    }
}

extension DumpPackageReader {
    /// `-module-alias NAME=REAL` pairs among a target's unconditional swift `unsafeFlags`.
    static func moduleAliasFlags(_ settings: [[String: Any]]) -> [String: String] {
        var aliases: [String: String] = [:]
        for setting in settings where setting["tool"] as? String == "swift" && !(setting["condition"] is [String: Any]) {
            guard let flags = ((setting["kind"] as? [String: Any])?["unsafeFlags"] as? [String: Any])?["_0"] as? [String] else { continue }
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
    func location(ofTarget name: String) -> SourceLocation {
        declarations[name] ?? literals[name] ?? .file(path)
    }

}

/// A dumped requirement as strata.yml can say it: a range up to the next major version is
/// `from:`, an exact version, a branch or a revision; nil for any other range.
private func dumpedRequirement(_ value: Any?) -> ExternalPackageDeclaration.Requirement? {
    guard let requirement = value as? [String: Any] else { return nil }
    if let exact = (requirement["exact"] as? [String])?.first { return .exact(exact) }
    if let branch = (requirement["branch"] as? [String])?.first { return .branch(branch) }
    if let revision = (requirement["revision"] as? [String])?.first { return .revision(revision) }
    if let range = (requirement["range"] as? [[String: Any]])?.first, let lower = range["lowerBound"] as? String,
        let upper = range["upperBound"] as? String, let major = Int(lower.split(separator: ".").first ?? ""), upper == "\(major + 1).0.0"
    {
        return .from(lower)
    }
    return nil
}
