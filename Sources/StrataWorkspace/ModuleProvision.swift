import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataSwiftPM

/// Finds the module names `import` uses for the graph's nodes that are not plain source
/// targets: binary targets (from their artifact), system libraries (from their module map) and
/// products of packages outside the workspace (from that package's manifest, where SwiftPM
/// checked it out). What cannot be known is marked unknown and said once, never guessed.
struct ModuleProvision {
    let root: String
    let files: any WorkspaceFiles
    let packageReading: WorkspaceLoader.PackageReading
    /// Where each external Package.swift read is recorded as it happens.
    var readLog: PackageReadLog?

    /// What was found: the modules per node, warnings for what stays unknown, and every file
    /// consulted (the check cache stamps them: a `swift package resolve` changes the answer).
    struct Outcome {
        var modules: [TargetID: ProvidedModules] = [:]
        var warnings: [Diagnostic] = []
        var consulted: [String] = []
        /// How each external package's manifest was read, for `--verbose`.
        var reports: [PackageReadReport] = []
        /// Package folders whose dependencies SwiftPM has not resolved (`strata check --resolve`).
        var unresolvedFolders: [String] = []
    }

    func provide(workspace: Workspace, packages: [PackageManifest]) async -> Outcome {
        var outcome = Outcome()
        var resolvedByFolder: [String: ResolvedPackages?] = [:]
        func resolved(near folder: String) -> ResolvedPackages? {
            if let known = resolvedByFolder[folder] { return known }
            let (found, consulted) = ResolvedPackages.nearest(to: folder, root: root, files: files)
            outcome.consulted += consulted
            resolvedByFolder[folder] = found
            return found
        }

        // 1. Binary and system-library targets of the workspace's own packages.
        for package in packages {
            for target in package.targets where target.kind == .binary || target.kind == .system {
                guard let id = workspace.index[target.name] else { continue }
                let state = target.url != nil ? resolved(near: package.directory) : nil
                let modules = nativeModules(
                    of: target, in: package.directory, identity: PackageDependency.identity(for: package.directory),
                    resolved: state, consulted: &outcome.consulted)
                outcome.modules[id] = modules
                if case .unknown(let reason) = modules {
                    outcome.warnings.append(
                        .warning(
                            "unknown-modules",
                            "the modules of \(target.kind == .binary ? "binary" : "system library") target '\(target.name)' are unknown: \(reason)",
                            at: target.location ?? .file(package.path),
                            hint: target.url != nil
                                ? "run 'swift package resolve' (or build once) so that SwiftPM downloads the artifact; until then imports of it are not checked"
                                : "until its modules can be read, imports of it are not checked"))
                }
            }
        }

        // 2. Products of packages outside the workspace.
        let workspaceFolders = Set(packages.map(\.directory))
        var declared: [String: (PackageDependency, PackageManifest)] = [:]
        // Every package that uses each identity: any of them may be the one SwiftPM resolved.
        var users: [String: [PackageManifest]] = [:]
        for package in packages {
            for dependency in package.dependencies {
                if case .fileSystem(let path) = dependency.source, workspaceFolders.contains(path) { continue }
                users[dependency.identity, default: []].append(package)
                if declared[dependency.identity] == nil { declared[dependency.identity] = (dependency, package) }
            }
        }
        let xcode = XcodeSourcePackages.resolved(for: root, files: files)
        outcome.consulted += xcode.consulted
        var externalFolders: [String: String] = [:]
        var unread: [String: String] = [:]
        var unresolved: [(identity: String, location: SourceLocation?, folder: String)] = []
        let adopt = workspace.manifest.adopt
        for (identity, (dependency, package)) in declared.sorted(by: { $0.key < $1.key }) {
            if case .fileSystem(let path) = dependency.source {
                // Both were said already: the missing package by the reader, the exclusion by strata.yml.
                if !files.exists(path + "/Package.swift") {
                    unread[identity] = "the package at '\(PathResolution.relative(path, from: root))' has no Package.swift"
                } else if let pattern = adopt?.exclusion(of: path, root: root) {
                    unread[identity] = "'\(PathResolution.relative(path, from: root))' is left out by adopt.exclude '\(pattern.value)'"
                } else {
                    externalFolders[identity] = path
                }
            } else if let folder = (users[identity] ?? [package]).lazy.compactMap({ resolved(near: $0.directory)?.folders[identity] }).first
                ?? xcode.state?.folders[identity]
            {
                externalFolders[identity] = folder
            } else {
                unresolved.append((identity, dependency.location ?? .file(package.path), package.directory))
            }
        }
        let manifests = await readManifests(Array(Set(externalFolders.values)))
        for (folder, read) in manifests {
            if case .success(let (manifest, report)) = read {
                outcome.consulted.append(manifest.path)
                outcome.reports.append(report)
            } else {
                outcome.consulted.append(folder)
            }
        }
        for (id, node) in workspace.targets.withIDs where node.isOutsideWorkspace && node.package != nil {
            let identity = node.package!
            guard declared[identity] != nil else { continue }
            let product = String(node.name.dropFirst(identity.count + 1))
            if let reason = unread[identity] {
                outcome.modules[id] = .unknown(reason: reason)
                continue
            }
            guard let folder = externalFolders[identity] else {
                outcome.modules[id] = .unknown(reason: "package '\(identity)' is not resolved")
                continue
            }
            switch manifests[folder] {
            case .success(let (manifest, _))?:
                let state = manifest.targets.contains { $0.url != nil } ? resolved(near: declared[identity]!.1.directory) : nil
                outcome.modules[id] = productModules(product, of: manifest, identity: identity, resolved: state, consulted: &outcome.consulted)
            case .failure(let reason)?:
                outcome.modules[id] = .unknown(reason: "the manifest of package '\(identity)' cannot be read: \(reason)")
            case nil:
                outcome.modules[id] = .unknown(reason: "package '\(identity)' is not resolved")
            }
        }
        outcome.unresolvedFolders = Array(Set(unresolved.map(\.folder))).sorted()
        if let first = unresolved.first {
            let names = unresolved.map { "'\($0.identity)'" }
            let folders = Array(Set(unresolved.map { PathResolution.relative($0.folder, from: root) })).sorted()
                .map { $0.isEmpty || $0 == "." ? "the workspace folder" : "'\($0)'" }
            let what =
                names.count == 1
                ? "package \(names[0]) is not resolved: the modules of its products are unknown"
                : "\(names.count) packages are not resolved (\(names.joined(separator: ", "))): the modules of their products are unknown"
            outcome.warnings.append(
                .warning(
                    "unknown-modules", what + ", so imports of them are not checked", at: first.location,
                    hint: "run 'swift package resolve' (or build once) in \(folders.joined(separator: ", ")), then check again"))
        }
        outcome.reports.sort { $0.path < $1.path }
        for (folder, read) in manifests.sorted(by: { $0.key < $1.key }) {
            guard case .failure(let reason) = read else { continue }
            let identity = externalFolders.first { $0.value == folder }?.key ?? folder
            outcome.warnings.append(
                .warning(
                    "unknown-modules", "the manifest of package '\(identity)' cannot be read, so the modules of its products are unknown: \(reason)",
                    at: declared[identity]?.0.location ?? .file(folder + "/Package.swift"),
                    hint: "run 'swift package dump-package' in '\(folder)' to see why; until then imports of its products are not checked"))
        }
        return outcome
    }

    /// The modules a product of an external package provides: its targets' modules.
    private func productModules(
        _ name: String, of manifest: PackageManifest, identity: String, resolved: ResolvedPackages?, consulted: inout [String]
    ) -> ProvidedModules {
        guard let product = manifest.products.first(where: { $0.name == name }) else {
            return .unknown(reason: "package '\(identity)' vends no product '\(name)'")
        }
        var names: [String] = []
        for targetName in product.targets {
            guard let target = manifest.targets.first(where: { $0.name == targetName }) else { continue }
            if target.kind == .binary || target.kind == .system {
                switch nativeModules(of: target, in: manifest.directory, identity: identity, resolved: resolved, consulted: &consulted) {
                case .named(let found): names += found
                case .own: names.append(SwiftIdentifier.moduleName(ofTarget: target.name))
                case .unknown(let reason): return .unknown(reason: "target '\(targetName)' of product '\(name)': \(reason)")
                }
            } else {
                names.append(SwiftIdentifier.moduleName(ofTarget: target.name))
            }
        }
        return .named(names)
    }

    /// A binary target's modules from its artifact; a system library's from its module map.
    private func nativeModules(
        of target: PackageTarget, in packageFolder: String, identity: String, resolved: ResolvedPackages?, consulted: inout [String]
    ) -> ProvidedModules {
        if target.kind == .system {
            let folder = PathResolution.resolve(target.path ?? "Sources/\(target.name)", in: packageFolder)
            consulted.append(folder + "/module.modulemap")
            guard let map = files.contents(of: folder + "/module.modulemap") else {
                return .unknown(reason: "'\(folder)/module.modulemap' does not exist")
            }
            let names = ModuleMap.topLevelModules(in: map)
            return names.isEmpty ? .unknown(reason: "'\(folder)/module.modulemap' declares no module") : .named(names)
        }
        if let path = target.path {
            let artifact = PathResolution.resolve(path, in: packageFolder)
            consulted.append(artifact)
            consulted.append(artifact + "/Info.plist")
            return BinaryArtifact.modules(at: artifact, files: files)
        }
        guard let state = resolved else { return .unknown(reason: "its artifact is downloaded by 'swift package resolve', which has not run") }
        let folder = state.artifactFolder(package: identity, target: target.name)
        consulted.append(folder)
        guard let artifact = files.children(of: folder).sorted().first(where: { $0.hasSuffix(".xcframework") || $0.hasSuffix(".artifactbundle") })
        else { return .unknown(reason: "its artifact has not been downloaded into '\(PathResolution.relative(folder, from: root))'") }
        consulted.append(folder + "/" + artifact + "/Info.plist")
        return BinaryArtifact.modules(at: folder + "/" + artifact, files: files)
    }

    /// Reads the manifest SwiftPM reads in each folder, in parallel; a failure keeps its first message.
    private func readManifests(_ folders: [String]) async -> [String: Result<(PackageManifest, PackageReadReport), ReadFailure>] {
        let files = files
        let reading = packageReading
        let log = readLog
        return await withTaskGroup(of: (String, Result<(PackageManifest, PackageReadReport), ReadFailure>).self) { group in
            for folder in folders {
                group.addTask {
                    (folder, await Self.read(folder: folder, reading: reading, files: files, log: log))
                }
            }
            var results: [String: Result<(PackageManifest, PackageReadReport), ReadFailure>] = [:]
            for await (folder, result) in group { results[folder] = result }
            return results
        }
    }

    private static func read(
        folder: String, reading: WorkspaceLoader.PackageReading, files: any WorkspaceFiles, log: PackageReadLog?
    ) async -> Result<(PackageManifest, PackageReadReport), ReadFailure> {
        let path = await ManifestSelection.manifestPath(in: folder, files: files)
        do {
            return .success(try await PackageManifestReader.read(path: path, reading: reading, files: files, external: true, log: log))
        } catch {
            return .failure(ReadFailure(description: error.diagnostics.first?.message ?? "it has errors"))
        }
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String
    }
}
