public import StrataDiagnostics
public import StrataModel

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

    /// How many diagnostics have `severity`.
    public func count(_ severity: Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// Loads a workspace, runs the rules and applies a baseline.
public enum WorkspaceCheck {
    /// Checks the workspace at `path`. Input problems come back in the report, never thrown.
    /// - Parameters:
    ///   - baselinePath: a baseline file to apply, if any.
    public static func run(
        path: String, baselinePath: String? = nil, packageReading: WorkspaceLoader.PackageReading = .automatic
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
                findings: [], suppressedCount: 0, inputFailed: true, packageReports: [])
        }
        let findings = checker.check(loaded.workspace)
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
            diagnostics: (loaded.diagnostics + shown).sorted(by: Diagnostic.presentationOrder),
            findings: findings, suppressedCount: suppressed, inputFailed: false, packageReports: loaded.packageReports)
    }
}
