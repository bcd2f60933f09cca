import Foundation
public import StrataDiagnostics
import StrataManifest
public import StrataProjectFormat
import StrataRules
public import StrataSources
public import StrataWorkspace

/// The shape of a checked workspace, for summaries.
public struct WorkspaceSummary: Sendable, Hashable {
    public var name: String
    public var targets: Int
    public var dependencies: Int
    public var layers: Int
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
        progress: @Sendable (String) -> Void = { _ in }
    ) async -> CheckReport {
        var timer = PhaseTimer()
        // How the manifests were read before a failure, which returns no loaded workspace.
        let readLog = PackageReadLog()
        func failure(_ error: InputErrors) -> CheckReport {
            CheckReport(
                workspace: nil, diagnostics: error.diagnostics.sorted(by: Diagnostic.presentationOrder),
                findings: [], suppressedCount: 0, inputFailed: true, packageReports: readLog.reports, sourceStatistics: nil,
                phases: timer.phases)
        }

        let manifestPath: String
        let baseline: Baseline?
        // A change a killed run left half-made is finished before anything is read, the cache included.
        var finished: [Diagnostic] = []
        do throws(InputErrors) {
            manifestPath = manifestBytes == nil ? try WorkspaceLoader.locateManifest(path) : WorkspaceLoader.absolutePath(path)
            if manifestBytes == nil, let notice = try InterruptedChange.finish(in: (manifestPath as NSString).deletingLastPathComponent) {
                finished.append(notice)
            }
            baseline = try baselinePath.map { path throws(InputErrors) in try Baseline.load(path: WorkspaceLoader.absolutePath(path)) }
        } catch {
            return failure(error)
        }
        let root = (manifestPath as NSString).deletingLastPathComponent

        // Nothing changed since the last complete check: its findings stand.
        let cacheKey =
            sourceOptions.useCache && manifestBytes == nil
            ? CheckCache.key(manifestPath: manifestPath, options: sourceOptions, packageReading: packageReading) : nil
        var walked: [TargetSources: SourceFileCollector.Result] = [:]
        if let cacheKey {
            progress("looking for changes since the last check")
            switch await CheckCache.lookup(root: root, sources: sourceOptions.scan, key: cacheKey) {
            case .hit(let record, let proof) where !(resolve && record.warnings.contains { $0.id == "unknown-modules" }):
                timer.end("reuse the last check (nothing changed: \(proof))")
                var report = finish(
                    findings: record.findings, warnings: finished + record.warnings, baseline: baseline, baselinePath: baselinePath, strict: strict,
                    skipUnreadable: sourceOptions.skipUnreadable)
                report.summary = record.summary
                report.fromCheckCache = true
                report.sourceStatistics = SourceStatistics(
                    files: record.fingerprint.files, cachedFiles: record.fingerprint.files, scannedFiles: 0, scannedBytes: 0,
                    cacheWriteFailure: nil)
                report.phases = timer.phases
                return report
            case .hit:
                // The last check could not see into unresolved packages, which --resolve is for.
                timer.end("look for changes since the last check (it had unresolved packages)")
            case .miss(let walks):
                walked = walks
                timer.end("look for changes since the last check")
            }
        }

        var loaded: LoadedWorkspace
        var resolutionProblems: [Diagnostic] = []
        let checker: ArchitectureChecker
        progress("loading the workspace")
        do throws(InputErrors) {
            // The import rules need the modules of binary targets and external products.
            var loader = WorkspaceLoader(packageReading: packageReading, readsModules: sourceOptions.scan, platform: sourceOptions.platform)
            loader.readLog = readLog
            loaded = try await loader.load(manifestAt: manifestPath, bytes: manifestBytes, knownRules: RuleRegistry.all.map(\.id))
            timer.end("load the workspace")
            if resolve, !loaded.unresolvedPackageFolders.isEmpty {
                progress("resolving \(loaded.unresolvedPackageFolders.count) package\(loaded.unresolvedPackageFolders.count == 1 ? "" : "s")")
                resolutionProblems = await PackageResolution.resolve(loaded.unresolvedPackageFolders, root: root)
                timer.end("swift package resolve in \(loaded.unresolvedPackageFolders.count) package folder(s)")
                loaded = try await loader.load(manifestAt: manifestPath, bytes: manifestBytes, knownRules: RuleRegistry.all.map(\.id))
                timer.end("load the workspace again")
            }
            checker = try ArchitectureChecker(manifest: loaded.workspace.manifest, defaults: sourceOptions.ruleDefaults)
            // `--platform`: the graph rules and the import rules see the edges built for it.
            if let platform = sourceOptions.platform {
                loaded.workspace = loaded.workspace.building(forPlatform: platform.rawValue)
            }
        } catch {
            timer.end("load the workspace (it failed)")
            return failure(error)
        }
        var input = RuleInput(workspace: loaded.workspace)
        var warnings = resolutionProblems + loaded.diagnostics
        var scanned: ScannedSources?
        if sourceOptions.scan {
            progress("scanning the sources of \(loaded.workspace.targets.count) targets")
            let result = await scanSources(of: loaded.workspace, options: sourceOptions, walked: walked)
            input.sources = result.sources
            warnings += result.warnings
            timer.append(result.phases)
            scanned = result
        }
        // Rule tracked-secrets needs git's word on the files `strata secrets export` wrote.
        var stamped = loaded.inputs
        if var sources = input.sources, case let exported = sources.exportedSecretsFiles, !exported.isEmpty {
            let tracking = await ExportedSecretsTracking.find(exported, root: loaded.workspace.root)
            sources.trackedSecretsFiles = tracking.tracked
            input.sources = sources
            warnings += tracking.warnings
            stamped += tracking.stamped
            timer.end("ask git about exported secrets")
        }
        progress("running the rules")
        let findings = checker.check(input)
        timer.end("run the rules")
        let workspace = loaded.workspace
        let summary = WorkspaceSummary(
            name: workspace.name, targets: workspace.targets.count, dependencies: workspace.dependencyCount, layers: workspace.layers.count)
        // What could not be read is not kept: making it readable (chmod) changes no stamp the cache compares.
        if let cacheKey, !warnings.contains(where: { $0.id == SourceProblem.Kind.unreadable.rawValue }) {
            CheckCache.store(
                root: root, scanned: sourceOptions.scan, key: cacheKey, workspace: workspace, packageReports: loaded.packageReports, inputs: stamped,
                sources: scanned?.targets ?? [], fingerprint: scanned?.fingerprint ?? SourceFileCollector.Fingerprint([]),
                snapshot: scanned.map(\.snapshot) ?? SourceFileCollector.Snapshot(folders: [], files: []), summary: summary, findings: findings,
                warnings: warnings)
            timer.end("store the check cache")
        }
        var statistics = scanned?.statistics
        if let write = await scanned?.cacheWrite?.value {
            statistics?.cacheWriteFailure = write.failure
            timer.end(
                "finish writing the scan cache (\(write.duration.formatted(.units(allowed: [.milliseconds], width: .narrow))) in all, alongside the rules)"
            )
        }
        var report = finish(
            findings: findings, warnings: finished + warnings, baseline: baseline, baselinePath: baselinePath, strict: strict,
            skipUnreadable: sourceOptions.skipUnreadable)
        report.workspace = workspace
        report.summary = summary
        report.packageReports = loaded.packageReports
        report.sourceStatistics = statistics
        report.phases = timer.phases
        return report
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
