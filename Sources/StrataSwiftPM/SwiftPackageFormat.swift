import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataProjectFormat
public import StrataSources

/// The Swift packages of an adopt-mode workspace: the folders `adopt.packages` names (globs
/// allowed), the local packages earlier formats use (an XcodeGen project's `packages:`), and
/// every local `.package(path:)` dependency inside the workspace, transitively.
///
/// Each Package.swift is read statically where the reader is certain, else with `swift package
/// dump-package`; each target gets the sources SwiftPM would compile for it.
public struct SwiftPackageFormat: ProjectFormat {
    public init() {}

    public func read(_ request: ProjectReadRequest, after earlier: ProjectsRead) async throws(InputErrors) -> ProjectsRead {
        var folders = try Self.packageFolders(
            request.settings, root: request.root, files: request.files, boundary: request.boundary, othersFound: !earlier.manifests.isEmpty)
        for folder in earlier.localPackages where !folders.contains(folder) { folders.append(folder) }
        let (manifests, reports, missing) = try await Self.readPackages(folders, request)
        var result = ProjectsRead()
        result.manifests = manifests.map { Self.locatingSources(of: $0, files: request.files) }
        result.packageReports = reports
        result.warnings = missing + reports.compactMap { Self.hostWarning($0, platform: request.platform) }
        return result
    }

    /// The machine manifests are taken to be compiled on: the one that builds for `platform`.
    static func host(for platform: Platform?) -> Platform? { platform.map(ManifestConditions.host(for:)) ?? ManifestConditions.thisHost }

    /// The package with each target's sources: where SwiftPM finds them (a binary target
    /// downloaded from a URL has none in the workspace).
    private static func locatingSources(of package: PackageManifest, files: any WorkspaceFiles) -> PackageManifest {
        var located = package
        for index in located.targets.indices where located.targets[index].declaredSources == nil {
            let target = located.targets[index]
            guard !(target.kind == .binary && target.url != nil) else { continue }
            located.targets[index].declaredSources = sources(of: target, in: package.directory, toolsVersion: package.toolsVersion, files: files)
        }
        return located
    }

    /// A warning for a manifest whose graph depends on the machine that compiles it, when that
    /// machine is not the one the platform asked for builds on (or no platform was asked for).
    private static func hostWarning(_ report: PackageReadReport, platform: Platform?) -> Diagnostic? {
        guard let first = report.hostConditions.first else { return nil }
        let read = report.host?.rawValue ?? "unknown"
        let condition = "'#if \(first.value)'" + (report.hostConditions.count > 1 ? " and \(report.hostConditions.count - 1) more" : "")
        guard let platform else {
            return .warning(
                "host-dependent-manifest",
                "this manifest depends on the machine that compiles it (\(condition)); it was read as a \(read) host reads it, so targets declared for other hosts may be missing",
                at: first.location,
                hint: "pass --platform (ios, macos, linux, …) to read it as the host that builds for that platform does")
        }
        let wanted = ManifestConditions.host(for: platform)
        guard report.host != wanted || wanted == nil else { return nil }
        return .warning(
            "host-dependent-manifest",
            "this manifest depends on the machine that compiles it (\(condition)), and 'swift package dump-package' could evaluate it only on this \(read) machine, not on \(wanted.map { "the \($0.rawValue) host" } ?? "the host") that builds for \(platform.rawValue): targets for \(platform.rawValue) may be missing",
            at: first.location,
            hint:
                "check on a \(wanted?.rawValue ?? "matching") machine, or keep the manifest's '#if's to conditions Strata decides (os(), canImport() of SDK modules, swift()) so that it is read statically"
        )
    }

    /// Where SwiftPM looks for a target's sources: its `path:`, else the first predefined
    /// folder that holds a folder named after it; narrowed by `sources:`, less `exclude:` and
    /// `resources:`, and not inside the folders the package's tools version makes opaque.
    public static func sources(
        of target: PackageTarget, in packageFolder: String, toolsVersion: ToolsVersion?, files: any WorkspaceFiles
    ) -> TargetSources {
        let directory: String
        if let path = target.path {
            directory = PathResolution.resolve(path, in: packageFolder)
        } else {
            let predefined = target.kind == .plugin ? ["Plugins"] : TargetSources.predefinedFolders(isTest: target.kind == .test)
            let candidates =
                predefined
                .map { PathResolution.resolve("\($0)/\(target.name)", in: packageFolder) }
            directory = candidates.first { files.exists($0) } ?? candidates[0]
        }
        let tools = toolsVersion ?? ToolsVersion(5, 9)
        return TargetSources(
            directory: directory,
            only: target.sources?.map { PathResolution.resolve($0, in: directory) },
            excluded: (target.exclude + target.resources).map { PathResolution.resolve($0, in: directory) },
            opaqueFolders: .forTools(major: tools.major, minor: tools.minor))
    }

    /// Absolute folders holding a Package.swift, from `adopt.packages`.
    /// With `othersFound`, the workspace has modules of other build systems (XcodeGen), so
    /// finding no Package.swift where `adopt.packages` looks by default is no problem.
    static func packageFolders(
        _ settings: AdoptSettings, root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary, othersFound: Bool = false
    ) throws(InputErrors) -> [String] {
        var folders: [String] = []
        var problems: [Diagnostic] = []
        for entry in settings.packages {
            var unreadable: [String: String] = [:]
            let candidates = PathPatterns.folders(matching: entry.value, root: root, files: files, unreadable: &unreadable)
            for folder in candidates where unreadable[folder] == nil {
                if let reason = files.unreadable(folder) { unreadable[folder] = reason }
            }
            // A folder Strata may not read would drop its packages in silence; one `adopt.exclude` leaves out is skipped.
            for (folder, reason) in unreadable.sorted(by: { $0.key < $1.key }) where settings.exclusion(of: folder, root: root) == nil {
                problems.append(
                    .inputError(
                        "unreadable-file",
                        "cannot read '\(PathResolution.relative(folder, from: root))', where 'adopt.packages' looks for packages: \(reason)",
                        at: entry.location, hint: "make it readable (chmod a+rx), or leave it out with 'adopt.exclude'"))
            }
            let matches = candidates.filter {
                unreadable[$0] == nil && files.exists(($0 as NSString).appendingPathComponent("Package.swift"))
                    && settings.exclusion(of: $0, root: root) == nil
            }
            let outside = matches.compactMap { match in
                boundary.problem(Located(match, at: entry.location), relativeTo: root, use: .package(PathResolution.relative(match, from: root)))
            }
            if let first = outside.first {
                problems.append(first)
                continue
            }
            if matches.isEmpty && !Glob.isPattern(entry.value) && entry.location != settings.location {
                problems.append(
                    .inputError(
                        "missing-package", "'\(entry.value)' has no Package.swift", at: entry.location,
                        hint: "adopt mode reads existing SwiftPM packages; point 'adopt.packages' at folders that hold a Package.swift"))
            }
            for match in matches where !folders.contains(match) { folders.append(match) }
        }
        if folders.isEmpty && problems.isEmpty && !othersFound {
            let looked = settings.packages.map(\.value).joined(separator: ", ")
            problems.append(
                .inputError(
                    "missing-package", "adopt mode found no Package.swift (looked in: \(looked))", at: settings.location,
                    hint: "add a Package.swift, or list the package folders under 'adopt: { packages: [...] }'"))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return folders
    }

    /// Reads the manifest SwiftPM would read in one package folder. (A plain function rather than a `do throws(…)`
    /// inside the task closure: Swift 6.3 in release builds lost the closure's captured folder
    /// name when the typed catch sat in the closure itself.)
    private static func read(
        folder: String, reading: PackageReading, files: any WorkspaceFiles, host: Platform?, log: PackageReadLog?
    ) async
        -> Result<(PackageManifest, PackageReadReport), InputErrors>
    {
        do {
            let path = await ManifestSelection.manifestPath(in: folder, files: files)
            return .success(try await PackageManifestReader.read(path: path, reading: reading, files: files, host: host, log: log))
        } catch {
            return .failure(error)
        }
    }

    /// Reads every package, in parallel, following local path dependencies inside `root` (but
    /// not into folders `adopt.exclude` leaves out). A path dependency on a folder without a
    /// Package.swift (generated, ignored by git, an uninitialised submodule) is a warning: its
    /// products stay unknown, as an unresolved remote package's do.
    private static func readPackages(
        _ folders: [String], _ request: ProjectReadRequest
    ) async throws(InputErrors) -> (manifests: [PackageManifest], reports: [PackageReadReport], warnings: [Diagnostic]) {
        let root = request.root
        let settings = request.settings
        var pending = folders
        var seen = Set(folders)
        var manifests: [String: (PackageManifest, PackageReadReport)] = [:]
        var order: [String] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        let reading = request.packageReading
        let files = request.files
        let host = host(for: request.platform)
        let log = request.readLog
        while !pending.isEmpty {
            let batch = pending
            pending = []
            let results = await withTaskGroup(of: (String, Result<(PackageManifest, PackageReadReport), InputErrors>).self) { group in
                for folder in batch {
                    group.addTask { (folder, await Self.read(folder: folder, reading: reading, files: files, host: host, log: log)) }
                }
                var collected: [String: Result<(PackageManifest, PackageReadReport), InputErrors>] = [:]
                for await (folder, result) in group { collected[folder] = result }
                return collected
            }
            for folder in batch {
                switch results[folder]! {
                case .failure(let errors):
                    problems += errors.diagnostics
                case .success(let read):
                    manifests[folder] = read
                    order.append(folder)
                    for dependency in read.0.dependencies {
                        guard case .fileSystem(let path) = dependency.source else { continue }
                        if let reason = files.unreadable(path) {
                            problems.append(
                                .inputError(
                                    "unreadable-file",
                                    "cannot read the package at '\(PathResolution.relative(path, from: folder))' that '\(read.0.name)' depends on: \(reason)",
                                    at: dependency.location ?? .file(read.0.path), hint: "make it readable (chmod a+rx)"))
                            continue
                        }
                        // SwiftPM refuses a path dependency without a package, wherever it is.
                        guard files.exists((path as NSString).appendingPathComponent("Package.swift")) else {
                            warnings.append(
                                .warning(
                                    "missing-path-package",
                                    "'\(read.0.name)' depends on the package at '\(PathResolution.relative(path, from: folder))', which has no Package.swift, so the modules of its products are unknown and imports of them are not checked",
                                    at: dependency.location ?? .file(read.0.path),
                                    hint:
                                        "generate or check out the package there (an uninitialised submodule: git submodule update --init), or fix the path in '.package(path:)'; 'strata check --strict' makes this an error"
                                ))
                            continue
                        }
                        guard path.hasPrefix(rootPrefix) || path == root, !seen.contains(path), settings.exclusion(of: path, root: root) == nil else {
                            continue
                        }
                        seen.insert(path)
                        pending.append(path)
                    }
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return (order.map { manifests[$0]!.0 }, order.map { manifests[$0]!.1 }, warnings)
    }
}
