import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataManifest
public import StrataProjectFormat
public import StrataSources

/// A workspace with what was learnt while loading it.
public struct LoadedWorkspace: Sendable {
    public var workspace: Workspace
    /// Warnings about the input that did not stop loading (a repeated dependency, say).
    public var diagnostics: [Diagnostic]
    /// How each Package.swift was read (adopt mode), for `--verbose`.
    public var packageReports: [PackageReadReport]
    /// Other files the graph's module names were read from (or looked for): SwiftPM's
    /// workspace state, external manifests, artifacts. A cache of the result must stamp them.
    public var inputs: [String] = []
    /// Adopt mode: the packages the external products come from, as the workspace's manifests
    /// declare them (with their version requirements), one per identity.
    public var externalPackages: [PackageDependency] = []
    /// Adopt mode, reading modules: package folders with dependencies SwiftPM has not resolved
    /// yet (`swift package resolve` there makes their products' modules known).
    public var unresolvedPackageFolders: [String] = []
    /// The strata.yml's bytes when the workspace follows from them alone (`WorkspaceResultCache`).
    var sourceBytes: ManifestBytes?

    public init(workspace: Workspace, diagnostics: [Diagnostic], packageReports: [PackageReadReport]) {
        self.workspace = workspace
        self.diagnostics = diagnostics
        self.packageReports = packageReports
    }
}

/// Finds and loads a workspace: its strata.yml and, in adopt mode, its Package.swift files.
public struct WorkspaceLoader: Sendable {
    /// How adopt-mode Package.swift files are read.
    public typealias PackageReading = StrataProjectFormat.PackageReading

    public var packageReading: PackageReading
    /// Where Package.swift files and folders are read from (adopt mode): the disk by default,
    /// or a revision that is not checked out.
    public var files: any WorkspaceFiles

    /// Whether adopt mode finds the modules binary targets, system libraries and products of
    /// external packages provide (for the import rules; the graph does not need them).
    public var readsModules: Bool

    /// The platform asked for (`--platform`): a manifest's `#if`s are decided for the host that
    /// builds for it (a Mac for iOS). nil: this machine, with a warning for manifests that depend on it.
    public var platform: Platform?

    /// Where every Package.swift read is recorded as it happens, also when the load fails.
    public var readLog: PackageReadLog?

    /// The build configuration whose settings Xcode projects are read with (`--configuration`).
    public var xcodeConfiguration = "Debug"

    /// Whether targets carry their build declarations (`Target.buildDeclaration`): what
    /// `strata affected` compares between revisions, and nothing else reads.
    public var readsBuildDeclarations = false

    public init(
        packageReading: PackageReading = .automatic, files: any WorkspaceFiles = LocalFiles(), readsModules: Bool = false,
        platform: Platform? = nil
    ) {
        self.packageReading = packageReading
        self.files = files
        self.readsModules = readsModules
        self.platform = platform
    }

    /// Loads the workspace at `path`: a folder holding strata.yml, or the strata.yml itself.
    /// Relative paths are taken from the current directory.
    public func load(path: String) async throws(InputErrors) -> LoadedWorkspace {
        try await load(manifestAt: Self.locateManifest(path))
    }

    // A change a killed run left half-made is finished before the files are read (it may
    // rename strata.yml itself), so that the workspace is read whole.

    /// Loads the workspace of the strata.yml at `path` (absolute) holding `bytes`, which are read
    /// from the disk when nil (they may come from a revision). With `knownRules`, the ids under
    /// `rules:` are checked against them. A large manifest is parsed once (`ManifestCache`), and
    /// a large generate-mode graph built once (`GraphCache`), for these exact bytes.
    public func load(manifestAt path: String, bytes: [UInt8]? = nil, knownRules: [String]? = nil) async throws(InputErrors) -> LoadedWorkspace {
        let finished = bytes == nil ? try InterruptedChange.finish(in: (path as NSString).deletingLastPathComponent) : nil
        let read = if let bytes { bytes } else { try ManifestLoader.read(path: path) }
        let bytes = ManifestBytes(path: path, bytes: read)
        let manifest = try ManifestLoader.parse(bytes, knownRules: knownRules)
        var loaded = try await load(manifest: manifest, graphKey: manifest.mode == .generate && bytes.isWorthKeeping ? bytes : nil)
        if let finished { loaded.diagnostics.insert(finished, at: 0) }
        return loaded
    }

    /// Builds the workspace of an already parsed manifest; its folder is the workspace root.
    public func load(manifest: Manifest) async throws(InputErrors) -> LoadedWorkspace {
        try await load(manifest: manifest, graphKey: nil)
    }

    /// `load(manifest:)`, the graph kept for `graphKey` (the manifest's bytes) used if there is one.
    private func load(manifest: Manifest, graphKey: ManifestBytes?) async throws(InputErrors) -> LoadedWorkspace {
        let root = (manifest.path as NSString).deletingLastPathComponent
        let boundary = WorkspaceBoundary(root: root, manifest: manifest)
        var loaded: LoadedWorkspace
        switch manifest.mode {
        case .generate:
            if let graphKey, GenerateModeBuilder.boundaryProblems(manifest, root: root, boundary: boundary).isEmpty,
                let kept = GraphCache.workspace(for: graphKey, manifest: manifest)
            {
                loaded = LoadedWorkspace(workspace: kept, diagnostics: [], packageReports: [])
                loaded.sourceBytes = graphKey
            } else {
                let (workspace, warnings) = try GenerateModeBuilder.build(manifest, root: root, boundary: boundary)
                loaded = LoadedWorkspace(workspace: workspace, diagnostics: warnings, packageReports: [])
                if let graphKey, warnings.isEmpty {
                    GraphCache.store(workspace, for: graphKey)
                    loaded.sourceBytes = graphKey
                }
            }
            loaded.diagnostics += GenerateModeBuilder.linkageWarnings(manifest)
        case .adopt:
            var builder = AdoptModeBuilder(packageReading: packageReading, files: files)
            builder.readLog = readLog
            builder.readsModules = readsModules
            builder.platform = platform
            builder.xcodeConfiguration = xcodeConfiguration
            builder.readsBuildDeclarations = readsBuildDeclarations
            loaded = try await builder.build(manifest, root: root, boundary: boundary)
        }
        // `optional-imports` names modules of the workspace.
        let named = manifest.optionalImports.filter { !Glob.isPattern($0.value) }
        // The workspace's module names, spelt only when some are named.
        let moduleNames =
            named.isEmpty
            ? [] : Set(loaded.workspace.targets.filter { $0.role != .external }.map { SwiftIdentifier.moduleName(ofTarget: $0.name) })
        let unknown = named.filter { !moduleNames.contains($0.value) }
        if !unknown.isEmpty {
            throw InputErrors(
                unknown.map {
                    .inputError(
                        "unknown-module", "'optional-imports' lists '\($0.value)', which is not a module of the workspace", at: $0.location,
                        hint: Suggestions.didYouMean($0.value, in: moduleNames) ?? "list the modules that sources import under '#if canImport(…)'")
                })
        }
        try Self.checkConstraintNames(manifest, in: loaded.workspace)
        // The file walk follows no link out of the workspace.
        for index in loaded.workspace.targets.indices {
            loaded.workspace.targets[index].sources?.boundary = boundary.root
        }
        return loaded
    }

    /// A name in `constraints:` without a wildcard names a target of the workspace (`never` may
    /// also name an external package's product): a misspelt one would silently forbid nothing.
    static func checkConstraintNames(_ manifest: Manifest, in workspace: Workspace) throws(InputErrors) {
        guard !manifest.constraints.isEmpty else { return }
        let own = workspace.targets.filter { $0.role != .external }.map(\.name)
        let all = workspace.targets.map(\.name)
        var problems: [Diagnostic] = []
        for constraint in manifest.constraints {
            for (names, known, key) in [(constraint.from, own, "from"), (constraint.never, all, "never")] {
                for name in names where !Glob.isPattern(name.value) && !known.contains(name.value) {
                    problems.append(
                        .inputError(
                            "unknown-target", "a constraint's '\(key)' names '\(name.value)', which is not a target of the workspace",
                            at: name.location,
                            hint: Suggestions.didYouMean(name.value, in: known)
                                ?? known.first { $0.hasSuffix("/" + name.value) }.map {
                                    "an external package's product is named with its package: '\($0)'"
                                }
                                ?? "name a target, or write a pattern such as '\(name.value)*'; 'strata graph --format json' lists them"))
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// The absolute path of the strata.yml for `path`.
    public static func locateManifest(_ path: String) throws(InputErrors) -> String {
        let absolute = Self.absolutePath(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            if let problem = brokenLink(absolute) { throw InputErrors(problem) }
            throw InputErrors(
                .inputError(
                    "missing-workspace", "'\(path)' does not exist", at: nil,
                    hint: "pass a folder that holds a \(ManifestLoader.fileName), e.g. 'strata check Examples/ISS'"))
        }
        guard isDirectory.boolValue else { return absolute }
        let candidate = (absolute as NSString).appendingPathComponent(ManifestLoader.fileName)
        guard FileManager.default.fileExists(atPath: candidate) else {
            if let problem = brokenLink(candidate) { throw InputErrors(problem) }
            let hasPackage = FileManager.default.fileExists(atPath: (absolute as NSString).appendingPathComponent("Package.swift"))
            throw InputErrors(
                .inputError(
                    "missing-manifest", "no \(ManifestLoader.fileName) in '\(path)'", at: nil,
                    hint: hasPackage
                        ? "this folder has a Package.swift: add a \(ManifestLoader.fileName) with 'layers:' and 'adopt: {}' to check it as it is (see docs/MANIFEST.md)"
                        : "create a \(ManifestLoader.fileName) (see docs/MANIFEST.md) or pass the folder of a workspace"))
        }
        return candidate
    }

    /// The error for a name that exists as a symbolic link that cannot be followed (a loop, or
    /// a link to nothing), which is not the same as a missing file; nil if it is not one.
    private static func brokenLink(_ path: String) -> Diagnostic? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        let reason = stat(path, &info) == 0 ? "" : String(cString: strerror(errno))
        let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return .inputError(
            "unreadable-file", "'\(path)' is a symbolic link to '\(destination)' that cannot be followed: \(reason)", at: .file(path),
            hint: "point the link at a real \(ManifestLoader.fileName), or replace it with the file")
    }

    /// `path` made absolute against the current directory, with `.` and `..` resolved.
    public static func absolutePath(_ path: String) -> String {
        PathResolution.resolve(path, in: FileManager.default.currentDirectoryPath)
    }
}
