import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataManifest
import StrataPackageIdentity
import StrataWorkspaceTestSupport
import Testing

/// A workspace distributed through the registry: four modules in three layers, one external
/// package with a registry identity, and an app.
private let registryManifest = """
    name: Station
    layers: [feature, core, shared]
    naming: { interface: "{module}Core" }
    generate: { distribution: registry }
    registry: { url: https://registry.example, scopes: { feature: st-feature, core: st-core, shared: st-shared } }
    packages:
      swift-log: { url: https://github.com/apple/swift-log, id: apple.swift-log, from: 1.5.0 }
    modules:
      Logging: { layer: shared, packages: [swift-log/Logging] }
      Network: { layer: core, interface: true, dependencies: [Logging] }
      Radio: { layer: core, dependencies: [Logging] }
      Crew: { layer: feature, dependencies: [NetworkCore, Radio, Logging] }
    apps:
      Board: { dependencies: [Crew, Network] }
    """

private let registryVersions = """
    modules:
      Logging: { version: 1.4.0 }
      Network: { version: 2.1.0, requires: { Logging: 1.2.0 } }
      Radio: { version: 0.3.1, requires: { Logging: 1.4.0 } }
    """

@Suite struct RegistryDistributionTests {
    private func files(_ workspace: TemporaryWorkspace, options: GenerationOptions? = nil) async throws -> [String: String] {
        let loaded = try await workspace.load()
        return Dictionary(uniqueKeysWithValues: try WorkspaceGenerator.files(for: loaded, options: options).map { ($0.path, $0.contents) })
    }

    @Test func registryModulesAreDependedOnByIdentityAtTheVersionEachDependentRequires() async throws {
        let workspace = try TemporaryWorkspace(registryManifest)
        try workspace.write(VersionRecord.fileName, registryVersions)
        let files = try await files(workspace)
        // The registry distribution implies one package per module.
        #expect(
            files.keys.sorted().filter { $0.hasSuffix("Package.swift") } == [
                "Package.swift", "Packages/Crew/Package.swift", "Packages/Logging/Package.swift", "Packages/Network/Package.swift",
                "Packages/Radio/Package.swift",
            ])
        let network = try #require(files["Packages/Network/Package.swift"])
        // Its own requirement (1.2.0), not Logging's newest release; an external package by its identity.
        #expect(network.contains(#".package(id: "st-shared.Logging", from: "1.2.0"),"#))
        let logging = try #require(files["Packages/Logging/Package.swift"])
        #expect(logging.contains(#".package(id: "apple.swift-log", from: "1.5.0"),"#))
        #expect(logging.contains(#".product(name: "Logging", package: "apple.swift-log")"#))
        // Below 1.0.0 every minor may break: the requirement stops at the next minor.
        let crew = try #require(files["Packages/Crew/Package.swift"])
        #expect(crew.contains(#".package(id: "st-core.Radio", "0.3.1"..<"0.4.0"),"#))
        #expect(crew.contains(#".package(id: "st-core.Network", from: "2.1.0"),"#))
        #expect(crew.contains(#".product(name: "NetworkCore", package: "st-core.Network")"#))
        // With no requirement of its own, a dependent requires the dependency's release.
        #expect(crew.contains(#".package(id: "st-shared.Logging", from: "1.4.0"),"#))
        // The root package (the app) uses released modules by identity too.
        let root = try #require(files["Package.swift"])
        #expect(root.contains(#".package(id: "st-core.Network", from: "2.1.0"),"#))
    }

    @Test func aModuleWithoutAReleaseComesFromItsFolderAndGenerateSaysSo() async throws {
        let workspace = try TemporaryWorkspace(registryManifest)
        try workspace.write(VersionRecord.fileName, registryVersions)
        let files = try await files(workspace)
        // Crew has no release: the app gets it from its folder.
        #expect(try #require(files["Package.swift"]).contains(#".package(path: "Packages/Crew"),"#))
        let plan = try await workspace.plan()
        let warning = try #require(plan.warnings.first { $0.id == "unreleased-module" })
        #expect(
            warning.message == "module 'Crew' is distributed through the registry but has no release yet; packages that use it get it from its folder"
        )
        #expect(warning.hint == "strata release Crew")
        #expect(warning.location?.line == 12)
    }

    @Test func localDevelopmentTakesAModuleAndTheRegistryModulesThatUseItFromTheirFolders() async throws {
        let workspace = try TemporaryWorkspace(registryManifest)
        try workspace.write(VersionRecord.fileName, registryVersions)
        let loaded = try await workspace.load()
        var options = try GenerationOptions.current(for: loaded)
        #expect(options.local.isEmpty)
        options.addLocal(["Logging"], in: loaded)
        // Network and Radio use Logging: SwiftPM cannot mix their releases with Logging from its folder.
        #expect(options.local == ["Logging", "Network", "Radio", "Crew"])
        try WorkspaceGenerator.plan(for: loaded, options: options).apply(force: false)
        let network = try #require(workspace.read("Packages/Network/Package.swift"))
        #expect(network.contains(#".package(path: "../Logging"),"#))
        #expect(network.contains("// strata-local: Logging (from their folders for local development"))
        #expect(GeneratedFile.provenance(of: network) == .generated)
        #expect(try #require(workspace.read("Package.swift")).contains(#".package(path: "Packages/Network"),"#))

        // A later run (and --check) keeps local development on: the files say which modules.
        let current = try GenerationOptions.current(for: try await workspace.load())
        #expect(current.local == ["Logging", "Network", "Radio", "Crew"])
        #expect(try await workspace.plan().changes.isEmpty)
        // Switching back to the registry changes the files that used folders.
        var registry = current
        registry.local = []
        let back = try WorkspaceGenerator.plan(for: try await workspace.load(), options: registry)
        #expect(
            back.changes.map(\.path).sorted() == [
                "Package.swift", "Packages/Crew/Package.swift", "Packages/Network/Package.swift", "Packages/Radio/Package.swift",
            ])
        try back.apply(force: false)
        #expect(try #require(workspace.read("Packages/Network/Package.swift")).contains(#".package(id: "st-shared.Logging", from: "1.2.0"),"#))
        #expect(try GenerationOptions.current(for: try await workspace.load()).local.isEmpty)
    }

    @Test func aRegistryModuleCannotUseAModuleThatComesFromItsFolder() async throws {
        let workspace = try TemporaryWorkspace(
            registryManifest.replacingOccurrences(
                of: "Radio: { layer: core, dependencies: [Logging] }", with: "Radio: { layer: core, dependencies: [Logging], distribution: path }"))
        let errors = try await collectErrors { try WorkspaceGenerator.files(for: try await workspace.load()) }
        #expect(errors.map(\.id) == ["unpublishable-dependency"])
        #expect(errors.first?.message == "module 'Crew' is distributed through the registry but uses 'Radio', which comes from its folder")
        #expect(errors.first?.location?.line == 12)
    }

    @Test func theRegistryDistributionNeedsAPackagePerModuleAndAScopePerLayer() async throws {
        let single = await InlineWorkspace.inputErrors(
            "layers: [core]\ngenerate: { layout: single }\nregistry: { url: https://r.example, scopes: { core: c } }\nmodules:\n  A: { layer: core, distribution: registry }\n"
        )
        #expect(single.map(\.id) == ["invalid-value"])
        #expect(single.first?.message == "module 'A' is distributed through the registry, which needs a package per module")
        #expect(single.first?.location.map { ($0.line, $0.column) } ?? (0, 0) == (5, 35))
        #expect(single.first?.hint == "set 'generate.layout: packages'")

        let noScope = await InlineWorkspace.inputErrors(
            "layers: [core, shared]\ngenerate: { distribution: registry }\nregistry: { url: https://r.example, scopes: { core: c } }\nmodules:\n  A: { layer: core }\n  B: { layer: shared }\n  C: { layer: shared }\n"
        )
        #expect(noScope.map(\.id) == ["missing-scope"])  // once per layer
        #expect(noScope.first?.message == "module 'B' is distributed through the registry, but its layer 'shared' has no registry scope")
        #expect(noScope.first?.hint == "add 'shared: <scope>' under 'registry.scopes'")

        let typo = await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n  A: { layer: core, distribution: registy }\n")
        #expect(typo.map(\.id) == ["invalid-value"])
        #expect(typo.first?.hint == "did you mean 'registry'?")
    }

    @Test func theVersionRecordIsReadWithPositionsAndWrittenOneLinePerModule() throws {
        let path = "/w/" + VersionRecord.fileName
        let record = try VersionRecord.parse(data: Data(registryVersions.utf8), path: path)
        #expect(record.entries["Network"]?.version == SemanticVersion("2.1.0"))
        #expect(record.requirement(of: "Logging", by: "Network") == SemanticVersion("1.2.0"))
        #expect(record.requirement(of: "Logging", by: "Crew") == SemanticVersion("1.4.0"))
        #expect(record.requirement(of: "Crew", by: "Board") == nil)
        let text = record.rendered(order: ["Logging", "Network", "Radio", "Crew"])
        #expect(
            text.hasSuffix(
                """
                modules:
                  Logging: { version: 1.4.0 }
                  Network: { version: 2.1.0, requires: { Logging: 1.2.0 } }
                  Radio: { version: 0.3.1, requires: { Logging: 1.4.0 } }

                """))
        var reread = try VersionRecord.parse(data: Data(text.utf8), path: path)
        for name in reread.entries.keys { reread.entries[name]?.location = nil }
        var original = record
        for name in original.entries.keys { original.entries[name]?.location = nil }
        #expect(reread == original)

        let broken = collectErrors { () throws(InputErrors) in
            _ = try VersionRecord.parse(
                data: Data("modules:\n  Network: { version: 2.1, requires: { Logging: one } }\n  Radio: {}\n".utf8), path: path)
        }
        #expect(broken.map(\.id) == ["invalid-value", "invalid-value", "missing-key"])
        #expect(broken.first.flatMap(\.location).map { ($0.line, $0.column) } ?? (0, 0) == (2, 23))
        #expect(broken.first?.message == "'2.1' is not a semantic version (the version of 'Network')")

        let stale = collectErrors { () throws(InputErrors) in
            try VersionRecord.parse(data: Data("modules:\n  Netwrk: { version: 1.0.0 }\n".utf8), path: path).check(modules: ["Network", "Radio"])
        }
        #expect(stale.map(\.id) == ["unknown-module"])
        #expect(stale.first?.hint == "did you mean 'Network'?")
    }

    @Test func acceptedVersionsFollowSwiftPMAboveOneAndTheMinorBelow() throws {
        func v(_ text: String) -> SemanticVersion { SemanticVersion(text)! }
        #expect(v("1.2.0").accepts(v("1.9.3")) && !v("1.2.0").accepts(v("2.0.0")) && !v("1.2.0").accepts(v("1.1.9")))
        #expect(v("0.3.1").accepts(v("0.3.7")) && !v("0.3.1").accepts(v("0.4.0")))
        #expect(!v("1.2.0").accepts(v("1.3.0-beta.1")))
        #expect(v("1.4.2").nextBreaking == v("2.0.0") && v("0.4.1").nextBreaking == v("0.5.0"))
    }
}

/// The input errors `body` throws (none if it does not).
private func collectErrors(_ body: () throws(InputErrors) -> Void) -> [Diagnostic] {
    do throws(InputErrors) {
        try body()
        return []
    } catch {
        return error.diagnostics
    }
}

private func collectErrors<T>(_ body: () async throws -> T) async throws -> [Diagnostic] {
    do {
        _ = try await body()
        return []
    } catch let error as InputErrors {
        return error.diagnostics
    }
}
