public import StrataDiagnostics
public import StrataModel
public import StrataSources

/// Everything `strata check` learnt about a workspace, as a value.
public struct CheckReport: Sendable {
    /// The loaded workspace, or nil if the input could not be read.
    public var workspace: Workspace?
    /// Diagnostics to show: input errors, or rule findings not covered by the baseline,
    /// plus warnings about the input and stale baseline entries.
    public var diagnostics: [Diagnostic]
    /// Every rule finding before the baseline was applied (what `--write-baseline` records).
    public var findings: [Diagnostic]
    /// How many findings the baseline covered.
    public var suppressedCount: Int
    /// True if the input could not be read (exit status 2).
    public var inputFailed: Bool
    /// How each Package.swift was read.
    public var packageReports: [PackageReadReport]
    /// What scanning the sources did: files found, taken from the cache, scanned (nil if not scanned).
    public var sourceStatistics: SourceStatistics?

    /// How many diagnostics have `severity`.
    public func count(_ severity: Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// How much work a source scan did.
public struct SourceStatistics: Sendable {
    public var files: Int
    public var cachedFiles: Int
    public var scannedFiles: Int
    public var scannedBytes: Int64
    public var cacheWriteFailure: String?
}

/// Whether and how `strata check` reads the workspace's Swift sources.
public struct SourceOptions: Sendable {
    /// Scan sources at all (the source rules need it).
    public var scan: Bool
    /// Keep scan results in the workspace's `.build/strata` between runs.
    public var useCache: Bool
    /// Platform and flags `#if` conditions are evaluated for.
    public var platform: Platform?
    public var defines: Set<String>
    /// Report imports of modules that are neither in the workspace, its packages nor an SDK.
    public var strictImports: Bool

    public init(scan: Bool = true, useCache: Bool = true, platform: Platform? = nil, defines: Set<String> = [], strictImports: Bool = false) {
        self.scan = scan
        self.useCache = useCache
        self.platform = platform
        self.defines = defines
        self.strictImports = strictImports
    }
}

/// Loads a workspace, runs the rules and applies a baseline.
public enum WorkspaceCheck {
    /// Checks the workspace at `path`. Input problems come back in the report, never thrown.
    /// - Parameters:
    ///   - baselinePath: a baseline file to apply, if any.
    public static func run(
        path: String, baselinePath: String? = nil, packageReading: WorkspaceLoader.PackageReading = .automatic,
        sources sourceOptions: SourceOptions = SourceOptions()
    ) async -> CheckReport {
        let loaded: LoadedWorkspace
        let checker: ArchitectureChecker
        let baseline: Baseline?
        do throws(InputErrors) {
            loaded = try await WorkspaceLoader(packageReading: packageReading).load(path: path)
            checker = try ArchitectureChecker(manifest: loaded.workspace.manifest)
            baseline = try baselinePath.map { path throws(InputErrors) in try Baseline.load(path: WorkspaceLoader.absolutePath(path)) }
        } catch {
            return CheckReport(
                workspace: nil, diagnostics: error.diagnostics.sorted(by: Diagnostic.presentationOrder),
                findings: [], suppressedCount: 0, inputFailed: true, packageReports: [], sourceStatistics: nil)
        }
        var input = RuleInput(workspace: loaded.workspace)
        var sourceWarnings: [Diagnostic] = []
        var statistics: SourceStatistics?
        if sourceOptions.scan {
            let scanned = await scanSources(of: loaded.workspace, options: sourceOptions)
            input.sources = scanned.sources
            sourceWarnings = scanned.warnings
            statistics = scanned.statistics
        }
        let findings = checker.check(input)
        var shown = findings
        var suppressed = 0
        if let baseline, let baselinePath {
            let application = baseline.apply(to: findings)
            shown = application.remaining
            suppressed = application.suppressedCount
            shown += Baseline.staleDiagnostics(application.staleEntries, baselinePath: WorkspaceLoader.absolutePath(baselinePath))
        }
        return CheckReport(
            workspace: loaded.workspace,
            diagnostics: (loaded.diagnostics + sourceWarnings + shown).sorted(by: Diagnostic.presentationOrder),
            findings: findings, suppressedCount: suppressed, inputFailed: false, packageReports: loaded.packageReports,
            sourceStatistics: statistics)
    }

    /// Scans the sources of every target that has some, and turns file problems into warnings.
    static func scanSources(
        of workspace: Workspace, options: SourceOptions
    ) async
        -> (sources: WorkspaceSources, warnings: [Diagnostic], statistics: SourceStatistics)
    {
        let targets = workspace.targets.enumerated().compactMap { index, target -> (target: Int, sources: TargetSources)? in
            target.role == .external ? nil : target.sources.map { (index, $0) }
        }
        let scanner = SourceScanner(cachePath: options.useCache ? SourceScanner.defaultCachePath(workspaceRoot: workspace.root) : nil)
        let index = await scanner.scan(targets)
        var warnings: [Diagnostic] = []
        var reported = Set<String>()
        func warn(_ path: String, _ problem: SourceProblem) {
            guard reported.insert("\(path)|\(problem.kind.rawValue)|\(problem.line ?? 0)").inserted else { return }
            let location = SourceLocation(path: path, line: problem.line ?? 1, column: problem.column ?? 1)
            warnings.append(Diagnostic(id: problem.kind.rawValue, severity: .warning, message: problem.message, location: location))
        }
        for (path, problem) in index.walkProblems { warn(path, problem) }
        for file in index.files {
            for problem in file.scan.problems { warn(file.path, problem) }
        }
        let modules = Set(workspace.targets.map(WorkspaceSources.moduleName(of:)))
        let configuration = BuildConfiguration(platform: options.platform, defines: options.defines, workspaceModules: modules)
        let sources = WorkspaceSources(workspace: workspace, index: index, configuration: configuration, strictImports: options.strictImports)
        let statistics = SourceStatistics(
            files: index.files.count, cachedFiles: index.cachedFiles, scannedFiles: index.scannedFiles,
            scannedBytes: index.scannedBytes, cacheWriteFailure: index.cacheWriteFailure)
        return (sources, warnings, statistics)
    }
}
