import Foundation
import StrataDiagnostics
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// A workspace on disk: a strata.yml and Swift files with position markers.
struct SourceWorkspace {
    let root: String
    let files: [String: MarkedText]

    init(manifest: String, files: [String: String]) throws {
        root = try Fixtures.temporaryFolder("source-rules")
        self.files = files.mapValues(MarkedText.init)
        try manifest.write(toFile: root + "/strata.yml", atomically: true, encoding: .utf8)
        for (relative, marked) in self.files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try marked.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs `rule` on the workspace with its sources scanned (no cache).
    func findings(of rule: any Rule, platform: Platform? = nil) async throws -> [Finding] {
        try await input(platform: platform).map { rule.check($0) } ?? []
    }

    /// The workspace and its scanned sources, as the check hands them to the rules.
    /// With `readsModules`, the modules of external products and binary targets are read as
    /// the check reads them (from what SwiftPM resolved).
    func input(platform: Platform? = nil, readsModules: Bool = false) async throws -> RuleInput? {
        let workspace = try await WorkspaceLoader(readsModules: readsModules).load(path: root).workspace
        let targets = workspace.targets.enumerated().compactMap { index, target in target.sources.map { (target: index, sources: $0) } }
        let index = await SourceScanner(cachePath: nil).scan(targets)
        let configuration = BuildConfiguration(
            platform: platform, workspaceModules: Set(workspace.targets.map(WorkspaceSources.moduleName(of:))))
        let sources = WorkspaceSources(workspace: workspace, index: index, configuration: configuration)
        return RuleInput(workspace: workspace, sources: sources)
    }

    /// Expects `finding` at `marker` of `file`.
    func expect(_ finding: Finding?, at marker: String, in file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let expected = files[file]!.position(marker)
        #expect(finding?.location?.path == root + "/" + file, sourceLocation: sourceLocation)
        #expect(finding?.location?.line == expected.line, sourceLocation: sourceLocation)
        #expect(finding?.location?.column == expected.column, sourceLocation: sourceLocation)
    }
}

let sourceHeader = """
    layers: [domain, service, core, shared]
    naming: { interface: "{module}Core", mocks: "{module}Mocks" }

    """
