import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataManifest
import StrataWorkspaceTestSupport
import Testing

/// Registry identities in generated packages: external packages that come only from a registry,
/// and a module's package as `strata publish` sends it, depending on the other modules through
/// their registry identities. SwiftPM is the oracle: `swift package dump-package` must read the
/// published manifest and see registry dependencies.
@Suite struct PublishedPackageTests {
    /// The small workspace with a registry-only package (Yams) used by Clock, and the runtime
    /// from a folder with a registry identity, used by Storage.
    let manifest =
        smallManifest
        .replacingOccurrences(
            of: "\n  swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }\n",
            with: """

                  swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
                  Yams: { id: jpsim.Yams, from: 5.0.0 }
                  Runtime: { path: Vendor/Runtime, id: strata.Runtime, from: 1.1.0 }

                """
        )
        .replacingOccurrences(of: "Clock: { layer: core, tests: false }", with: "Clock: { layer: core, tests: false, packages: [Yams/Yams] }")
        .replacingOccurrences(of: "packages: [swift-log/Logging] }", with: "packages: [swift-log/Logging, Runtime/RuntimeKit] }")

    let references = RegistryReferences(
        identities: ["Profile": "feature.Profile", "Storage": "core.Storage", "Clock": "core.Clock"],
        versions: ["Profile": "2.0.0", "Storage": "1.4.2", "Clock": "1.0.0"])

    @Test func aRegistryOnlyPackageIsDeclaredByItsIdentity() async throws {
        let workspace = try TemporaryWorkspace(manifest)
        let files = try WorkspaceGenerator.files(for: try await workspace.load())
        let package = try #require(files.first { $0.path == "Package.swift" }?.contents)
        #expect(package.contains(#".package(id: "jpsim.Yams", from: "5.0.0"),"#))
        #expect(package.contains(#".product(name: "Yams", package: "jpsim.Yams")"#))
        // Locally the runtime stays a folder; its identity is for published packages.
        #expect(package.contains(#".package(path: "Vendor/Runtime"),"#))
        #expect(package.contains(#".product(name: "RuntimeKit", package: "Runtime")"#))
    }

    @Test func aRegistryPackageKeyIsTheNameInItsIdentity() async throws {
        let workspace = try TemporaryWorkspace(
            manifest.replacingOccurrences(of: "Yams: { id: jpsim.Yams", with: "YAML: { id: jpsim.Yams").replacingOccurrences(
                of: "[Yams/Yams]", with: "[YAML/Yams]"))
        do {
            _ = try WorkspaceGenerator.files(for: try await workspace.load())
            Issue.record("the key must be Yams")
        } catch let error as InputErrors {
            #expect(error.diagnostics.map(\.message) == ["package 'YAML' comes from 'jpsim.Yams', which SwiftPM calls 'Yams'"])
        }
    }

    @Test func xcodeGenProjectsCannotDeclareARegistryOnlyPackage() async throws {
        let workspace = try TemporaryWorkspace(manifest + "\ngenerate: { xcodegen: { platform: iOS } }\n")
        do {
            _ = try WorkspaceGenerator.files(for: try await workspace.load())
            Issue.record("XcodeGen has no registry packages")
        } catch let error as InputErrors {
            #expect(error.diagnostics.map(\.message) == ["package 'Yams' comes only from a registry, which XcodeGen projects cannot declare"])
        }
    }

    @Test(arguments: [GenerateSettings.Layout.single, .packages])
    func aPublishedModuleDependsOnTheOthersThroughTheirRegistryIdentities(layout: GenerateSettings.Layout) async throws {
        let workspace = try TemporaryWorkspace(manifest + "\ngenerate: { layout: \(layout.rawValue) }\n")
        let loaded = try await workspace.load()
        let profile = try PublishedPackage.make(module: "Profile", in: loaded, registry: references)
        #expect(profile.name == "Profile")
        #expect(profile.manifest.contains(#".package(id: "core.Storage", from: "1.4.2"),"#))
        #expect(profile.manifest.contains(#".product(name: "StorageCore", package: "core.Storage")"#))
        #expect(profile.manifest.contains(#".product(name: "StorageMocks", package: "core.Storage")"#))
        #expect(!profile.manifest.contains("path:"))
        let folder = layout == .packages ? "/Packages/Profile" : ""
        #expect(
            profile.folders.map(\.destination) == ["Sources/ProfileCore", "Sources/Profile", "Sources/ProfileMocks", "Tests/ProfileTests"])
        #expect(profile.folders.map(\.source) == profile.folders.map { workspace.root + folder + "/" + $0.destination })
        #expect(PublishedPackage.uses(in: loaded)["Profile"]?.modules == ["Storage"])

        // External packages: by registry identity when they have one, else by URL.
        let storage = try PublishedPackage.make(module: "Storage", in: loaded, registry: references)
        #expect(storage.manifest.contains(#".package(url: "https://github.com/apple/swift-log", from: "1.5.0"),"#))
        #expect(storage.manifest.contains(#".package(id: "strata.Runtime", from: "1.1.0"),"#))
        #expect(storage.manifest.contains(#".product(name: "RuntimeKit", package: "strata.Runtime")"#))
        #expect(PublishedPackage.uses(in: loaded)["Storage"]?.modules.isEmpty == true)

        // SwiftPM reads the published manifest and sees registry dependencies.
        let package = workspace.root + "/published/Profile"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try profile.manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        let dump = try await ProcessRunner.run("swift", ["package", "--package-path", package, "dump-package"], in: workspace.root)
        try #require(dump.status == 0, "\(dump.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let dependencies = try #require(document["dependencies"] as? [[String: Any]])
        let registry = dependencies.compactMap { ($0["registry"] as? [[String: Any]])?.first?["identity"] as? String }
        #expect(registry == ["core.Storage"])
    }

    @Test func aPublishedPackageCannotReachAFolderOrAnUnpublishedModule() async throws {
        let workspace = try TemporaryWorkspace(
            manifest.replacingOccurrences(
                of: "Runtime: { path: Vendor/Runtime, id: strata.Runtime, from: 1.1.0 }", with: "Runtime: { path: Vendor/Runtime }"))
        let loaded = try await workspace.load()
        let folder = problems { () throws(InputErrors) in _ = try PublishedPackage.make(module: "Storage", in: loaded, registry: references) }
        #expect(folder.map(\.id) == ["unpublishable-dependency"])
        #expect(
            folder.first?.message == "'Storage' uses package 'Runtime' from the folder 'Vendor/Runtime', which a package in a registry cannot reach")
        let unpublished = problems { () throws(InputErrors) in
            _ = try PublishedPackage.make(module: "Profile", in: loaded, registry: RegistryReferences(identities: [:], versions: [:]))
        }
        #expect(unpublished.map(\.message) == ["'Profile' depends on module 'Storage', which has no registry identity and version"])
    }

    /// The diagnostics `body` throws; none if it succeeds.
    private func problems(_ body: () throws(InputErrors) -> Void) -> [Diagnostic] {
        do {
            try body()
            return []
        } catch {
            return error.diagnostics
        }
    }
}
