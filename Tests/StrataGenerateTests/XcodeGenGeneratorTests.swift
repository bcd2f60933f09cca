import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing
import Yams

/// The XcodeGen specs are parsed back as YAML and checked the way XcodeGen reads them: every
/// project includes the shared settings, every dependency names a target of its own project or,
/// through a project reference that points at the right project, of another one, and all
/// dependencies together are exactly the graph of strata.yml.
@Suite struct XcodeGenGeneratorTests {
    static let manifest =
        smallManifest.replacingOccurrences(of: "dependencies: [StorageCore] }", with: "dependencies: [StorageCore], host-app: true }")
        + "\ngenerate: { umbrella: SmallFramework, xcodegen: { platform: iOS, deployment-target: \"17.0\", bundle-id-prefix: org.example, check-phase: true } }\n"

    @Test(arguments: ["single", "packages"])
    func everyProjectReadsBackToTheGraphOfStrataYml(layout: String) async throws {
        let workspace = try TemporaryWorkspace(Self.manifest.replacingOccurrences(of: "generate: {", with: "generate: { layout: \(layout),"))
        let loaded = try await workspace.load()
        let files = try WorkspaceGenerator.files(for: loaded)
        let specs = try files.filter { $0.path.hasSuffix("project.yml") }.map { file -> (folder: String, spec: [String: Any]) in
            let spec = try #require(try Yams.load(yaml: file.contents) as? [String: Any], "\(file.path)")
            return ((file.path as NSString).deletingLastPathComponent, spec)
        }
        #expect(specs.count == loaded.modules.count + 1)
        let settings = try #require(files.first { $0.path == "Xcode/settings.yml" })
        let shared = try #require(try Yams.load(yaml: settings.contents) as? [String: Any])
        #expect((shared["options"] as? [String: Any])?["bundleIdPrefix"] as? String == "org.example")
        #expect(((shared["options"] as? [String: Any])?["deploymentTarget"] as? [String: Any])?["iOS"] as? String == "17.0")

        // Targets by project, as XcodeGen would name them across projects.
        var projectFolders: [String: String] = [:]
        var targetsOfProject: [String: Set<String>] = [:]
        for (folder, spec) in specs {
            let name = try #require(spec["name"] as? String)
            projectFolders[name] = folder
            targetsOfProject[name] = Set((spec["targets"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        var edges = Set<String>()
        for (folder, spec) in specs {
            let base = PathResolution.resolve(folder, in: workspace.root)
            #expect(((spec["include"] as? [String])?.map { PathResolution.resolve($0, in: base) }) == [workspace.root + "/Xcode/settings.yml"])
            let references = (spec["projectReferences"] as? [String: [String: String]]) ?? [:]
            for (project, reference) in references {
                let expected = PathResolution.resolve("\(projectFolders[project] ?? "?")/\(project).xcodeproj", in: workspace.root)
                #expect(reference["path"].map { PathResolution.resolve($0, in: base) } == expected, "\(folder) → \(project)")
            }
            let targets = try #require(spec["targets"] as? [String: [String: Any]])
            for (name, target) in targets {
                #expect(["framework", "framework.static", "bundle.unit-test", "application"].contains(target["type"] as? String ?? ""))
                #expect(target["platform"] as? String == "iOS")
                let source = try #require((target["sources"] as? [String])?.first)
                let expectedSource = loaded.targets.first { $0.name == name }?.sources?.directory
                #expect(PathResolution.resolve(source, in: base) == expectedSource, "\(name)")
                for dependency in (target["dependencies"] as? [[String: String]]) ?? [] {
                    if let reference = dependency["target"] {
                        let parts = reference.split(separator: "/").map(String.init)
                        if parts.count == 2 {
                            #expect(references[parts[0]] != nil, "\(name) uses \(reference) without a project reference")
                            #expect(targetsOfProject[parts[0]]?.contains(parts[1]) == true, "\(reference)")
                        } else {
                            #expect(targets[reference] != nil, "\(reference)")
                        }
                        edges.insert("\(name) -> \(parts.last!)")
                    } else if let package = dependency["package"], let product = dependency["product"] {
                        #expect((spec["packages"] as? [String: Any])?[package] != nil)
                        edges.insert("\(name) -> \(package)/\(product)")
                    }
                }
            }
        }
        var expected = Set<String>()
        for (from, list) in loaded.dependencies.withIDs {
            for edge in list { expected.insert("\(loaded.targets[from].name) -> \(loaded.targets[edge.target].name)") }
        }
        #expect(edges == expected, "\(edges.symmetricDifference(expected))")
    }

    /// What Strata generates, its adopt mode reads back: the specs written to disk, then read
    /// through `adopt.xcodegen` alone, give the graph of strata.yml (targets, roles, linkage,
    /// edges; external packages by product).
    @Test(arguments: ["single", "packages"])
    func adoptModeReadsTheGeneratedSpecsBackToTheSameGraph(layout: String) async throws {
        let workspace = try TemporaryWorkspace(Self.manifest.replacingOccurrences(of: "generate: {", with: "generate: { layout: \(layout),"))
        let generated = try await workspace.load()
        try WorkspaceGenerator.plan(for: generated).apply(force: false)
        for target in generated.targets {
            guard let directory = target.sources?.directory else { continue }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let patterns = layout == "packages" ? "[\"Packages/*/project.yml\", \"Xcode/*/project.yml\"]" : "[\"Xcode/*/project.yml\"]"
        try workspace.write(
            "strata.yml",
            "layers:\n  - { name: all, patterns: [\"*\"] }\nnaming: { interface: \"{module}Core\" }\n"
                + "adopt: { packages: [], xcodegen: \(patterns) }\n")
        let adopted = try await workspace.load()

        func describe(_ w: Workspace) -> (targets: Set<String>, edges: Set<String>) {
            func name(_ index: TargetID) -> String {
                let target = w.targets[index]
                // Externals by product: strata.yml names packages, XcodeGen by their URL.
                return target.role == .external ? "external " + String(target.name.split(separator: "/").last!) : target.name
            }
            let targets = Set(
                w.targets.indices.map { "\(name($0)) \(w.targets[$0].role) \(w.targets[$0].role == .external ? "" : "\(w.targets[$0].linkage)")" })
            let edges = Set(w.dependencies.indices.flatMap { from in w.dependencies[from].map { "\(name(from)) -> \(name($0.target))" } })
            return (targets, edges)
        }
        let (expected, read) = (describe(generated), describe(adopted))
        #expect(read.targets == expected.targets, "\(read.targets.symmetricDifference(expected.targets).sorted())")
        #expect(read.edges == expected.edges, "\(read.edges.symmetricDifference(expected.edges).sorted())")
    }

    /// With `check-phase: true` the apps run `strata check --format xcode` on the workspace root
    /// (as seen from their project's folder) before compiling, outside Xcode's script sandbox;
    /// without apps, each module's implementation does; without the key, nothing does.
    @Test func theCheckPhaseGoesToTheAppsOrElseTheImplementations() async throws {
        func phases(_ manifest: String) async throws -> [String: String] {
            let workspace = try TemporaryWorkspace(manifest)
            let loaded = try await workspace.load()
            var found: [String: String] = [:]
            for file in try WorkspaceGenerator.files(for: loaded) where file.path.hasSuffix("project.yml") {
                let spec = try #require(try Yams.load(yaml: file.contents) as? [String: Any])
                for (name, target) in try #require(spec["targets"] as? [String: [String: Any]]) {
                    guard let scripts = target["preBuildScripts"] as? [[String: Any]] else { continue }
                    #expect(scripts.count == 1 && scripts[0]["name"] as? String == "strata check")
                    #expect(scripts[0]["basedOnDependencyAnalysis"] as? Bool == false)
                    let settings = (target["settings"] as? [String: Any])?["base"] as? [String: Any]
                    #expect(settings?["ENABLE_USER_SCRIPT_SANDBOXING"] as? String == "NO")
                    let script = try #require(scripts[0]["script"] as? String)
                    let command = try #require(script.split(separator: "\n").first { $0.contains("strata check") })
                    let root = try #require(command.split(separator: "\"").dropFirst().first).replacingOccurrences(of: "$SRCROOT", with: "")
                    let resolved = PathResolution.resolve(
                        String(root.dropFirst()), in: workspace.root + "/" + (file.path as NSString).deletingLastPathComponent)
                    found[name] = resolved == workspace.root ? "the workspace root" : resolved
                    #expect(command.trimmingCharacters(in: .whitespaces).hasPrefix("strata check --format xcode \"$SRCROOT/"))
                }
            }
            return found
        }
        let apps = try await phases(Self.manifest)
        let appsWorkspace = try await TemporaryWorkspace(Self.manifest).load()
        let appNames = Set(appsWorkspace.targets.filter { $0.role == .app }.map(\.name))
        #expect(!appNames.isEmpty && Set(apps.keys) == appNames)
        let noApps =
            "layers: [core]\nmodules: { A: { layer: core, interface: true }, B: { layer: core, dependencies: [A] } }\n"
            + "generate: { layout: packages, xcodegen: { platform: macOS, check-phase: true } }\n"
        let implementations = try await phases(noApps)
        #expect(implementations == ["A": "the workspace root", "B": "the workspace root"])
        #expect(Set(apps.values) == ["the workspace root"])
        #expect(try await phases(noApps.replacingOccurrences(of: ", check-phase: true", with: "")).isEmpty)
    }

    /// `linkage: mergeable`: the module's framework is built mergeable and the app that links it
    /// merges it (manual: the module is in another project); every Package.swift makes it a
    /// dynamic product, and the graph takes it as a dynamic library.
    @Test func aMergeableModuleIsBuiltMergeableAndMergedByTheAppsThatLinkIt() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [service, core]
            modules:
              Logging: { layer: core }
              Network: { layer: service, linkage: mergeable, dependencies: [Logging] }
            apps:
              Station: { dependencies: [Network] }
              Console: { dependencies: [Logging] }
            generate: { layout: packages, xcodegen: { platform: iOS } }
            """)
        let loaded = try await workspace.load()
        let files = try WorkspaceGenerator.files(for: loaded)
        func targets(_ path: String) throws -> [String: [String: Any]] {
            let file = try #require(files.first { $0.path == path }, "\(path)")
            let spec = try #require(try Yams.load(yaml: file.contents) as? [String: Any])
            return try #require(spec["targets"] as? [String: [String: Any]])
        }
        func settings(_ target: [String: Any]?) -> [String: String] {
            ((target?["settings"] as? [String: Any])?["base"] as? [String: String]) ?? [:]
        }
        let network = try targets("Packages/Network/project.yml")["Network"]
        #expect(network?["type"] as? String == "framework")
        #expect(settings(network) == ["MERGEABLE_LIBRARY": "YES"])
        #expect(settings(try targets("Packages/Logging/project.yml")["Logging"]).isEmpty)
        let apps = try targets("Xcode/\(loaded.name)Apps/project.yml")
        #expect(settings(apps["Station"]) == ["MERGED_BINARY_TYPE": "manual"])
        #expect(settings(apps["Console"]).isEmpty)

        let package = try #require(files.first { $0.path == "Packages/Network/Package.swift" })
        #expect(package.contents.contains(#".library(name: "Network", type: .dynamic, targets: ["Network"])"#), "\(package.contents)")
        let station = try #require(loaded.index["Station"]), networkID = try #require(loaded.index["Network"])
        #expect(loaded.dependencies[station].first { $0.target == networkID }?.dynamicLibrary == "Network")
    }

    private func errors(_ yaml: String) async -> [String] { await InlineWorkspace.inputErrors(yaml).map(\.id) }

    @Test func badXcodeGenSettingsAreInputErrors() async throws {
        let unknownPlatform = await errors(
            "layers: [core]\nmodules: { A: { layer: core } }\ngenerate: { xcodegen: { platform: Android, deployment-target: soon, bundle-id-prefix: \"org example\" } }\n"
        )
        #expect(unknownPlatform == ["invalid-value"])
        let more = await errors(
            "layers: [core]\nmodules: { A: { layer: core } }\ngenerate: { xcodegen: { platform: iOS, deployment-target: soon, bundle-id-prefix: \"org example\" } }\n"
        )
        #expect(more == ["invalid-value", "invalid-value"])
        #expect(await errors("layers: [core]\nmodules: { A: { layer: core } }\ngenerate: { xcodegen: {} }\n") == ["missing-key"])
        #expect(
            await errors("layers: [core]\nmodules: { A: { layer: core } }\ngenerate: { xcodegen: { platform: iOS, check-phase: sometimes } }\n") == [
                "wrong-type"
            ])
    }

    /// `sources`, `exclude`, system links and the language mode of strata.yml reach the XcodeGen
    /// target as its source entries, SDK dependencies and `SWIFT_VERSION`.
    @Test func targetFilesAndSettingsReachTheSpec() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [core]
            modules:
              Profile:
                layer: core
                path: Pods/Profile
                exclude: [Profile.podspec]
                frameworks: [{ name: UIKit, platforms: [iOS] }]
                libraries: [z]
                swift-language-mode: "4.2"
                tests: { path: Pods/Profile/Tests, sources: [Unit], resources: [Fixtures] }
            generate: { xcodegen: { platform: iOS } }
            """)
        let files = try WorkspaceGenerator.files(for: try await workspace.load())
        let project = try #require(files.first { $0.path == "Xcode/Profile/project.yml" })
        let spec = try #require(try Yams.load(yaml: project.contents) as? [String: Any])
        let targets = try #require(spec["targets"] as? [String: [String: Any]])
        let profile = try #require(targets["Profile"])
        let sources = try #require(profile["sources"] as? [[String: Any]])
        #expect(sources.count == 1 && sources[0]["path"] as? String == "../../Pods/Profile")
        #expect(sources[0]["excludes"] as? [String] == ["Profile.podspec"])
        let dependencies = try #require(profile["dependencies"] as? [[String: Any]])
        #expect(dependencies.compactMap { $0["sdk"] as? String } == ["UIKit.framework", "libz.tbd"])
        #expect(dependencies.first?["platformFilters"] as? [String] == ["iOS"])
        #expect(((profile["settings"] as? [String: Any])?["base"] as? [String: Any])?["SWIFT_VERSION"] as? String == "4.2")
        #expect(targets["ProfileTests"]?["sources"] as? [String] == ["../../Pods/Profile/Tests/Unit", "../../Pods/Profile/Tests/Fixtures"])
    }
}
