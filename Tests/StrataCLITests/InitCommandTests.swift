import Foundation
import StrataInit
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `strata init` as a new user runs it: on ISS without its strata.yml (its true layers known),
/// then every way it can be asked to write, or refuse to.
@Suite struct InitCommandTests {
    /// A copy of ISS without strata.yml, and ISS's true layer of each module.
    static func issWithoutManifest(_ label: String) async throws -> (copy: String, truth: [String: String]) {
        let copy = try Fixtures.copyOfISS(label)
        let workspace = try await WorkspaceLoader().load(path: copy).workspace
        let truth = workspace.modules.reduce(into: [String: String]()) { result, module in
            if let layer = module.layer { result[module.name] = workspace.layers[layer].name }
        }
        try FileManager.default.removeItem(atPath: copy + "/strata.yml")
        return (copy, truth)
    }

    @Test func initOnISSProposesItsLayersAndTheWorkspaceChecksWithoutErrors() async throws {
        let (copy, truth) = try await Self.issWithoutManifest("strata-init-iss")
        defer { Fixtures.removeCopy(ofISS: copy) }

        let result = try await StrataBinary.run(["init", "--yes"], in: copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("strata: wrote strata.yml; next: strata check"))
        let written = try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8)
        #expect(written.contains("interface: \"{module}Core\""))
        #expect(written.contains("patterns: [\"*Service\""))
        // The generated XcodeGen copies of the packages are left out, and the runtime package is allowed.
        #expect(written.contains("# Left out: Xcode/Columbus/project.yml"))
        #expect(written.contains("outside-workspace: ["))

        let loaded = try await WorkspaceLoader().load(path: copy)
        let proposed = Dictionary(
            uniqueKeysWithValues: loaded.workspace.modules.compactMap { module in module.layer.map { (module.name, loaded.workspace.layers[$0].name) }
            })
        let accuracy = LayeringAccuracy(proposed: proposed, truth: truth)
        #expect(accuracy.share >= 0.8, "\(accuracy.right) of \(accuracy.total) modules in their true layer")

        let check = try await StrataBinary.run(["check", "--quiet"], in: copy)
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// An app's project beside a server package whose executable target has the app's name, and
    /// which uses a copy of a package the app uses: the server package is left out (with the copy
    /// it uses), never the app's project, and no pattern for its siblings brings it back.
    @Test func aPackageRepeatingAnAppsTargetIsLeftOutNotTheApp() async throws {
        let copy = try Fixtures.copy(of: Fixtures.path("Adopt/XcodeProjects"), label: "strata-init-server")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.removeItem(atPath: copy + "/strata.yml")
        try FileManager.default.removeItem(atPath: copy + "/expected.txt")
        let files: [String: String] = [
            "Packages/Server/Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Server", dependencies: [.package(path: "Kit")],
                targets: [.executableTarget(name: "StationApp", dependencies: [.product(name: "Kit", package: "Kit")])])

            """,
            "Packages/Server/Sources/StationApp/main.swift": "import Kit\n",
            "Packages/Server/Kit/Package.swift": try String(contentsOfFile: copy + "/Packages/Kit/Package.swift", encoding: .utf8),
            "Packages/Server/Kit/Sources/Kit/Kit.swift": "public let kit = 1\n",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: copy + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: copy + "/" + path, atomically: true, encoding: .utf8)
        }
        let result = try await StrataBinary.run(["init", "--yes"], in: copy)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8)
        #expect(written.contains("# Left out: Packages/Server/Package.swift"), "\(written)")
        #expect(written.contains("packages: [\"Packages/Kit\"]"), "\(written)")
        #expect(written.contains("xcode: [\"Station.xcodeproj\""), "\(written)")
        let graph = try await StrataBinary.run(["graph", "--format", "json"], in: copy)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        #expect(targets.contains { $0["name"] as? String == "StationApp" && $0["product"] as? String == "application" }, "\(targets)")
    }

    @Test func anExistingStrataYmlIsNeverReplacedWithoutForce() async throws {
        let copy = try Fixtures.copyOfISS("strata-init-exists")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let before = try Data(contentsOf: URL(fileURLWithPath: copy + "/strata.yml"))

        let refused = try await StrataBinary.run(["init", "--yes"], in: copy)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("strata.yml:1:1: error: [strata-yml-exists] strata.yml exists already"))
        #expect(refused.stderr.contains("--force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy + "/strata.yml")) == before)

        let forced = try await StrataBinary.run(["init", "--yes", "--force"], in: copy)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8).hasPrefix("# strata.yml proposed by 'strata init'"))
    }

    @Test func dryRunPrintsTheProposalAndWritesNothing() async throws {
        let (copy, _) = try await Self.issWithoutManifest("strata-init-dry")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let result = try await StrataBinary.run(["init", "--dry-run"], in: copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# strata.yml proposed by 'strata init'"))
        #expect(result.stderr.contains("strata: proposed layers, top to bottom:"))
        #expect(result.stderr.contains("dry run; nothing written"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/strata.yml"))
    }

    @Test func baselineAcceptsTheFirstCheckFindings() async throws {
        let (copy, _) = try await Self.issWithoutManifest("strata-init-baseline")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let result = try await StrataBinary.run(["init", "--yes", "--baseline"], in: copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the first check would find 0 errors and 2 warnings:\n  unused-dependency: 2 warnings"))
        #expect(result.stderr.contains("next: strata check --baseline strata-baseline.json"))

        let check = try await StrataBinary.run(["check", "--baseline", "strata-baseline.json"], in: copy)
        #expect(check.status == 0)
        #expect(check.stdout.contains("no violations — 2 suppressed by baseline strata-baseline.json"), "\(check.stdout)")
    }

    @Test func layersAreRenamedAndMergedByFlagsOrAtThePrompt() async throws {
        let (copy, _) = try await Self.issWithoutManifest("strata-init-edit")
        defer { Fixtures.removeCopy(ofISS: copy) }

        let unknown = try await StrataBinary.run(["init", "--yes", "--rename", "levl-3=domain"], in: copy)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("there is no proposed layer 'levl-3' (did you mean 'level-3'?)"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/strata.yml"))

        let flags = try await StrataBinary.run(["init", "--yes", "--dry-run", "--rename", "level-3=domain", "--merge", "level-1,level-0"], in: copy)
        #expect(flags.status == 0, "\(flags.stderr)")
        #expect(flags.stdout.contains("  - name: domain\n"))
        #expect(flags.stdout.contains("level-1: 6 modules, merged from level-1, level-0."))
        #expect(!flags.stdout.contains("name: level-0"))

        let prompted = try await StrataBinary.run(
            [], in: copy,
            shell:
                "printf 'rename level-3 domain\\nrename level-1 core\\nmerge nothing here\\nshow core\\n\\n' | '\(StrataBinary.path)' init --interactive"
        )
        #expect(prompted.status == 0, "\(prompted.stderr)")
        #expect(prompted.stderr.contains("there is no proposed layer 'nothing'"))
        #expect(prompted.stderr.contains("core: Network, Persistence, Radio"))
        let written = try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8)
        #expect(written.contains("  - name: domain\n") && written.contains("  - name: core\n"))

        let quit = try await StrataBinary.run([], in: copy, shell: "printf 'quit\\n' | '\(StrataBinary.path)' init --interactive --force")
        #expect(quit.status == 0)
        #expect(quit.stderr.contains("nothing written"))
        #expect(try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8) == written)
    }

    @Test func openWritesTheProposedLayeringAsTheGraphPage() async throws {
        let (copy, _) = try await Self.issWithoutManifest("strata-init-open")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let result = try await StrataBinary.run(["init", "--yes", "--dry-run", "--open"], in: copy)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: copy + "/.build/strata/init-graph.html", encoding: .utf8)
        #expect(page.contains("<html") && page.contains("level-3") && page.contains("CosmonautService"))
    }

    @Test func aFolderWithNothingToAdoptIsBadInput() async throws {
        let empty = try Fixtures.temporaryFolder("strata-init-empty")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let result = try await StrataBinary.run(["init", "--yes"], in: empty)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: [nothing-to-adopt] found no Package.swift, Xcode project, XcodeGen project.yml, podspec or Podfile"))
        #expect(!FileManager.default.fileExists(atPath: empty + "/strata.yml"))
    }
}
