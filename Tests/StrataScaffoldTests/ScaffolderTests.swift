import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@testable import StrataScaffold

/// `strata new` as a library: what it writes, and what it refuses before writing anything.
@Suite struct ScaffolderTests {
    private static let manifest = """
        # Weather: a small workspace.
        name: Weather
        layers:
          - name: domain
          - name: service
          - name: core   # enablers
        naming: { interface: "{module}Core", app: "{app}App" }
        generate: { umbrella: Everything }
        packages:
          swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }

        modules:
          Network:   { layer: core, interface: true, mocks: true }

          # services
          Forecast:  { layer: service, interface: true, mocks: true, dependencies: [NetworkCore] }

        apps:
          Main: { dependencies: [Forecast, ForecastCore, Network, NetworkCore] }

        """

    private func workspace() async throws -> (TemporaryWorkspace, Workspace) {
        let folder = try TemporaryWorkspace(Self.manifest, label: "strata-scaffold")
        return (folder, try await folder.load())
    }

    private func request(_ name: String, _ layer: String, _ configure: (inout ModuleRequest) -> Void = { _ in }) -> ModuleRequest {
        var request = ModuleRequest(name: name, layer: layer)
        configure(&request)
        return request
    }

    @Test func aServiceModuleIsAddedAfterItsLayerWithItsTargetsAndFiles() async throws {
        let (folder, workspace) = try await workspace()
        let scaffold = try await Scaffolder.module(
            request("Radar", "service") {
                $0.interface = true
                $0.mocks = true
                $0.hostApp = true
                $0.dependencies = ["NetworkCore"]
                $0.packages = ["swift-log/Logging"]
            }, in: workspace)
        #expect(scaffold.targets == ["Radar", "RadarCore", "RadarMocks", "RadarTests", "RadarHost"])
        #expect(
            scaffold.files.map(\.path) == [
                "Sources/Radar/DefaultRadar.swift", "Sources/RadarCore/RadarProtocol.swift", "Sources/RadarMocks/MockRadar.swift",
                "Tests/RadarTests/RadarTests.swift", "Sources/RadarHost/main.swift",
            ])
        #expect(scaffold.files[0].contents.hasPrefix("import RadarCore\nimport NetworkCore\nimport Logging\n"))
        #expect(scaffold.files[4].contents.hasPrefix("import Radar\nimport NetworkMocks\n"))
        #expect(
            scaffold.manifestText
                == Self.manifest.replacingOccurrences(
                    of: "dependencies: [NetworkCore] }\n",
                    with: "dependencies: [NetworkCore] }\n"
                        + "  Radar:     { layer: service, interface: true, mocks: true, dependencies: [NetworkCore], packages: [\"swift-log/Logging\"], host-app: true }\n"))
        // Only the warnings generate gives for this test's workspace, which has no sources at all.
        #expect(scaffold.warnings.allSatisfy { $0.id == "missing-sources" }, "\(scaffold.warnings)")
        #expect(!scaffold.warnings.contains { $0.message.contains("Radar") })
        #expect(Set(scaffold.generation.changes.map(\.path)) == ["Package.swift", "Sources/Everything/main.swift"])

        try scaffold.apply(force: false)
        for file in scaffold.files { #expect(folder.read(file.path) == file.contents) }
        #expect(folder.read("strata.yml") == scaffold.manifestText)
        // The workspace now generates exactly what was written.
        let after = try await folder.load()
        #expect(try WorkspaceGenerator.plan(for: after).changes.isEmpty)
        #expect(after.modules.map(\.name) == ["Network", "Forecast", "Radar"])
    }

    @Test func aModuleWithoutTestsSaysSo() async throws {
        let (folder, workspace) = try await workspace()
        defer { withExtendedLifetime(folder) {} }
        let scaffold = try await Scaffolder.module(request("Clock", "core") { $0.tests = false }, in: workspace)
        #expect(scaffold.targets == ["Clock"])
        #expect(scaffold.manifestText.contains("  Clock:     { layer: core, tests: false }\n"))
    }

    @Test func anAppGetsAMainImportingItsModules() async throws {
        let (folder, workspace) = try await workspace()
        defer { withExtendedLifetime(folder) {} }
        var app = AppRequest(name: "Radar")
        app.dependencies = ["Forecast", "ForecastCore"]
        let scaffold = try await Scaffolder.app(app, in: workspace)
        #expect(scaffold.targets == ["RadarApp"])
        #expect(scaffold.files.map(\.path) == ["Sources/RadarApp/main.swift"])
        #expect(scaffold.files[0].contents.hasPrefix("import Forecast\nimport ForecastCore\n\n// RadarApp, the Radar app"))
        #expect(scaffold.manifestText.contains("  Main: { dependencies: [Forecast, ForecastCore, Network, NetworkCore] }\n  Radar: { dependencies: [Forecast, ForecastCore] }\n"))
    }

    /// Each bad request: its error id, and the tree exactly as it was.
    @Test(arguments: [
        ("9lives", "core", [String](), "invalid-name"),
        ("Forecast", "service", [], "duplicate-target"),
        ("ForecastCore", "core", [], "duplicate-target"),
        ("MainApp", "core", [], "duplicate-target"),
        ("Everything", "core", [], "duplicate-target"),
        ("Logging", "core", [], "duplicate-target"),
        ("network", "core", [], "duplicate-target"),
        ("Radar", "servce", [], "unknown-layer"),
        ("Radar", "service", ["NetworkCor"], "unknown-dependency"),
        ("Radar", "service", ["ForecastTests"], "invalid-dependency"),
        ("Radar", "service", ["MainApp"], "invalid-dependency"),
        ("Radar", "core", ["ForecastCore"], "layer-direction"),
        ("Radar", "service", ["Forecast"], "same-layer"),
    ])
    func aBadRequestIsRefusedAndNothingIsWritten(name: String, layer: String, dependencies: [String], id: String) async throws {
        let (folder, workspace) = try await workspace()
        // swift-log/Logging is a product in use, so a module named Logging would clash with it.
        try folder.write("strata.yml", Self.manifest.replacingOccurrences(of: "{ layer: core, interface: true, mocks: true }", with: "{ layer: core, interface: true, mocks: true, packages: [swift-log/Logging] }"))
        let before = folder.snapshot()
        let error = try await #require(throws: InputErrors.self) {
            let workspace = name == "Logging" ? try await folder.load() : workspace
            _ = try await Scaffolder.module(self.request(name, layer) { $0.dependencies = dependencies }, in: workspace)
        }
        #expect(error.diagnostics.map(\.id).contains(id), "\(error.diagnostics)")
        #expect(error.diagnostics.allSatisfy { $0.severity == .error })
        #expect(folder.snapshot() == before)
    }

    @Test func anExistingTargetFolderIsNeverWrittenInto() async throws {
        let (folder, workspace) = try await workspace()
        try folder.write("Tests/RadarTests/Old.swift", "// someone's file\n")
        let before = folder.snapshot()
        let error = try await #require(throws: InputErrors.self) {
            _ = try await Scaffolder.module(self.request("Radar", "core"), in: workspace)
        }
        #expect(error.diagnostics.map(\.id) == ["target-folder-exists"])
        #expect(error.diagnostics[0].message == "'Tests/RadarTests' already exists")
        #expect(folder.snapshot() == before)
    }

    @Test func aFailedWriteChangesNothing() async throws {
        let (folder, workspace) = try await workspace()
        // 'Sources' is a file, so no target folder can be made in it.
        try folder.write("Sources", "not a folder\n")
        let before = folder.snapshot()
        let scaffold = try await Scaffolder.module(request("Radar", "core"), in: workspace)
        let error = try #require(throws: InputErrors.self) { try scaffold.apply(force: false) }
        #expect(error.diagnostics.map(\.id) == ["write-failed"])
        #expect(folder.snapshot() == before)
    }

    @Test func aGeneratedFileEditedByHandStopsTheRunUnlessForced() async throws {
        let (folder, workspace) = try await workspace()
        try WorkspaceGenerator.plan(for: workspace).apply(force: false)
        try folder.write("Package.swift", folder.read("Package.swift")! + "// mine\n")
        let before = folder.snapshot()
        let scaffold = try await Scaffolder.module(request("Radar", "core"), in: try await folder.load())
        let error = try #require(throws: InputErrors.self) { try scaffold.apply(force: false) }
        #expect(error.diagnostics.map(\.id) == ["generated-file-edited"])
        #expect(folder.snapshot() == before)
        try scaffold.apply(force: true)
        #expect(folder.exists("Sources/Radar/DefaultRadar.swift"))
    }

    @Test func anAdoptModeWorkspaceIsRefused() async throws {
        let workspace = try await WorkspaceLoader().load(path: Fixtures.repositoryRoot).workspace
        let error = try await #require(throws: InputErrors.self) {
            _ = try await Scaffolder.module(self.request("Radar", "engine"), in: workspace)
        }
        #expect(error.diagnostics.map(\.id) == ["adopt-mode"])
    }

    @Test func aNewWarningIsPassedOnButDoesNotStopTheRun() async throws {
        let (folder, workspace) = try await workspace()
        defer { withExtendedLifetime(folder) {} }
        // Depending on a module's implementation when it has an interface: prefer-interface warns.
        let scaffold = try await Scaffolder.module(request("Radar", "service") { $0.dependencies = ["Network"] }, in: workspace)
        let findings = scaffold.warnings.filter { $0.id != "missing-sources" }
        #expect(findings.map(\.id) == ["prefer-interface"])
        #expect(findings.allSatisfy { $0.location == nil })
    }
}
