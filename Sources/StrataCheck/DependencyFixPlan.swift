public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataScaffold
public import StrataSources
public import StrataWorkspace

/// What `strata check --fix` changes for a check's findings: declarations of what the sources
/// import, without what they do not, in strata.yml (generate mode, then regenerated) or in the
/// Package.swift files that declare the targets (adopt mode). Planning reads and writes nothing;
/// `apply` writes, and the caller holds the workspace lock while it does.
public struct DependencyFixPlan: Sendable {
    /// Findings no fix answers, each with the reason.
    public var unfixable: [(finding: Diagnostic, reason: String)]
    /// What the edit found while making the fixes (as the editors report them).
    public var findings: [Diagnostic] { edit?.findings ?? [] }
    /// The fixes in a line: "declared 2 dependencies, dropped 1".
    public var summary: String { edit?.summary ?? "" }
    /// True when there is nothing to fix.
    public var isEmpty: Bool { edit == nil }
    private let edit: Edit?

    private enum Edit: Sendable {
        case manifest(ModuleEdit)
        case packages(PackageEdit)

        var findings: [Diagnostic] {
            switch self {
            case .manifest(let edit): edit.findings
            case .packages(let edit): edit.findings
            }
        }

        var summary: String {
            switch self {
            case .manifest(let edit): edit.summary
            case .packages(let edit): edit.summary
            }
        }
    }

    /// The fixes for `report`'s findings. The workspace is the report's, or is loaded from
    /// `path` when the report came from the check cache and holds none.
    public static func plan(
        for report: CheckReport, path: String, packageReading: WorkspaceLoader.PackageReading, platform: Platform?,
        xcodeConfiguration: String = "Debug"
    ) async throws(InputErrors) -> DependencyFixPlan {
        let workspace: Workspace
        if let loaded = report.workspace {
            workspace = loaded
        } else {
            var loader = WorkspaceLoader(packageReading: packageReading, readsModules: true, platform: platform)
            loader.xcodeConfiguration = xcodeConfiguration
            workspace = try await loader.load(path: path).workspace
        }
        let (fixes, unfixable) = DependencyFixer.fixes(for: report.findings, in: workspace)
        guard !fixes.isEmpty else { return DependencyFixPlan(unfixable: unfixable, edit: nil) }
        if workspace.manifest.mode == .adopt {
            return DependencyFixPlan(unfixable: unfixable, edit: .packages(PackageDependencyEditor.edit(fixes, in: workspace)))
        }
        return DependencyFixPlan(unfixable: unfixable, edit: .manifest(try await DependencyFixer.edit(fixes, force: false, in: workspace)))
    }

    /// The changes as a unified diff of each file, paths shown through `display`.
    public func diff(display: (String) -> String) -> String {
        switch edit {
        case .manifest(let edit): edit.manifestDiff(displayPath: display(edit.workspace.manifest.path))
        case .packages(let edit): edit.diff(display: display)
        case nil: ""
        }
    }

    /// Writes the fixes (and, in generate mode, regenerates). True when a file changed.
    public func apply() throws(InputErrors) -> Bool {
        switch edit {
        case .manifest(let edit):
            try edit.apply(force: false)
            return true
        case .packages(let edit):
            try edit.apply()
            return !edit.files.isEmpty
        case nil:
            return false
        }
    }
}

extension CheckReport {
    /// Writes a baseline accepting every current finding to `path` (atomically) and returns it.
    public func writeBaseline(to path: String) throws(InputErrors) -> Baseline {
        let accepted = Baseline(accepting: findings)
        do {
            try AtomicFileWriter.write(accepted.serialized(), to: path)
        } catch {
            throw InputErrors(
                .inputError(
                    "unwritable-output", "cannot write the baseline: \(error)", at: .file(path), hint: "check that the folder exists and is writable")
            )
        }
        return accepted
    }
}
