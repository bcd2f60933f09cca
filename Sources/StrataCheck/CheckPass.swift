import Foundation
import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
import StrataRules
import StrataSources
import StrataWorkspace

/// One `WorkspaceCheck.run`, step by step: prepare (the manifest, a half-made change finished,
/// the baseline), reuse the last check when nothing changed, load the workspace, gather the
/// rules' input (the scanned sources, git's word on exported secrets), run the rules and keep
/// the result for the next run. Each step ends a phase of `--verbose`'s timings.
struct CheckPass {
    let path: String
    let manifestBytes: [UInt8]?
    let baselinePath: String?
    let packageReading: WorkspaceLoader.PackageReading
    let sourceOptions: SourceOptions
    let strict: Bool
    let resolve: Bool
    let progress: @Sendable (String) -> Void
    var timer = PhaseTimer()
    /// How the manifests were read before a failure, which returns no loaded workspace.
    let readLog = PackageReadLog()

    /// What the check starts from.
    private struct Start {
        var manifestPath: String
        var root: String { (manifestPath as NSString).deletingLastPathComponent }
        var baseline: Baseline?
        /// The warning that a half-made change was finished, if one was.
        var finished: [Diagnostic]
        /// The check cache's key; nil when the cache is not used.
        var cacheKey: String?
    }

    /// The loaded workspace, with what loading it said, and the checker its manifest configures.
    private struct Loaded {
        var loaded: LoadedWorkspace
        var warnings: [Diagnostic]
        var checker: ArchitectureChecker
    }

    /// What the rules are given, and what gathering it said and touched.
    private struct Gathered {
        var input: RuleInput
        var warnings: [Diagnostic]
        var scanned: WorkspaceCheck.ScannedSources?
        /// The files the check cache stamps.
        var stamped: [String]
    }

    mutating func run() async -> CheckReport {
        let start: Start
        do throws(InputErrors) { start = try prepare() } catch { return failure(error) }
        var walked: [TargetSources: SourceFileCollector.Result] = [:]
        if let key = start.cacheKey {
            switch await lookUpLastCheck(start, key: key) {
            case .success(let report): return report
            case .failure(let changes): walked = changes.walks
            }
        }
        let loaded: Loaded
        do throws(InputErrors) {
            loaded = try await load(start)
        } catch {
            timer.end("load the workspace (it failed)")
            return failure(error)
        }
        let gathered = await gatherInput(loaded, walked: walked)
        return await runRules(start, loaded, gathered)
    }

    private func failure(_ error: InputErrors) -> CheckReport {
        CheckReport(
            workspace: nil, diagnostics: error.diagnostics.sorted(by: Diagnostic.presentationOrder),
            findings: [], suppressedCount: 0, inputFailed: true, packageReports: readLog.reports, sourceStatistics: nil,
            phases: timer.phases)
    }

    /// The manifest's path and the baseline. A change a killed run left half-made is finished
    /// before anything is read, the cache included.
    private func prepare() throws(InputErrors) -> Start {
        let manifestPath = manifestBytes == nil ? try WorkspaceLoader.locateManifest(path) : WorkspaceLoader.absolutePath(path)
        var finished: [Diagnostic] = []
        if manifestBytes == nil, let notice = try InterruptedChange.finish(in: (manifestPath as NSString).deletingLastPathComponent) {
            finished.append(notice)
        }
        let baseline = try baselinePath.map { path throws(InputErrors) in try Baseline.load(path: WorkspaceLoader.absolutePath(path)) }
        let cacheKey =
            sourceOptions.useCache && manifestBytes == nil
            ? CheckCache.key(manifestPath: manifestPath, options: sourceOptions, packageReading: packageReading) : nil
        return Start(manifestPath: manifestPath, baseline: baseline, finished: finished, cacheKey: cacheKey)
    }

    /// The folders walked while looking for changes, which the scan need not walk again.
    private struct Changed: Error {
        var walks: [TargetSources: SourceFileCollector.Result]
    }

    /// Nothing changed since the last complete check: its findings stand (the report). Else the
    /// walks made while looking.
    private mutating func lookUpLastCheck(_ start: Start, key: String) async -> Result<CheckReport, Changed> {
        progress("looking for changes since the last check")
        switch await CheckCache.lookup(root: start.root, sources: sourceOptions.scan, key: key) {
        case .hit(let record, let proof) where !(resolve && record.warnings.contains { $0.id == "unknown-modules" }):
            timer.end("reuse the last check (nothing changed: \(proof))")
            var report = WorkspaceCheck.finish(
                findings: record.findings, warnings: start.finished + record.warnings, baseline: start.baseline, baselinePath: baselinePath,
                strict: strict, skipUnreadable: sourceOptions.skipUnreadable)
            report.summary = record.summary
            report.fromCheckCache = true
            report.sourceStatistics = SourceStatistics(
                files: record.fingerprint.files, cachedFiles: record.fingerprint.files, scannedFiles: 0, scannedBytes: 0, cacheWriteFailure: nil)
            report.phases = timer.phases
            return .success(report)
        case .hit:
            // The last check could not see into unresolved packages, which --resolve is for.
            timer.end("look for changes since the last check (it had unresolved packages)")
            return .failure(Changed(walks: [:]))
        case .miss(let walks):
            timer.end("look for changes since the last check")
            return .failure(Changed(walks: walks))
        }
    }

    /// Loads the workspace (again after `swift package resolve` with `resolve`), for the
    /// platform asked for, and the checker its manifest configures.
    private mutating func load(_ start: Start) async throws(InputErrors) -> Loaded {
        progress("loading the workspace")
        // The import rules need the modules of binary targets and external products.
        var loader = WorkspaceLoader(packageReading: packageReading, readsModules: sourceOptions.scan, platform: sourceOptions.platform)
        loader.readLog = readLog
        loader.xcodeConfiguration = sourceOptions.xcodeConfiguration
        var loaded = try await loader.load(manifestAt: start.manifestPath, bytes: manifestBytes, knownRules: RuleRegistry.all.map(\.id))
        timer.end("load the workspace")
        var resolutionProblems: [Diagnostic] = []
        if resolve, !loaded.unresolvedPackageFolders.isEmpty {
            let folders = loaded.unresolvedPackageFolders
            progress("resolving \(folders.count) package\(folders.count == 1 ? "" : "s")")
            resolutionProblems = await PackageResolution.resolve(folders, root: start.root)
            timer.end("swift package resolve in \(folders.count) package folder(s)")
            loaded = try await loader.load(manifestAt: start.manifestPath, bytes: manifestBytes, knownRules: RuleRegistry.all.map(\.id))
            timer.end("load the workspace again")
        }
        let checker = try ArchitectureChecker(manifest: loaded.workspace.manifest, defaults: sourceOptions.ruleDefaults)
        // `--platform`: the graph rules and the import rules see the edges built for it.
        if let platform = sourceOptions.platform {
            loaded.workspace = loaded.workspace.building(forPlatform: platform.rawValue)
        }
        return Loaded(loaded: loaded, warnings: resolutionProblems + loaded.diagnostics, checker: checker)
    }

    /// The rules' input: the workspace, its scanned sources, and which exported secrets files
    /// git tracks (rule tracked-secrets).
    private mutating func gatherInput(_ loaded: Loaded, walked: [TargetSources: SourceFileCollector.Result]) async -> Gathered {
        let workspace = loaded.loaded.workspace
        var gathered = Gathered(input: RuleInput(workspace: workspace), warnings: loaded.warnings, scanned: nil, stamped: loaded.loaded.inputs)
        if sourceOptions.scan {
            progress("scanning the sources of \(workspace.targets.count) targets")
            let result = await WorkspaceCheck.scanSources(of: workspace, options: sourceOptions, walked: walked)
            gathered.input.sources = result.sources
            gathered.warnings += result.warnings
            timer.append(result.phases)
            gathered.scanned = result
        }
        if var sources = gathered.input.sources, case let exported = sources.exportedSecretsFiles, !exported.isEmpty {
            let tracking = await ExportedSecretsTracking.find(exported, root: workspace.root)
            sources.trackedSecretsFiles = tracking.tracked
            gathered.input.sources = sources
            gathered.warnings += tracking.warnings
            gathered.stamped += tracking.stamped
            timer.end("ask git about exported secrets")
        }
        return gathered
    }

    /// Runs the rules, keeps the result for the next run, and applies the baseline.
    private mutating func runRules(_ start: Start, _ loaded: Loaded, _ gathered: Gathered) async -> CheckReport {
        progress("running the rules")
        let findings = loaded.checker.check(gathered.input)
        timer.end("run the rules")
        let workspace = loaded.loaded.workspace
        let summary = WorkspaceSummary(
            name: workspace.name, targets: workspace.targets.count, dependencies: workspace.dependencyCount, layers: workspace.layers.count,
            targetNames: workspace.targets.map(\.name))
        let scanned = gathered.scanned
        // What could not be read is not kept: making it readable (chmod) changes no stamp the cache compares.
        if let cacheKey = start.cacheKey, !gathered.warnings.contains(where: { $0.id == SourceProblem.Kind.unreadable.rawValue }) {
            CheckCache.store(
                root: start.root, scanned: sourceOptions.scan, key: cacheKey, workspace: workspace, packageReports: loaded.loaded.packageReports,
                inputs: gathered.stamped, sources: scanned?.targets ?? [], fingerprint: scanned?.fingerprint ?? SourceFileCollector.Fingerprint([]),
                snapshot: scanned.map(\.snapshot) ?? SourceFileCollector.Snapshot(folders: [], files: []), summary: summary, findings: findings,
                warnings: gathered.warnings)
            timer.end("store the check cache")
        }
        var statistics = scanned?.statistics
        if let write = await scanned?.cacheWrite?.value {
            statistics?.cacheWriteFailure = write.failure
            timer.end(
                "finish writing the scan cache (\(write.duration.formatted(.units(allowed: [.milliseconds], width: .narrow))) in all, alongside the rules)"
            )
        }
        var report = WorkspaceCheck.finish(
            findings: findings, warnings: start.finished + gathered.warnings, baseline: start.baseline, baselinePath: baselinePath, strict: strict,
            skipUnreadable: sourceOptions.skipUnreadable)
        report.workspace = workspace
        report.summary = summary
        report.packageReports = loaded.loaded.packageReports
        report.sourceStatistics = statistics
        report.phases = timer.phases
        return report
    }
}
