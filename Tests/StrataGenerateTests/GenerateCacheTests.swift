import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `strata generate` over an unchanged workspace answers from the last run's stamps; any change
/// to what a run reads means a full run again.
@Suite struct GenerateCacheTests {
    /// A packages-layout workspace large enough for its graph to be kept (`ManifestCache.threshold`),
    /// with one module whose sources are missing (a warning).
    static func manifest() -> String {
        var text = "name: Big\nlayers: [feature, core]\ngenerate: { layout: packages }\nmodules:\n"
        for index in 0..<2_600 {
            text +=
                "  Module\(index): { layer: \(index % 2 == 0 ? "core" : "feature"), tests: false\(index > 0 ? ", dependencies: [Module\(index - 1)]" : "") }\n"
        }
        return text
    }

    /// Generated, source folders made (but Module7's), everything made an hour old, and the plan
    /// of a run that found everything up to date, kept.
    private func upToDate() async throws -> (TemporaryWorkspace, GenerateCache) {
        let text = Self.manifest()
        #expect(text.utf8.count >= 128 * 1024)
        let workspace = try TemporaryWorkspace(text, label: "generate-cache")
        for index in 0..<2_600 where index != 7 {
            try FileManager.default.createDirectory(
                atPath: workspace.root + "/Packages/Module\(index)/Sources/Module\(index)", withIntermediateDirectories: true)
        }
        try await workspace.generate()
        try backdate(workspace)
        let (plan, cache) = try await run(workspace)
        #expect(plan.changes.isEmpty && plan.unchanged.count == 2_600)
        cache.store(plan, localModules: [])
        return (workspace, cache)
    }

    private func run(_ workspace: TemporaryWorkspace) async throws -> (GenerationPlan, GenerateCache) {
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let cache = try #require(GenerateCache(loaded))
        return (try WorkspaceGenerator.plan(for: loaded.workspace), cache)
    }

    private func backdate(_ workspace: TemporaryWorkspace) throws {
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        for relative in try FileManager.default.subpathsOfDirectory(atPath: workspace.root) + ["."] where !relative.hasPrefix(".build") {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: workspace.root + "/" + relative)
        }
    }

    @Test func anUnchangedWorkspaceIsAnsweredWithTheLastRunsOutcome() async throws {
        let (workspace, cache) = try await upToDate()
        let outcome = try #require(cache.lookup())
        #expect(outcome.files.count == 2_600 && outcome.files.first == "Packages/Module0/Package.swift")
        // The warning a full run gives, word for word.
        let (plan, _) = try await run(workspace)
        #expect(outcome.warnings == plan.warnings)
        #expect(outcome.warnings.map(\.id) == ["missing-sources"])
        #expect(outcome.localModules.isEmpty)
    }

    @Test(arguments: [
        "edit a generated file", "touch a generated file", "add a package folder", "a temporary file beside a generated file",
        "make the missing source folder", "remove a source folder", "write strata.versions.yml", "add a root Package.swift",
        "make the workspace a git repository",
    ])
    func everyChangeToWhatARunReadsMeansAFullRun(_ change: String) async throws {
        let (workspace, cache) = try await upToDate()
        let root = workspace.root
        switch change {
        case "edit a generated file":
            let text = try #require(workspace.read("Packages/Module3/Package.swift"))
            try workspace.write("Packages/Module3/Package.swift", text.replacingOccurrences(of: "Module3", with: "Module9"))
        case "touch a generated file":
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: root + "/Packages/Module3/Package.swift")
        case "add a package folder":
            try FileManager.default.createDirectory(atPath: root + "/Packages/Gone", withIntermediateDirectories: false)
        case "a temporary file beside a generated file":
            try workspace.write("Packages/Module3/.Package.swift.strata-0000000000000001.tmp", "half")
        case "make the missing source folder":
            try FileManager.default.createDirectory(atPath: root + "/Packages/Module7/Sources/Module7", withIntermediateDirectories: true)
        case "remove a source folder":
            try FileManager.default.removeItem(atPath: root + "/Packages/Module8/Sources/Module8")
        case "write strata.versions.yml":
            try workspace.write(VersionRecord.fileName, "versions: {}\n")
        case "add a root Package.swift":
            try workspace.write("Package.swift", "// swift-tools-version: 6.0\n")
        default:
            // CODEOWNERS paths start at the repository's root.
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: false)
        }
        #expect(cache.lookup() == nil, "\(change)")
    }

    @Test func anotherStrataYmlHasNoOutcomeYet() async throws {
        let (workspace, _) = try await upToDate()
        try workspace.write("strata.yml", Self.manifest() + "  Extra: { layer: core }\n")
        let (_, cache) = try await run(workspace)
        #expect(cache.lookup() == nil)
    }

    /// Files written less than `FileStamp.racyMargin` ago could change again unseen within the
    /// same clock tick: such a run keeps nothing, and the next one that finds the files older does.
    @Test func aRunRightAfterFilesChangedKeepsNothing() async throws {
        let (workspace, _) = try await upToDate()
        try workspace.write("strata.yml", Self.manifest() + "  Extra: { layer: core, tests: false }\n")
        try await workspace.generate()
        let (fresh, cache) = try await run(workspace)
        #expect(fresh.changes.isEmpty)
        cache.store(fresh, localModules: [])
        #expect(cache.lookup() == nil)
        try backdate(workspace)
        let (older, _) = try await run(workspace)
        cache.store(older, localModules: [])
        #expect(cache.lookup()?.files.count == 2_601)
    }

    @Test func aPlanWithChangesLeftKeepsNothing() async throws {
        let (workspace, _) = try await upToDate()
        try workspace.write("strata.yml", Self.manifest() + "  Extra: { layer: core, tests: false }\n")
        try backdate(workspace)
        let (plan, cache) = try await run(workspace)
        #expect(plan.changes.map(\.path) == ["Packages/Extra/Package.swift"])
        cache.store(plan, localModules: [])
        #expect(cache.lookup() == nil)
    }

    @Test func aDamagedEntryIsNotUsed() async throws {
        let (workspace, cache) = try await upToDate()
        let folder = workspace.root + "/.build/strata/generated"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            try Data(try Data(contentsOf: URL(fileURLWithPath: path)).dropLast(7)).write(to: URL(fileURLWithPath: path))
        }
        #expect(cache.lookup() == nil)
    }
}
