import Foundation
import StrataCheck
import StrataDiagnostics
import StrataManifest
import StrataScaffold
import StrataSynthetic

/// `strata check --fix` on a large workspace with many findings: the edit of strata.yml made
/// entry by entry with the file parsed once (what --fix does), against the same edits made one
/// at a time on the whole file (what it did: a parse per fix), side by side, results compared.
/// Then the whole fix as `--fix --dry-run` runs it: the check, the fixes, the edit and its proof.
enum CheckFixBenchmark {
    static func run(modules: Int, fixes: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fix-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.write(to: folder)
        _ = try synthetic.writeSources(to: folder, filesPerModule: 1)
        let manifestPath = folder + "/strata.yml"
        let broken = try dropFirstDependencies(count: fixes, in: String(contentsOfFile: manifestPath, encoding: .utf8))
        try broken.write(toFile: manifestPath, atomically: true, encoding: .utf8)

        let report = await WorkspaceCheck.run(path: folder)
        guard let workspace = report.workspace else { fatalError("the synthetic workspace did not load") }
        let found = DependencyFixer.fixes(for: report.findings, in: workspace).fixes
        guard found.count == fixes else { fatalError("expected \(fixes) fixes, found \(found.count)") }
        let edits = found.map { ManifestEditor.ListEdit(.add, $0.dependency, at: ManifestEditor.ListAddress(entry: $0.target)) }

        var batched = ""
        let batch = try Measurement.measure("parsed once", iterations: iterations) {
            let result = try ManifestEditor.editing(edits, in: broken, path: manifestPath)
            guard result.failed.isEmpty else { fatalError("an edit failed: \(result.failed[0].errors.diagnostics)") }
            batched = result.text
        }
        var oneByOne = ""
        let each = try Measurement.measure("a parse per edit", iterations: 1) {
            var text = broken
            for edit in edits { text = try ManifestEditor.adding(edit.item, to: edit.address, in: text, path: manifestPath) }
            oneByOne = text
        }
        guard batched == oneByOne else { fatalError("the batched edit and the one-by-one edits disagree") }
        // Without the caches, so that every run does the whole check.
        let uncached = SourceOptions(useCache: false)
        let whole = try await Measurement.measure("--fix --dry-run", iterations: iterations) {
            let report = await WorkspaceCheck.run(path: folder, sources: uncached)
            let fixes = DependencyFixer.fixes(for: report.findings, in: report.workspace!).fixes
            let edit = try await DependencyFixer.edit(fixes, force: false, in: report.workspace!)
            guard edit.summary == "made \(fixes.count) of \(fixes.count) fixes" else { fatalError(edit.summary) }
        }
        let check = await Measurement.measure("check", iterations: iterations) { _ = await WorkspaceCheck.run(path: folder, sources: uncached) }

        print("## `strata check --fix` (release build, in process)")
        print("")
        print("Workspace: \(modules) modules, strata.yml of \(broken.utf8.count / 1024) KiB, \(fixes) implicit-import findings to fix.")
        print("")
        print("| step | time |")
        print("|---|---:|")
        print("| edit of strata.yml, parsed once (median of \(iterations)) | \(batch.median.formatted) |")
        print("| the same edits, a parse per edit (before; 1 run) | \(each.median.formatted) |")
        print("| the check alone, no caches (median of \(iterations)) | \(check.median.formatted) |")
        print("| check + fixes + edit + its proof, as `--fix --dry-run`, no caches (median of \(iterations)) | \(whole.median.formatted) |")
        print("")
        print(
            "Parsed once: **\(Int((each.median.milliseconds / batch.median.milliseconds).rounded()))× faster** than a parse per edit; the texts are identical."
        )
        print("")
    }

    /// The manifest without the first dependency of the first `count` modules that have two or
    /// more: their sources still import it, so each is an implicit-import finding with a fix.
    static func dropFirstDependencies(count: Int, in text: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        var dropped = 0
        let pattern = try NSRegularExpression(pattern: #"dependencies: \[([^\],]+), "#)
        for index in lines.indices where dropped < count {
            let line = lines[index] as NSString
            guard let match = pattern.firstMatch(in: lines[index], range: NSRange(location: 0, length: line.length)) else { continue }
            lines[index] = line.replacingCharacters(
                in: NSRange(location: match.range(at: 1).location, length: match.range.upperBound - match.range(at: 1).location), with: "")
            dropped += 1
        }
        return lines.joined(separator: "\n")
    }
}
