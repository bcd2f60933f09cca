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
        var run = Run(provision: self, workspace: workspace, packages: packages)
        run.provideNativeTargets()
        let external = run.locateExternalPackages()
        let manifests = await readManifests(Array(Set(external.folders.values)))
        run.provideProducts(of: external, manifests: manifests)
        run.warnUnresolved(external.unresolved)
        run.warnUnreadable(manifests, of: external)
        return run.outcome
    }

    /// The packages outside the workspace that its packages depend on, by identity, and where
    /// each is, as far as it is known.
    struct ExternalPackages {
        /// The first declaration of each identity, and the package declaring it.
        var declared: [String: (PackageDependency, PackageManifest)] = [:]
        /// Where each package that can be read is.
        var folders: [String: String] = [:]
        /// Why a package is not read, where that was said already (a missing Package.swift, an exclusion).
        var unread: [String: String] = [:]
        /// Packages SwiftPM (or Xcode) has not resolved, with the declaration and the package or
        /// project that needs it.
        var unresolved: [Unresolved] = []
    }

    /// A package not resolved yet, and what needs it.
    struct Unresolved {
        var identity: String
        var location: SourceLocation?
        /// The folder of the package that depends on it, or of the Xcode project or spec.
        var folder: String
        /// The project file, when an Xcode project or XcodeGen spec depends on it: Xcode resolves
        /// those, not `swift package resolve`.
        var project: String?
    }

    /// One `provide`: the outcome so far, and the resolved state of each package folder asked about.
    private struct Run {
        let provision: ModuleProvision
        let workspace: Workspace
        let packages: [PackageManifest]
        var outcome = Outcome()
        private var resolvedByFolder: [String: ResolvedPackages?] = [:]

        init(provision: ModuleProvision, workspace: Workspace, packages: [PackageManifest]) {
            self.provision = provision
            self.workspace = workspace
            self.packages = packages
        }

        private var root: String { provision.root }
        private var files: any WorkspaceFiles { provision.files }

        /// What SwiftPM resolved for the package in `folder` (or a package above it), read once per folder.
        private mutating func resolved(near folder: String) -> ResolvedPackages? {
            if let known = resolvedByFolder[folder] { return known }
            let (found, consulted) = ResolvedPackages.nearest(to: folder, root: root, files: files)
            outcome.consulted += consulted
            resolvedByFolder[folder] = found
            return found
        }

        /// The folder SwiftPM checked a package out to for the first of its users that has one.
        private mutating func resolvedFolder(of identity: String, near users: [PackageManifest]) -> String? {
            for user in users {
                if let folder = resolved(near: user.directory)?.folders[identity] { return folder }
            }
            return nil
        }

        /// Binary and system-library targets of the workspace's own packages.
        mutating func provideNativeTargets() {
            for package in packages {
                for target in package.targets where target.kind == .binary || target.kind == .system {
                    guard let id = workspace.index[target.name] else { continue }
                    let state = target.url != nil ? resolved(near: package.directory) : nil
                    let modules = provision.nativeModules(
                        of: target, in: package.directory, identity: PackageDependency.identity(for: package.directory),
                        resolved: state, consulted: &outcome.consulted)
                    outcome.modules[id] = modules
                    guard case .unknown(let reason) = modules else { continue }
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

        /// Where each package outside the workspace is: a local path, the folder SwiftPM (or
        /// Xcode) checked it out to, or nowhere yet.
        mutating func locateExternalPackages() -> ExternalPackages {
            var external = ExternalPackages()
            let workspaceFolders = Set(packages.map(\.directory))
            // Every package that uses each identity: any of them may be the one SwiftPM resolved.
            var users: [String: [PackageManifest]] = [:]
            for package in packages {
                for dependency in package.dependencies {
                    if case .fileSystem(let path) = dependency.source, workspaceFolders.contains(path) { continue }
                    users[dependency.identity, default: []].append(package)
                    if external.declared[dependency.identity] == nil { external.declared[dependency.identity] = (dependency, package) }
                }
            }
            let xcode = XcodeSourcePackages.resolved(for: root, files: files)
            outcome.consulted += xcode.consulted
            let adopt = workspace.manifest.adopt
            for (identity, (dependency, package)) in external.declared.sorted(by: { $0.key < $1.key }) {
                if case .fileSystem(let path) = dependency.source {
                    // Both were said already: the missing package by the reader, the exclusion by strata.yml.
                    if !files.exists(path + "/Package.swift") {
                        external.unread[identity] = "the package at '\(PathResolution.relative(path, from: root))' has no Package.swift"
                    } else if let pattern = adopt?.exclusion(of: path, root: root) {
                        external.unread[identity] = "'\(PathResolution.relative(path, from: root))' is left out by adopt.exclude '\(pattern.value)'"
                    } else {
                        external.folders[identity] = path
                    }
                } else if let folder = resolvedFolder(of: identity, near: users[identity] ?? [package]) ?? xcode.state?.folders[identity] {
                    external.folders[identity] = folder
                } else {
                    external.unresolved.append(
                        Unresolved(
                            identity: identity, location: dependency.location ?? .file(package.path), folder: package.directory,
                            project: package.kind == .project ? package.path : nil))
                }
            }
            return external
        }

        /// The modules of each external product node, from its package's manifest.
        mutating func provideProducts(of external: ExternalPackages, manifests: [String: Result<(PackageManifest, PackageReadReport), ReadFailure>]) {
            for (folder, read) in manifests {
                if case .success(let (manifest, report)) = read {
                    outcome.consulted.append(manifest.path)
                    outcome.reports.append(report)
                } else {
                    outcome.consulted.append(folder)
                }
            }
            outcome.reports.sort { $0.path < $1.path }
            for (id, node) in workspace.targets.withIDs where node.isOutsideWorkspace && node.package != nil {
                let identity = node.package!
                guard let (_, declaring) = external.declared[identity] else { continue }
                let product = String(node.name.dropFirst(identity.count + 1))
                if let reason = external.unread[identity] {
                    outcome.modules[id] = .unknown(reason: reason)
                    continue
                }
                switch external.folders[identity].flatMap({ manifests[$0] }) {
                case .success(let (manifest, _))?:
                    let state = manifest.targets.contains { $0.url != nil } ? resolved(near: declaring.directory) : nil
                    outcome.modules[id] = provision.productModules(
                        product, of: manifest, identity: identity, resolved: state, consulted: &outcome.consulted)
                case .failure(let reason)?:
                    outcome.modules[id] = .unknown(reason: "the manifest of package '\(identity)' cannot be read: \(reason)")
                case nil:
                    outcome.modules[id] = .unknown(reason: "package '\(identity)' is not resolved")
                }
            }
        }

        /// One warning for all the packages not resolved, at the first one's declaration; the
        /// hint says where to resolve them: SwiftPM for packages, Xcode for projects.
        mutating func warnUnresolved(_ unresolved: [Unresolved]) {
            let byPackages = unresolved.filter { $0.project == nil }
            outcome.unresolvedFolders = Array(Set(byPackages.map(\.folder))).sorted()
            guard let first = unresolved.first else { return }
            let names = unresolved.map { "'\($0.identity)'" }
            let what =
                names.count == 1
                ? "package \(names[0]) is not resolved: the modules of its products are unknown"
                : "\(names.count) packages are not resolved (\(names.joined(separator: ", "))): the modules of their products are unknown"
            var hints: [String] = []
            if !byPackages.isEmpty {
                let folders = Array(Set(byPackages.map { PathResolution.relative($0.folder, from: root) })).sorted()
                    .map { $0.isEmpty || $0 == "." ? "the workspace folder" : "'\($0)'" }
                hints.append("run 'swift package resolve' (or build once) in \(folders.joined(separator: ", "))")
            }
            let projects = Array(
                Set(
                    unresolved.compactMap { entry in
                        entry.project.map {
                            PathResolution.relative($0.hasSuffix("/project.pbxproj") ? PathResolution.parent(of: $0) : $0, from: root)
                        }
                    })
            ).sorted()
            if !projects.isEmpty {
                hints.append(
                    "resolve the packages of \(projects.map { "'\($0)'" }.joined(separator: ", ")) in Xcode (File > Packages > Resolve Package Versions) or with 'xcodebuild -resolvePackageDependencies', which Strata reads from DerivedData"
                )
            }
            outcome.warnings.append(
                .warning(
                    "unknown-modules", what + ", so imports of them are not checked", at: first.location,
                    hint: hints.joined(separator: "; ") + ", then check again"))
        }

        /// A warning for each external manifest that cannot be read, at its declaration.
        mutating func warnUnreadable(_ manifests: [String: Result<(PackageManifest, PackageReadReport), ReadFailure>], of external: ExternalPackages)
        {
            for (folder, read) in manifests.sorted(by: { $0.key < $1.key }) {
                guard case .failure(let reason) = read else { continue }
                let identity = external.folders.first { $0.value == folder }?.key ?? folder
                outcome.warnings.append(
                    .warning(
                        "unknown-modules",
                        "the manifest of package '\(identity)' cannot be read, so the modules of its products are unknown: \(reason)",
                        at: external.declared[identity]?.0.location ?? .file(folder + "/Package.swift"),
                        hint: "run 'swift package dump-package' in '\(folder)' to see why; until then imports of its products are not checked"))
            }
        }
    }

    /// The modules a product of an external package provides: its targets' modules.
    fileprivate func productModules(
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
    fileprivate func nativeModules(
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
