import Foundation
import StrataDiagnostics
import StrataWorkspaceTestSupport
import StrataSources
import Testing

@testable import StrataCheck

/// The check workflow in process: its findings, the last check reused only while nothing it
/// depends on changed, a baseline applied, and bad input reported in the report, never thrown.
struct WorkspaceCheckTests {
    /// A copy of Examples/Violations/ImplicitImport (Suit imports Logging, which it reaches only
    /// through Network), removed by the caller.
    static func copyOfViolation() throws -> String {
        try Fixtures.copy(of: Fixtures.violation("ImplicitImport"), label: "strata-check")
    }

    static func findingIDs(_ report: CheckReport) -> [String] { report.findings.map(\.id) }

    @Test func theLastCheckIsReusedUntilSomethingItReadChanges() async throws {
        let folder = try Self.copyOfViolation()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let first = await WorkspaceCheck.run(path: folder)
        #expect(!first.fromCheckCache && !first.inputFailed)
        #expect(Self.findingIDs(first) == ["implicit-import"])
        #expect(
            first.summary?.targetNames.count == 4
                && first.summary.map { WorkspaceSummary(name: $0.name, targets: $0.targets, dependencies: $0.dependencies, layers: $0.layers) }
                    == WorkspaceSummary(name: (folder as NSString).lastPathComponent, targets: 4, dependencies: 3, layers: 4))
        #expect(FileManager.default.fileExists(atPath: CheckCache.path(root: folder, sources: true)))

        let second = await WorkspaceCheck.run(path: folder)
        #expect(second.fromCheckCache)
        #expect(second.diagnostics == first.diagnostics && second.summary == first.summary)
        #expect(second.phases.first?.name.hasPrefix("reuse the last check") == true)

        // Other options: another key, a full check.
        #expect(!(await WorkspaceCheck.run(path: folder, sources: SourceOptions(platform: .linux))).fromCheckCache)
        // A source edited in place: checked again, and the edit is seen.
        try "import Network\nimport Logging\nimport Logging\n".write(
            toFile: folder + "/Sources/Suit/SuitCheck.swift", atomically: false, encoding: .utf8)
        let edited = await WorkspaceCheck.run(path: folder)
        #expect(!edited.fromCheckCache && Self.findingIDs(edited) == ["implicit-import", "implicit-import"])
        #expect((await WorkspaceCheck.run(path: folder)).fromCheckCache)
        // strata.yml: declaring the dependency fixes the finding.
        let manifest = folder + "/strata.yml"
        try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: "Suit: { layer: domain, dependencies: [Network]", with: "Suit: { layer: domain, dependencies: [Network, Logging]")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let fixed = await WorkspaceCheck.run(path: folder)
        #expect(!fixed.fromCheckCache && fixed.findings.isEmpty)
        // Without the cache: always a full check.
        #expect(!(await WorkspaceCheck.run(path: folder, sources: SourceOptions(useCache: false))).fromCheckCache)
    }

    /// A cache file that is not one (cut short by a full disk, written by another version): a
    /// full check, and a good cache written in its place.
    @Test func aDamagedCacheMeansAFullCheck() async throws {
        let folder = try Self.copyOfViolation()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = await WorkspaceCheck.run(path: folder)
        let cache = CheckCache.path(root: folder, sources: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cache))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cache))
        let afterDamage = await WorkspaceCheck.run(path: folder)
        #expect(!afterDamage.fromCheckCache && afterDamage.diagnostics == first.diagnostics)
        #expect((await WorkspaceCheck.run(path: folder)).fromCheckCache)
    }

    @Test func aBaselineAcceptsItsFindingsAndNamesStaleEntries() async throws {
        let folder = try Self.copyOfViolation()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = await WorkspaceCheck.run(path: folder)
        let baselinePath = folder + "/baseline.yml"
        let stale = Baseline.Entry(rule: "layer-violation", source: "Logging", target: "Suit")
        try Baseline(entries: [Baseline.entry(for: first.findings[0])!, stale]).serialized()
            .write(toFile: baselinePath, atomically: true, encoding: .utf8)

        let report = await WorkspaceCheck.run(path: folder, baselinePath: baselinePath)
        #expect(report.suppressedCount == 1)
        #expect(report.findings.map(\.id) == ["implicit-import"], "the findings themselves are kept for the cache and --fix")
        #expect(report.count(.error) == 0)
        #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("Logging") && $0.location?.path == baselinePath })
    }

    /// strata.yml's text given before it is on the disk (`strata init`): checked, never cached.
    @Test func aManifestNotYetWrittenIsCheckedWithoutTheCache() async throws {
        let folder = try Self.copyOfViolation()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/strata.yml")
        let report = await WorkspaceCheck.run(path: folder + "/strata.yml", manifestBytes: Array(text.utf8))
        #expect(Self.findingIDs(report) == ["implicit-import"] && !report.fromCheckCache)
        #expect(!FileManager.default.fileExists(atPath: CheckCache.path(root: folder, sources: true)))
    }

    @Test func badInputComesBackInTheReport() async throws {
        let folder = try Self.copyOfViolation()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "layers: [domain\nmodules: {}\n".write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        let report = await WorkspaceCheck.run(path: folder)
        #expect(report.inputFailed && report.workspace == nil && report.findings.isEmpty)
        let error = try #require(report.diagnostics.first)
        #expect(error.severity == .error && error.location?.path == folder + "/strata.yml" && (error.location?.line ?? 0) >= 1)

        let missing = await WorkspaceCheck.run(path: folder + "/nowhere")
        #expect(missing.inputFailed && !missing.diagnostics.isEmpty)
    }
}
