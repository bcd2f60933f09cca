import Foundation
public import StrataDiagnostics
import StrataManifest
public import StrataProjectFormat
import StrataRules
import StrataScaffold
public import StrataSources
public import StrataWorkspace

/// The shape of a checked workspace, for summaries.
public struct WorkspaceSummary: Sendable, Hashable {
    public var name: String
    public var targets: Int
    public var dependencies: Int
    public var layers: Int
    /// Every target's name (external ones too), for `--target` to tell a name it does not know.
    public var targetNames: [String] = []
}

/// Everything `strata check` learnt about a workspace, as a value.
public struct CheckReport: Sendable {
    /// The loaded workspace; nil if the input could not be read, or if the findings came from
    /// the check cache (then `summary` still describes it).
    public var workspace: Workspace?
    public var summary: WorkspaceSummary?
    /// True if nothing had changed since the last check and its findings were reused.
    public var fromCheckCache = false
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
    /// How long each phase took, in order.
    public var phases: [(name: String, duration: Duration)] = []

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
    /// Keep scan results, and the last check's findings, in the workspace's `.build/strata`
    /// between runs.
    public var useCache: Bool
    /// Platform and flags `#if` conditions are evaluated for.
    public var platform: Platform?
    public var defines: Set<String>
    /// Compilation flags known to be false (`--undefine`).
    public var undefines: Set<String>
    /// Turn rule `unknown-import` on: imports of modules that are neither in the workspace, its
    /// packages nor an SDK.
    public var strictImports: Bool
    /// A source folder or file that cannot be read (permissions, I/O) is a warning, not an
    /// input error: the user said to check without it (`--skip-unreadable`).
    public var skipUnreadable: Bool
    /// The build configuration whose settings Xcode projects are read with (`--configuration`):
    /// it decides their targets' linkage and module names.
    public var xcodeConfiguration = "Debug"

    /// The default severities these options set: `--strict-imports` makes `unknown-import` an error.
    var ruleDefaults: [String: RuleSeverity] { strictImports ? [UnknownImport().id: .error] : [:] }

    public init(
        scan: Bool = true, useCache: Bool = true, platform: Platform? = nil, defines: Set<String> = [], undefines: Set<String> = [],
        strictImports: Bool = false, skipUnreadable: Bool = false
    ) {
        self.skipUnreadable = skipUnreadable
        self.undefines = undefines
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
    ///   - path: the workspace folder (holding strata.yml), or the strata.yml itself.
    ///   - baselinePath: a baseline file to apply, if any.
    ///   - manifestBytes: the strata.yml's text, when it is not (yet) on the disk: `path` is then
    ///     the strata.yml's path, and no cache is read or written.
    ///   - packageReading: how adopt mode reads Package.swift files (statically where it can, or
    ///     always through `swift package dump-package`).
    ///   - sourceOptions: whether and how Swift sources are scanned for the import rules.
    ///   - strict: every warning about the input (a path dependency without a Package.swift,
    ///     modules that cannot be known, a manifest read as another host reads it, an unreadable
    ///     source file) is an error, and the report fails as for bad input.
    ///   - resolve: run `swift package resolve` in the packages whose dependencies SwiftPM has
    ///     not resolved yet, then read the workspace again, so that the modules of their products
    ///     are known and imports of them are checked.
    ///   - progress: told what the check starts doing next, for a progress line.
    public static func run(
        path: String, manifestBytes: [UInt8]? = nil, baselinePath: String? = nil, packageReading: WorkspaceLoader.PackageReading = .automatic,
        sources sourceOptions: SourceOptions = SourceOptions(), strict: Bool = false, resolve: Bool = false,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> CheckReport {
        var pass = CheckPass(
            path: path, manifestBytes: manifestBytes, baselinePath: baselinePath, packageReading: packageReading, sourceOptions: sourceOptions,
            strict: strict, resolve: resolve, progress: progress)
        let report = await pass.run()
        return manifestBytes == nil ? checkingTemplates(report, path: path) : report
    }

    /// The report with the problems of a generate-mode workspace's own templates (its
    /// templates/ folder, which `strata new` renders), which must fit together: each is an input
    /// error. The manifest is read again only when the check came from its cache and so loaded none.
    static func checkingTemplates(_ report: CheckReport, path: String) -> CheckReport {
        guard !report.inputFailed, let manifestPath = try? WorkspaceLoader.locateManifest(path),
            case let root = (manifestPath as NSString).deletingLastPathComponent, TemplateLibrary(workspaceRoot: root).hasWorkspaceTemplates,
            let manifest = report.workspace?.manifest ?? (try? ManifestLoader.load(path: manifestPath)), manifest.mode == .generate
        else { return report }
        let problems = TemplateSetChecker.problems(root: root, manifest: manifest)
        var checked = report
        checked.diagnostics += problems
        checked.inputFailed = !problems.isEmpty
        return checked
    }

    /// The report for a set of findings and warnings about the input, with the baseline
    /// applied; with `strict`, the warnings are errors and the input fails. A source folder or
    /// file that cannot be read fails the input too (its imports would go unchecked) unless
    /// `skipUnreadable`.
    static func finish(
        findings: [Diagnostic], warnings: [Diagnostic], baseline: Baseline?, baselinePath: String?, strict: Bool = false,
        skipUnreadable: Bool = false
    ) -> CheckReport {
        let failing = strict ? warnings : skipUnreadable ? [] : warnings.filter { $0.id == SourceProblem.Kind.unreadable.rawValue }
        if !failing.isEmpty {
            let errors = failing.map { warning in
                var error = warning
                error.severity = .error
                if error.id == SourceProblem.Kind.unreadable.rawValue, error.hint == nil {
                    error.hint =
                        "its imports cannot be checked: make it readable (chmod a+r, a+rx for a folder), or pass --skip-unreadable to check without it"
                }
                return error
            }
            return CheckReport(
                workspace: nil, diagnostics: errors.sorted(by: Diagnostic.presentationOrder), findings: findings, suppressedCount: 0,
                inputFailed: true, packageReports: [], sourceStatistics: nil)
        }
        var shown = findings
        var suppressed = 0
        if let baseline, let baselinePath {
            let application = baseline.apply(to: findings)
            shown = application.remaining
            suppressed = application.suppressedCount
            shown += Baseline.staleDiagnostics(application.staleEntries, baselinePath: WorkspaceLoader.absolutePath(baselinePath))
        }
        return CheckReport(
            workspace: nil, diagnostics: (warnings + shown).sorted(by: Diagnostic.presentationOrder), findings: findings,
            suppressedCount: suppressed, inputFailed: false, packageReports: [], sourceStatistics: nil)
    }

    /// What scanning a workspace's sources gave the check.
    struct ScannedSources {
        var sources: WorkspaceSources
        /// File problems, as warnings.
        var warnings: [Diagnostic]
        var statistics: SourceStatistics
        var phases: [(name: String, duration: Duration)]
        /// The targets whose files were scanned, and what identifies those files.
        var targets: [TargetSources]
        var fingerprint: SourceFileCollector.Fingerprint
        var snapshot: SourceFileCollector.Snapshot?
        /// The scan cache being written in the background.
        var cacheWrite: Task<ScanCacheWrite, Never>?
    }

    /// Scans the sources of every target that has some, and turns file problems into warnings.
    static func scanSources(
        of workspace: Workspace, options: SourceOptions, walked: [TargetSources: SourceFileCollector.Result] = [:]
    ) async -> ScannedSources {
        let targets = workspace.targets.withIDs.compactMap { index, target -> (target: Int, sources: TargetSources)? in
            // The scanner tags each file with the number it was given: the target's index.
            target.role == .external ? nil : target.sources.map { (index.index, $0) }
        }
        let scanner = SourceScanner(cachePath: options.useCache ? SourceScanner.defaultCachePath(workspaceRoot: workspace.root) : nil)
        let index = await scanner.scan(targets, walked: walked)
        var timer = PhaseTimer()
        timer.append(index.phases)
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
        let configuration = BuildConfiguration(
            platform: options.platform, defines: options.defines, undefines: options.undefines, workspaceModules: modules)
        let sources = WorkspaceSources(workspace: workspace, index: index, configuration: configuration)
        let statistics = SourceStatistics(
            files: index.files.count, cachedFiles: index.cachedFiles, scannedFiles: index.scannedFiles,
            scannedBytes: index.scannedBytes, cacheWriteFailure: nil)
        timer.end("arrange imports for the rules")
        return ScannedSources(
            sources: sources, warnings: warnings, statistics: statistics,
            phases: timer.phases, targets: targets.map(\.sources),
            fingerprint: index.fingerprint, snapshot: index.snapshot, cacheWrite: index.cacheWrite)
    }
}
