import Foundation
public import StrataCheck
public import StrataDiagnostics
import StrataFileSystem
import StrataGraphExport
import StrataSources
import StrataWorkspace

/// `strata init` as steps, each with its effects named: `start` reads the workspace and
/// proposes, `edit` merges and renames layers, `firstCheck` checks the proposal without writing
/// it, `drawGraph` writes the proposed layering as a page, and `write` writes strata.yml (and the
/// baseline) in one transaction. Between them the command asks, prints and chooses.
public struct InitSession: Sendable {
    /// The workspace folder, absolute.
    public let root: String
    /// Where strata.yml goes.
    public let manifestPath: String
    public var plan: InitPlan

    /// The proposal's strata.yml and what checking it found.
    public struct FirstCheck: Sendable {
        public var manifestText: String
        public var report: CheckReport
    }

    /// Proposes a strata.yml for the workspace in `folder` from what `discovery` finds there (by
    /// default, every project format's files). A folder that does not exist, or holds a
    /// strata.yml already (unless `replacing`), is an input error.
    public static func start(folder: String, replacing: Bool, discovery: WorkspaceDiscovery?) async throws(InputErrors) -> InitSession {
        let root = WorkspaceLoader.absolutePath(folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputErrors(
                .inputError(
                    "missing-workspace", "'\(folder)' is not a folder", at: nil, hint: "run 'strata init' in the workspace's folder, or name it"))
        }
        let manifestPath = (root as NSString).appendingPathComponent("strata.yml")
        if FileManager.default.fileExists(atPath: manifestPath) && !replacing {
            throw InputErrors(
                .inputError(
                    "strata-yml-exists", "strata.yml exists already; 'strata init' does not replace it", at: .file(manifestPath),
                    hint: "run 'strata check', or 'strata init --force' to replace it with a new proposal"))
        }
        do throws(InputErrors) {
            let plan = try await InitPlanner.plan(root: root, discovery: discovery)
            return InitSession(root: root, manifestPath: manifestPath, plan: plan)
        } catch {
            throw error.inPresentationOrder()
        }
    }

    /// Merges each group of layers into its first, then renames (`old`, `new`) pairs.
    public mutating func edit(merging merges: [[String]], renaming renames: [(old: String, new: String)]) throws(InputErrors) {
        do throws(LayerEditError) {
            for names in merges { try plan.proposal.merge(names) }
            for (old, new) in renames { try plan.proposal.rename(old, to: new) }
        } catch {
            throw InputErrors(.inputError(error.id, error.description, at: nil, hint: nil))
        }
    }

    /// Checks the proposed strata.yml as the first `strata check` would, before it is written
    /// (no cache read or written). A proposal that does not load is an input error.
    public func firstCheck(scanningSources: Bool) async throws(InputErrors) -> FirstCheck {
        let text = InitManifestWriter.manifest(plan)
        let report = await WorkspaceCheck.run(
            path: manifestPath, manifestBytes: Array(text.utf8), sources: SourceOptions(scan: scanningSources, useCache: false))
        if report.inputFailed {
            throw InputErrors(
                report.diagnostics + [
                    .inputError(
                        "invalid-proposal", "the proposed strata.yml did not load; nothing written", at: .file(manifestPath),
                        hint: "this is Strata's mistake: please report it with the errors above")
                ])
        }
        return FirstCheck(manifestText: text, report: report)
    }

    /// Writes the proposed layering as the graph page, `.build/strata/init-graph.html`, and
    /// returns its path; nil when the check loaded no workspace to draw.
    public func drawGraph(_ check: FirstCheck) throws -> String? {
        guard let workspace = check.report.workspace else { return nil }
        let page = (root as NSString).appendingPathComponent(".build/strata/init-graph.html")
        let view = try GraphView(workspace: workspace, findings: check.report.findings, selection: GraphSelection())
        try AtomicFileWriter.write(Data(HTMLRenderer.render(view).utf8), to: page, creatingFolder: true)
        return page
    }

    /// Where `write` puts the baseline.
    public var baselinePath: String { (root as NSString).appendingPathComponent("strata-baseline.json") }

    /// Writes strata.yml, and with `baseline` a baseline accepting the first check's findings,
    /// in one transaction: both or neither.
    public func write(_ check: FirstCheck, baseline: Bool) throws(InputErrors) {
        var transaction = FileTransaction(workspace: root)
        transaction.stage(Data(check.manifestText.utf8), at: manifestPath)
        if baseline {
            let accepted = Baseline(accepting: check.report.findings)
            transaction.stage(Data(accepted.serialized().utf8), at: baselinePath)
        }
        do throws(FileTransaction.CommitError) {
            try transaction.commit()
        } catch {
            throw InputErrors(
                .inputError(
                    "unwritable-output", "cannot write strata.yml: \(error)", at: .file(manifestPath), hint: "check that the folder is writable"))
        }
    }
}
