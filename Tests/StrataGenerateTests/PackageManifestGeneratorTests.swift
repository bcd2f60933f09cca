import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataManifest
import StrataProjectFormat
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// The order a single-layout Package.swift declares targets in: each module's interface,
/// implementation, mocks and tests, in strata.yml's order, then the apps.
enum PackageManifestGeneratorOrder {
    static func targets(of workspace: Workspace) -> [String] {
        let modules = workspace.modules.flatMap { module in
            [TargetRole.interface, .implementation, .mocks, .tests].compactMap { module.targets[$0] }
        }
        let apps = workspace.targets.indices.filter { workspace.targets[$0].role == .app }
        return (modules + apps).map { workspace.targets[$0].name }
    }
}

/// SwiftPM is the oracle for the generated Package.swift files: read back as an adopt-mode
/// workspace — by `swift package dump-package` and by Strata's static reader — they must give
/// exactly the graph strata.yml describes: the same targets, the same edges.
@Suite struct PackageManifestGeneratorTests {
    /// Every edge of a workspace as "from -> to", with targets by name.
    private func edges(_ workspace: Workspace) -> Set<String> {
        var edges = Set<String>()
        for (from, list) in workspace.dependencies.withIDs {
            for edge in list { edges.insert("\(workspace.targets[from].name) -> \(workspace.targets[edge.target].name)") }
        }
        return edges
    }

    /// The generated packages read as an adopt-mode workspace, with layer patterns listing the modules.
    private func readBack(
        _ workspace: TemporaryWorkspace, generated: Workspace, reading: WorkspaceLoader.PackageReading, packages: String = #"".", "Packages/*""#
    ) async throws -> Workspace {
        let layers = generated.layers.withIDs.map { index, layer in
            let modules = generated.modules.filter { $0.layer == index }.map(\.name)
            return "  - { name: \(layer.name), patterns: [\(modules.joined(separator: ", "))] }"
        }
        let naming = generated.manifest.naming
        let adopt = """
            layers:
            \(layers.joined(separator: "\n"))
            naming: { interface: "\(naming.interface)", mocks: "\(naming.mocks)", tests: "\(naming.tests)" }
            adopt: { packages: [\(packages)] }
            """
        try workspace.write("adopt.yml", adopt)
        let manifest = try ManifestLoader.load(path: workspace.root + "/adopt.yml")
        return try await WorkspaceLoader(packageReading: reading).load(manifest: manifest).workspace
    }

    @Test(arguments: ["single", "packages"])
    func swiftPMReadsBackTheGraphOfStrataYml(layout: String) async throws {
        let manifest = smallManifest.replacingOccurrences(of: "dependencies: [StorageCore] }", with: "dependencies: [StorageCore], host-app: true }")
        let workspace = try TemporaryWorkspace(
            manifest + "\ngenerate: { layout: \(layout), umbrella: SmallFramework, platforms: { macOS: \"14\" } }\n")
        let generated = try await workspace.load()
        try await workspace.generate()
        for reading in [WorkspaceLoader.PackageReading.dumpPackage, .automatic] {
            let read = try await readBack(workspace, generated: generated, reading: reading)
            #expect(Set(read.targets.map(\.name)) == Set(generated.targets.map(\.name)), "\(reading)")
            #expect(edges(read) == edges(generated), "\(reading): \(edges(read).symmetricDifference(edges(generated)))")
            #expect(read.targets.filter { $0.role == .app }.map(\.name).sorted() == ["Demo", "ProfileHost", "SmallFramework"])
        }
    }

    /// A package of hundreds of targets renders its declarations on all cores, in chunks: read
    /// back, it is still every target in strata.yml's order with exactly its edges.
    @Test func aLargeSinglePackageReadsBackInOrder() async throws {
        var manifest = "layers: [feature, core]\nmodules:\n  Base: { layer: core, interface: true, mocks: true }\n"
        for index in 0..<200 {
            manifest +=
                "  M\(index): { layer: feature, interface: true, dependencies: [BaseInterface\(index > 0 ? ", M\(index - 1)Interface" : "")] }\n"
        }
        let workspace = try TemporaryWorkspace(manifest)
        let generated = try await workspace.load()
        #expect(generated.targets.count > 600)
        try await workspace.generate()
        let read = try await readBack(workspace, generated: generated, reading: .automatic)
        let order = { (w: Workspace) in w.targets.filter { $0.role != .external }.map(\.name) }
        // Each declaration's name: `.target(name: "X", …` on one line, or `name: "X",` on the
        // line after a lone `.target(`.
        let lines = try String(contentsOfFile: workspace.root + "/Package.swift", encoding: .utf8).split(separator: "\n")
        var declared: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard [".target(", ".testTarget(", ".executableTarget("].contains(where: { trimmed.hasPrefix($0) }) else { continue }
            let holder = trimmed.hasSuffix("(") ? lines[index + 1] : line
            guard let start = holder.range(of: "name: \"") else { continue }
            declared.append(String(holder[start.upperBound...].prefix { $0 != "\"" }))
        }
        #expect(declared == PackageManifestGeneratorOrder.targets(of: generated))
        #expect(Set(order(read)) == Set(order(generated)))
        #expect(edges(read) == edges(generated), "\(edges(read).symmetricDifference(edges(generated)))")
    }

    @Test func theReferenceWorkspaceReadsBackAsItsStrataYml() async throws {
        let iss = try await WorkspaceLoader().load(path: Fixtures.repositoryRoot + "/Examples/ISS").workspace
        let files = try WorkspaceGenerator.files(for: iss)
        let package = try #require(files.first { $0.path == "Package.swift" })
        #expect(FileManager.default.contents(atPath: iss.root + "/Package.swift").map { String(decoding: $0, as: UTF8.self) } == package.contents)
    }

    @Test func theSingleLayoutDeclaresLibrariesByLinkageAndOneRequirementPerPackage() async throws {
        let workspace = try TemporaryWorkspace(
            smallManifest.replacingOccurrences(
                of: "Clock: { layer: core, tests: false }", with: "Clock: { layer: core, tests: false, linkage: dynamic }"))
        let package = try #require(try WorkspaceGenerator.files(for: try await workspace.load()).first { $0.path == "Package.swift" }?.contents)
        #expect(package.contains(#".library(name: "Clock", type: .dynamic, targets: ["Clock"]),"#))
        #expect(package.contains(#".library(name: "Storage", type: .static, targets: ["Storage"]),"#))
        #expect(package.contains(#".library(name: "StorageCore", targets: ["StorageCore"]),"#))
        #expect(package.contains(#".executable(name: "Demo", targets: ["Demo"]),"#))
        #expect(package.components(separatedBy: ".package(url:").count == 2)
        #expect(package.contains(#".target(name: "Storage", dependencies: ["StorageCore", .product(name: "Logging", package: "swift-log")]),"#))
        // Tests depend on their module, its interface and mocks, and the mocks of what it uses.
        #expect(package.contains(#".testTarget(name: "ProfileTests", dependencies: ["Profile", "ProfileCore", "ProfileMocks", "StorageMocks"]),"#))
        #expect(!package.contains("ClockTests"))
    }

    @Test func theUmbrellaDependsOnTheModulesNothingElseLinks() async throws {
        let workspace = try TemporaryWorkspace(smallManifest + "\ngenerate: { umbrella: SmallFramework }\n")
        let loaded = try await workspace.load()
        let umbrella = try #require(loaded.targets.firstIndex { $0.name == "SmallFramework" })
        // Profile links only StorageCore, so Storage itself must come from the umbrella.
        #expect(loaded.dependencies[umbrella].map { loaded.targets[$0.target].name }.sorted() == ["Clock", "Profile", "Storage"])
        let main = try #require(try WorkspaceGenerator.files(for: loaded).first { $0.path == "Sources/SmallFramework/main.swift" }?.contents)
        #expect(main.contains("import Clock\nimport Profile\nimport Storage\n"))
    }

    @Test func aHostAppRunsItsModuleAgainstTheMocksOfWhatItUses() async throws {
        let workspace = try TemporaryWorkspace(
            smallManifest.replacingOccurrences(of: "dependencies: [StorageCore] }", with: "dependencies: [StorageCore], host-app: true }")
                + "\ngenerate: { layout: packages }\n")
        let loaded = try await workspace.load()
        let host = try #require(loaded.targets.firstIndex { $0.name == "ProfileHost" })
        #expect(loaded.targets[host].role == .app && loaded.targets[host].isTestHost)
        #expect(loaded.dependencies[host].map { loaded.targets[$0.target].name }.sorted() == ["Profile", "ProfileCore", "StorageMocks"])
        #expect(loaded.targets[host].sources?.directory == workspace.root + "/Sources/ProfileHost")
        let root = try #require(try WorkspaceGenerator.files(for: loaded).first { $0.path == "Package.swift" }?.contents)
        #expect(root.contains(#".executable(name: "ProfileHost", targets: ["ProfileHost"]),"#))
        #expect(root.contains(#".product(name: "StorageMocks", package: "Storage")"#))
        // SwiftPM needs its sources; generate says so until they exist.
        let plan = try WorkspaceGenerator.plan(for: loaded)
        #expect(
            plan.warnings.contains {
                $0.id == "missing-sources" && $0.message.hasPrefix("target 'ProfileHost' has no source folder 'Sources/ProfileHost'")
            })
        #expect(
            await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n  A: { layer: core, host-app: yes please }\n").map(\.id) == ["wrong-type"])
    }

    @Test func aPackageKeyMustBeTheIdentitySwiftPMGivesIt() async throws {
        let workspace = try TemporaryWorkspace(
            smallManifest.replacingOccurrences(of: "swift-log:", with: "log:").replacingOccurrences(of: "swift-log/Logging", with: "log/Logging"))
        do {
            _ = try WorkspaceGenerator.files(for: try await workspace.load())
            Issue.record("the key 'log' cannot name swift-log")
        } catch let error as InputErrors {
            #expect(error.diagnostics.map(\.id) == ["package-identity"])
            #expect(
                error.diagnostics.first?.message == "package 'log' comes from 'https://github.com/apple/swift-log', which SwiftPM calls 'swift-log'")
        }
    }

    @Test func adoptModeWorkspacesAreNotGenerated() async throws {
        let workspace = try TemporaryWorkspace("layers: [{ name: all, patterns: [\"*\"] }]\nadopt: {}\n")
        try workspace.write(
            "Package.swift",
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        await #expect(throws: InputErrors.self) { _ = try WorkspaceGenerator.files(for: try await workspace.load()) }
    }

    @Test func aModulePathOutsideItsPackageIsAnInputError() async throws {
        let errors = await InlineWorkspace.inputErrors(
            "layers: [core]\ngenerate: { layout: packages }\nmodules:\n  Clock: { layer: core, path: Sources/Clock }\n")
        #expect(errors.map(\.id) == ["invalid-value"])
        #expect(errors.first?.message.contains("outside its package folder 'Packages/Clock'") == true)
    }

    /// `package-folder:` puts a module's package where its sources already are (a pod's folder):
    /// the packages refer to each other from there, and SwiftPM reads them back to the same graph.
    @Test func aPackageFolderOfItsOwnHoldsTheModulesPackage() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [feature, core]
            generate: { layout: packages }
            modules:
              CoreKit: { layer: core, package-folder: ./Pods/CoreKit/, path: Pods/CoreKit/Sources, tests: false }
              Profile: { layer: feature, package-folder: Pods/Profile, path: Pods/Profile/Code, dependencies: [CoreKit], tests: false }
              Radio: { layer: feature, dependencies: [CoreKit], tests: false }
            """)
        try workspace.write("Pods/CoreKit/Sources/Core.swift", "public enum Core {}\n")
        try workspace.write("Pods/Profile/Code/Profile.swift", "import CoreKit\n")
        try workspace.write("Packages/Radio/Sources/Radio/Radio.swift", "import CoreKit\n")
        let loaded = try await workspace.load()
        try await workspace.generate()
        let profile = try String(contentsOfFile: workspace.root + "/Pods/Profile/Package.swift", encoding: .utf8)
        #expect(profile.contains(#".package(path: "../CoreKit"),"#) && profile.contains(#"path: "Code")"#), "\(profile)")
        let radio = try String(contentsOfFile: workspace.root + "/Packages/Radio/Package.swift", encoding: .utf8)
        #expect(radio.contains(#".package(path: "../../Pods/CoreKit"),"#), "\(radio)")
        #expect(FileManager.default.fileExists(atPath: workspace.root + "/Pods/CoreKit/Package.swift"))
        for reading in [WorkspaceLoader.PackageReading.dumpPackage, .automatic] {
            let read = try await readBack(workspace, generated: loaded, reading: reading, packages: #""Pods/*", "Packages/*""#)
            #expect(edges(read) == edges(loaded), "\(reading): \(edges(read).symmetricDifference(edges(loaded)))")
        }
    }

    @Test func aPackageFolderOutsideTheWorkspaceOrAnotherModulesIsAnInputError() async {
        let single = await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n  A: { layer: core, package-folder: Pods/A }\n")
        #expect(single.map(\.message) == ["module 'A' has a 'package-folder', but the layout puts every module in the root package"])
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            generate: { layout: packages }
            modules:
              A: { layer: core, package-folder: ../A }
              B: { layer: core, package-folder: Pods/B }
              C: { layer: core, package-folder: Pods/B/C }
              D: { layer: core, package-folder: Packages/E }
              E: { layer: core }
            """)
        #expect(
            errors.map(\.message) == [
                "the package folder '../A' of module 'A' is not inside the workspace",
                "the package folders of modules 'B' and 'C' overlap ('Pods/B', 'Pods/B/C')",
                "the package folders of modules 'D' and 'E' overlap ('Packages/E', 'Packages/E')",
            ])
        #expect(errors.map { $0.location?.line ?? 0 } == [4, 6, 8])
    }

    /// A module whose folder holds more than its sources (a pod's folder, moved by `strata
    /// migrate`): `sources`, `exclude`, `resources`, system links and the language mode reach its
    /// Package.swift declaration, and SwiftPM reads that declaration back.
    @Test func targetFilesAndSettingsReachTheDeclaration() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [core]
            modules:
              Profile:
                layer: core
                path: Pods/Profile
                sources: [Sources]
                exclude: [Profile.podspec]
                resources: [Assets]
                frameworks: [{ name: UIKit, platforms: [iOS, tvOS] }]
                libraries: [m]
                swift-language-mode: 5
                tests: { path: Pods/Profile/Tests, resources: [Fixtures] }
            """)
        try workspace.write("Pods/Profile/Sources/Profile.swift", "public struct Profile {}\n")
        try workspace.write("Pods/Profile/Legacy/Old.swift", "import Missing\n")
        try workspace.write("Pods/Profile/Assets/logo.txt", "logo\n")
        try workspace.write("Pods/Profile/Profile.podspec", "Pod::Spec.new do |s|\nend\n")
        try workspace.write("Pods/Profile/Tests/ProfileTests.swift", "import Profile\n")
        try workspace.write("Pods/Profile/Tests/Fixtures/a.json", "{}\n")
        let loaded = try await workspace.load()
        let profile = try #require(loaded.targets.first { $0.name == "Profile" }?.sources)
        #expect(profile.only == [workspace.root + "/Pods/Profile/Sources"])
        #expect(profile.excluded == [workspace.root + "/Pods/Profile/Profile.podspec", workspace.root + "/Pods/Profile/Assets"])
        #expect(loaded.targets.first { $0.name == "ProfileTests" }?.sources?.directory == workspace.root + "/Pods/Profile/Tests")

        try await workspace.generate()
        let package = try String(contentsOfFile: workspace.root + "/Package.swift", encoding: .utf8)
        #expect(
            package.contains(
                """
                        .target(
                            name: "Profile",
                            path: "Pods/Profile",
                            exclude: ["Profile.podspec"],
                            sources: ["Sources"],
                            resources: [.process("Assets")],
                            swiftSettings: [.swiftLanguageMode(.v5)],
                            linkerSettings: [.linkedFramework("UIKit", .when(platforms: [.iOS, .tvOS])), .linkedLibrary("m")]
                        ),
                """), "\(package)")
        #expect(package.contains(#"path: "Pods/Profile/Tests",\#n            resources: [.process("Fixtures")]\#n        ),"#))
        // SwiftPM reads it: the legacy file outside `sources` is no source of Profile.
        let read = try await readBack(workspace, generated: loaded, reading: .dumpPackage)
        #expect(Set(read.targets.map(\.name)) == ["Profile", "ProfileTests"])
        let readSources = try #require(read.targets.first { $0.name == "Profile" }?.sources)
        #expect(readSources.only == profile.only && readSources.excluded == profile.excluded)
    }

    @Test func targetFilesAndSettingsAreChecked() async throws {
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            modules:
              A: { layer: core, sources: [../B], frameworks: [{ name: UIKit, platforms: [ios] }], swift-language-mode: 7 }
              B: { layer: core, libraries: [{ platforms: [linux] }], tests: { exclude: A.swift } }
            generate: { tools-version: "5.9" }
            """)
        #expect(
            errors.map(\.message) == [
                "'../B' in 'sources' of module 'A' leaves the target's folder",
                "'ios' is not a platform SwiftPM knows",
                "'7' is not a Swift language mode, in 'swift-language-mode' of module 'A'",
                "an entry of 'libraries' of module 'B' has no 'name'",
                "expected a list for 'exclude' of 'tests' of module 'B', found a string ('A.swift')",
            ])
        #expect(errors[1].hint == "did you mean 'iOS'?")
        let before6 = await InlineWorkspace.inputErrors(
            "layers: [core]\nmodules:\n  A: { layer: core, swift-language-mode: 5 }\ngenerate: { tools-version: \"5.9\" }\n")
        #expect(before6.map(\.message) == ["'swift-language-mode' needs tools version 6.0 or later; 'generate.tools-version' is 5.9"])
    }

    /// `binaries:` becomes a binary target the module depends on, in the module's package; SwiftPM
    /// and Strata's own reader read the same graph back.
    @Test(arguments: ["single", "packages"])
    func binariesBecomeBinaryTargets(layout: String) async throws {
        let folder = layout == "packages" ? "Packages/Player/" : ""
        let workspace = try TemporaryWorkspace(
            """
            layers: [feature, core]
            modules:
              Player: { layer: core, binaries: ["\(folder)Vendor/Codec.xcframework"], tests: false }
              Screen: { layer: feature, dependencies: [Player], tests: false }
            apps:
              Show: { dependencies: [Screen] }
            generate: { layout: \(layout) }
            """)
        try workspace.write("\(folder)Vendor/Codec.xcframework/Info.plist", "<plist/>\n")
        let loaded = try await workspace.load()
        let codec = try #require(loaded.targets.firstIndex { $0.name == "Codec" })
        #expect(loaded.targets[codec].native == .binary && loaded.targets[codec].role == .external)
        let player = try #require(loaded.targets.firstIndex { $0.name == "Player" })
        #expect(loaded.dependencies[player].map(\.target) == [codec])
        try await workspace.generate()
        let package = try String(contentsOfFile: workspace.root + "/\(folder)Package.swift", encoding: .utf8)
        #expect(package.contains(#".binaryTarget(name: "Codec", path: "Vendor/Codec.xcframework"),"#), "\(package)")
        #expect(package.contains(#".target(name: "Player", dependencies: ["Codec"]"#), "\(package)")
        for reading in [WorkspaceLoader.PackageReading.dumpPackage, .automatic] {
            let read = try await readBack(workspace, generated: loaded, reading: reading)
            #expect(edges(read) == edges(loaded), "\(reading): \(edges(read).symmetricDifference(edges(loaded)))")
        }
    }

    @Test func badBinariesAreInputErrors() async throws {
        let notABinary = await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n  A: { layer: core, binaries: [Vendor/A.framework] }\n")
        #expect(notABinary.map(\.message) == ["'Vendor/A.framework' in 'binaries' of module 'A' is not an XCFramework or artifact bundle"])
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            generate: { layout: packages }
            modules:
              A: { layer: core, binaries: [Packages/A/X.xcframework, Vendor/Z.xcframework] }
              B: { layer: core, binaries: [Packages/A/X.xcframework, Packages/B/Y/A.zip] }
            """)
        #expect(
            Set(errors.map(\.message)) == [
                "binary 'Vendor/Z.xcframework' of module 'A' is outside its package folder 'Packages/A'",
                "binary 'X' is named by modules 'A' and 'B', whose packages cannot both declare it",
                "the binary 'Packages/B/Y/A.zip' of module 'B' produces target 'A', which already exists",
            ])
    }

    /// `up-to-next-minor-from` and `range` reach Package.swift (and XcodeGen's minorVersion,
    /// minVersion and maxVersion), for URLs and registry identities alike.
    @Test func versionRangesReachThePackageDeclarations() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [core]
            packages:
              swift-collections: { url: https://github.com/apple/swift-collections, up-to-next-minor-from: 1.1.0 }
              Yams: { url: https://github.com/jpsim/Yams, range: "5.0.0..<5.4.0" }
              Kit: { id: team.Kit, range: "1.2.0..<3.0.0" }
            modules:
              Store: { layer: core, packages: [swift-collections/Collections, Yams/Yams, Kit/Kit], tests: false }
            """)
        let files = try WorkspaceGenerator.files(for: try await workspace.load())
        let package = try #require(files.first { $0.path == "Package.swift" }?.contents)
        #expect(package.contains(#".package(url: "https://github.com/apple/swift-collections", .upToNextMinor(from: "1.1.0")),"#))
        #expect(package.contains(#".package(url: "https://github.com/jpsim/Yams", "5.0.0"..<"5.4.0"),"#))
        #expect(package.contains(#".package(id: "team.Kit", "1.2.0"..<"3.0.0"),"#))
        // XcodeGen cannot declare a registry-only package: the two others.
        try workspace.write(
            "strata.yml",
            try #require(workspace.read("strata.yml")).replacingOccurrences(of: "  Kit: { id: team.Kit, range: \"1.2.0..<3.0.0\" }\n", with: "")
                .replacingOccurrences(of: ", Kit/Kit", with: "") + "\ngenerate: { xcodegen: { platform: iOS } }\n")
        let specs = try WorkspaceGenerator.files(for: try await workspace.load())
        let shared = try #require(specs.first { $0.path == "Xcode/Store/project.yml" }?.contents)
        #expect(shared.contains("minorVersion: 1.1.0") && shared.contains("minVersion: 5.0.0") && shared.contains("maxVersion: 5.4.0"), "\(shared)")

        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            modules: {}
            packages:
              A: { url: u, range: "2.0.0..<1.0.0" }
              B: { url: u, range: "1.0..<2.0" }
              C: { id: team.C, branch: main }
            """)
        #expect(
            errors.map(\.message) == [
                "'range' of package 'A' is '2.0.0..<1.0.0', not two versions with the first below the second",
                "'range' of package 'B' is '1.0..<2.0', not two versions with the first below the second",
                "package 'C' has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'",
            ])
        #expect(ExternalPackageDeclaration.Requirement.versions(from: "1.2.0", below: "2.0.0") == .from("1.2.0"))
        #expect(ExternalPackageDeclaration.Requirement.versions(from: "1.2.3", below: "1.3.0") == .upToNextMinor("1.2.3"))
        #expect(ExternalPackageDeclaration.Requirement.versions(from: "1.2.3", below: "1.2.9") == .range("1.2.3", "1.2.9"))
        #expect(ExternalPackageDeclaration.Requirement.versions(from: "2.0.0", below: "1.0.0") == nil)
    }
}
