import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources
import StrataWorkspaceTestSupport
import Testing

@testable import StrataManifest
@testable import StrataProjectFormat
@testable import StrataWorkspace
@testable import StrataXcodeGen

/// Adopt mode over XcodeGen specs: the graph XcodeGen's projects describe, read as XcodeGen
/// reads them (includes, templates, platforms, variables).
@Suite struct XcodeGenAdoptTests {
    private func target(_ workspace: Workspace, _ name: String) throws -> Target {
        try #require(workspace.index[name].map { workspace.targets[$0] }, "no target \(name)")
    }

    private func edges(_ workspace: Workspace, from name: String) -> [String] {
        workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }.sorted()
    }

    private func edge(_ workspace: Workspace, _ from: String, _ to: String) throws -> Dependency {
        try #require(workspace.dependency(from: workspace.index[from]!, to: workspace.index[to]!), "no edge \(from) → \(to)")
    }

    private func compiled(_ workspace: Workspace, _ name: String) throws -> [String] {
        let sources = try #require(try target(workspace, name).sources)
        return SourceFileCollector.collect(sources).files.map { PathResolution.relative($0.path, from: workspace.root) }
    }

    // MARK: The fixture

    @Test func theFixtureIsTheGraphItsSpecsDeclare() async throws {
        let loaded = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/XcodeGenModules"))
        let workspace = loaded.workspace
        #expect(
            workspace.targets.map(\.name).sorted() == [
                "Analytics", "Astronaut", "CoreKit", "CoreKitTests", "NetworkService", "NetworkServiceMocks", "NetworkServiceTests",
                "ProfileFeature", "ProfileFeatureHostApp", "ProfileFeatureTests", "carthage/Kingfisher", "lottie-spm/Lottie",
            ])
        // Roles and layers by the manifest's naming and patterns; apps sit above every layer.
        #expect(try target(workspace, "NetworkServiceMocks").role == .mocks)
        #expect(try target(workspace, "NetworkServiceMocks").module == "NetworkService")
        #expect(try target(workspace, "CoreKitTests").role == .tests)
        #expect(try target(workspace, "Astronaut").role == .app)
        #expect(try target(workspace, "ProfileFeatureHostApp").isTestHost)
        #expect(workspace.layerName(of: workspace.index["NetworkService"]!) == "service")
        // Linkage: a framework is dynamic unless MACH_O_TYPE says staticlib.
        #expect(try target(workspace, "CoreKit").linkage == .dynamic)
        #expect(try target(workspace, "NetworkService").linkage == .static)
        #expect(try target(workspace, "Analytics").linkage == .static)  // the SwiftPM package's automatic product

        #expect(edges(workspace, from: "CoreKit") == ["NetworkService"])  // framework: NetworkService.framework, found across projects
        #expect(edges(workspace, from: "ProfileFeature") == ["Analytics", "NetworkService", "carthage/Kingfisher", "lottie-spm/Lottie"])
        #expect(edges(workspace, from: "ProfileFeatureHostApp") == ["NetworkServiceMocks", "ProfileFeature"])
        #expect(edges(workspace, from: "Astronaut") == ["CoreKit", "NetworkService", "ProfileFeature"])
        #expect(edges(workspace, from: "NetworkServiceTests") == ["NetworkService", "NetworkServiceMocks"])
        // XcodeGen's link defaults: a framework does not link a static library unless asked.
        #expect(try edge(workspace, "NetworkServiceMocks", "NetworkService").isLinked == false)
        #expect(try edge(workspace, "ProfileFeature", "NetworkService").isLinked)  // link: true
        #expect(try edge(workspace, "NetworkServiceTests", "NetworkService").isLinked)  // tests link static libraries
        #expect(try edge(workspace, "CoreKit", "NetworkService").isLinked)  // framework: dependencies link
        #expect(try edge(workspace, "ProfileFeature", "carthage/Kingfisher").condition?.platforms == ["ios"])  // platformFilter: iOS
        #expect(try target(workspace, "carthage/Kingfisher").modules == .named(["Kingfisher"]))

        // What each target compiles: template paths relative to the module (relativePaths:
        // false), an included spec's relative to itself, `buildPhase: none` left out.
        #expect(try compiled(workspace, "CoreKit") == ["Modules/CoreKit/CoreKit/Sources/Theme.swift"])
        #expect(try compiled(workspace, "NetworkService") == ["Modules/NetworkService/NetworkService/Sources/Requesting.swift"])
        #expect(try compiled(workspace, "NetworkServiceMocks") == ["Modules/NetworkService/NetworkServiceMocks/MockRequesting.swift"])
        #expect(try compiled(workspace, "Astronaut") == ["App/Sources/Astronaut.swift"])

        // Every spec read is an input a cache must stamp.
        for spec in ["Shared/base.yml", "Shared/app-base.yml", "Modules/NetworkService/targets/mocks.yml", "App/project.yml"] {
            #expect(loaded.inputs.contains(Fixtures.path("Adopt/XcodeGenModules/" + spec)), "\(spec)")
        }
    }

    // MARK: How XcodeGen resolves specs

    /// The folders the test wrote, kept until the test ends (its sources are walked after loading).
    private final class Folders: @unchecked Sendable {
        var kept: [TemporaryWorkspace] = []
    }
    private let folders = Folders()

    private func load(_ files: [String: String], xcodegen: String = "[\"**/project.yml\"]") async throws -> Workspace {
        let workspace = try TemporaryWorkspace("layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { xcodegen: \(xcodegen) }\n", label: "xcodegen")
        folders.kept.append(workspace)
        for (path, text) in files { try workspace.write(path, text) }
        return try await workspace.load()
    }

    @Test func includedPathsAreRelativeToTheSpecThatWritesThem() async throws {
        // Module/project.yml includes ../Shared/a.yml (relative), which includes b.yml (relative
        // to a.yml) and c.yml with relativePaths: false. XcodeGen finds c.yml where a.yml's
        // includer resolves its includes (Module/), but takes c.yml's paths as relative to where
        // a.yml's are (Shared/): its `relativePath` is empty, added to a.yml's.
        let workspace = try await load([
            "Module/project.yml": "name: M\ninclude: [../Shared/a.yml]\ntargets:\n  Main: { type: framework, platform: iOS, sources: [Main] }\n",
            "Module/Main/Main.swift": "",
            "Shared/a.yml": "include:\n  - b.yml\n  - { path: c.yml, relativePaths: false }\n",
            "Shared/b.yml": "targets:\n  FromB: { type: framework, platform: iOS, sources: [BSources] }\n",
            "Shared/BSources/B.swift": "",
            "Module/c.yml": "targets:\n  FromC: { type: framework, platform: iOS, sources: [CSources] }\n",
            "Shared/CSources/C.swift": "",
        ])
        #expect(try compiled(workspace, "FromB") == ["Shared/BSources/B.swift"])
        #expect(try compiled(workspace, "FromC") == ["Shared/CSources/C.swift"])
    }

    /// XcodeGen reads `enable:` as a boolean, else as NSString's boolValue: a variable that is not
    /// set stays `${NAME}` and disables the include.
    @Test(arguments: [
        ("true", true), ("NO", false), ("\"${STRATA_TEST_NEVER_SET}\"", false), ("\"1\"", true), ("\"0\"", false), ("\"Yes please\"", true),
    ])
    func anIncludeIsEnabledAsXcodeGenReadsEnable(value: String, enabled: Bool) async throws {
        let workspace = try await load([
            "Module/project.yml": "name: M\ninclude:\n  - { path: extra.yml, enable: \(value) }\ntargets: {}\n",
            "Module/extra.yml": "targets:\n  Extra: { type: framework, platform: iOS, sources: [Extra] }\n",
            "Module/Extra/Extra.swift": "",
        ])
        #expect(workspace.targets.contains { $0.name == "Extra" } == enabled)
    }

    /// App → Fw (a framework of the same project) → Lib (static), and App → Lib: the app loads
    /// the framework, and links Lib itself (StaticLinkedOnceTests: Lib is embedded twice).
    @Test func aFrameworkOfTheSameProjectIsADynamicLibraryItsDependentsLoad() async throws {
        let workspace = try await load([
            "App/project.yml": """
            name: App
            targets:
              App: { type: application, platform: iOS, sources: [App], dependencies: [{ target: Fw }, { target: Lib }] }
              Fw: { type: framework, platform: iOS, sources: [Fw], dependencies: [{ target: Lib }] }
              Lib: { type: library.static, platform: iOS, sources: [Lib] }
            """,
            "App/App/App.swift": "", "App/Fw/Fw.swift": "", "App/Lib/Lib.swift": "",
        ])
        #expect(try edge(workspace, "App", "Fw").dynamicLibrary == "Fw")
        #expect(try edge(workspace, "Fw", "Lib").dynamicLibrary == nil)
        #expect(try edge(workspace, "App", "Lib").dynamicLibrary == nil)
    }

    /// `transitivelyLinkDependencies` (the project's option, or the target's own): a target also
    /// links its target dependencies' dependencies, as XcodeGen adds them.
    @Test func transitivelyLinkedDependenciesAreEdges() async throws {
        let workspace = try await load([
            "App/project.yml": """
            name: App
            options: { transitivelyLinkDependencies: true }
            targets:
              App: { type: application, platform: iOS, sources: [App], dependencies: [{ target: Feature }] }
              Plain: { type: application, platform: iOS, sources: [Plain], transitivelyLinkDependencies: false, dependencies: [{ target: Feature }] }
              Feature: { type: framework, platform: iOS, sources: [Feature], dependencies: [{ target: Kit }] }
              Kit: { type: library.static, platform: iOS, sources: [Kit], dependencies: [{ carthage: Alamofire }] }
            """,
            "App/App/App.swift": "", "App/Plain/Plain.swift": "", "App/Feature/Feature.swift": "", "App/Kit/Kit.swift": "",
        ])
        #expect(edges(workspace, from: "App") == ["Feature", "Kit", "carthage/Alamofire"])
        #expect(try edge(workspace, "App", "Kit").isLinked)  // an app links a static library
        #expect(edges(workspace, from: "Plain") == ["Feature"])
        #expect(edges(workspace, from: "Feature") == ["Kit", "carthage/Alamofire"])
    }

    /// XcodeGen takes a key written twice in one mapping for its last value; so does Strata,
    /// with a warning at each earlier one.
    @Test func aKeyWrittenTwiceTakesItsLastValueWithAWarning() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], xcodegen: [App/project.yml] }\n", label: "xcodegen-twice")
        folders.kept.append(workspace)
        try workspace.write(
            "App/project.yml",
            """
            name: App
            targets:
              Kit:
                type: framework
                platform: iOS
                sources: [Old]
                sources: [Kit]
              Kit2: { type: framework, platform: iOS, sources: [Kit], sources: [Kit2] }
            """)
        try workspace.write("App/Kit/Kit.swift", "")
        try workspace.write("App/Kit2/Kit2.swift", "")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        #expect(try compiled(loaded.workspace, "Kit") == ["App/Kit/Kit.swift"])
        #expect(try compiled(loaded.workspace, "Kit2") == ["App/Kit2/Kit2.swift"])
        let warnings = loaded.diagnostics.filter { $0.id == "overridden-key" }
        #expect(warnings.map(\.location?.line) == [6, 8])
        #expect(warnings.first?.location?.column == 5)
        #expect(warnings.first?.message == "'sources' is written again later in this mapping, and XcodeGen takes the last value")
    }

    @Test func specsMergeAsXcodeGenMergesThem() async throws {
        // The including spec merges onto the included: mappings key by key, lists appended,
        // `:REPLACE` replaces.
        let workspace = try await load([
            "P/base.yml": """
            targets:
              A: { type: framework, platform: iOS, sources: [A], dependencies: [{ target: B }] }
              B: { type: framework, platform: iOS, sources: [B] }
              C: { type: framework, platform: iOS, sources: [C] }
            """,
            "P/project.yml": """
            name: P
            include: [base.yml]
            targets:
              A:
                dependencies: [{ target: C }]
              B:
                type: framework.static
              C:
                sources:REPLACE: [Other]
            """,
            "P/A/A.swift": "", "P/B/B.swift": "", "P/C/C.swift": "", "P/Other/Other.swift": "",
        ])
        #expect(edges(workspace, from: "A") == ["B", "C"])
        #expect(try target(workspace, "B").linkage == .static)
        #expect(try compiled(workspace, "C") == ["P/Other/Other.swift"])
    }

    @Test func templatesApplyInOrderWithTheirAttributes() async throws {
        let workspace = try await load([
            "P/project.yml": """
            name: P
            targetTemplates:
              Base: { platform: iOS, dependencies: [{ target: Shared }] }
              Module:
                templates: [Base]
                type: framework
                sources: ["${target_name}/${folder}"]
            targets:
              Shared: { type: framework, platform: iOS, sources: [Shared] }
              Login:
                templates: [Module]
                templateAttributes: { folder: Code }
            """,
            "P/Shared/S.swift": "", "P/Login/Code/Login.swift": "",
        ])
        #expect(try compiled(workspace, "Login") == ["P/Login/Code/Login.swift"])
        #expect(edges(workspace, from: "Login") == ["Shared"])
        #expect(try target(workspace, "Login").linkage == .dynamic)
    }

    @Test func aMultiPlatformTargetIsOneTargetPerPlatformWithOneModuleName() async throws {
        let workspace = try await load([
            "P/project.yml": """
            name: P
            targets:
              Kit:
                type: framework
                platform: [iOS, tvOS]
                sources: ["Kit/${platform}"]
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies: [{ target: Kit_iOS }]
            """,
            "P/Kit/iOS/K.swift": "", "P/Kit/tvOS/K.swift": "", "P/App/App.swift": "",
        ])
        #expect(try compiled(workspace, "Kit_tvOS") == ["P/Kit/tvOS/K.swift"])
        #expect(try target(workspace, "Kit_iOS").modules == .named(["Kit"]))
        #expect(edges(workspace, from: "App") == ["Kit_iOS"])
    }

    @Test func anAppEmbeddingItsExtensionIsNoModuleDependency() async throws {
        let workspace = try await load([
            "P/project.yml": """
            name: P
            targets:
              App: { type: application, platform: iOS, sources: [App], dependencies: [{ target: Widget }, { target: Kit }] }
              Widget: { type: app-extension, platform: iOS, sources: [Widget], dependencies: [{ target: Kit }] }
              Kit: { type: framework, platform: iOS, sources: [Kit] }
              AppUITests: { type: bundle.ui-testing, platform: iOS, sources: [UITests], dependencies: [{ target: App }] }
            """,
            "P/App/A.swift": "", "P/Widget/W.swift": "", "P/Kit/K.swift": "", "P/UITests/T.swift": "",
        ])
        #expect(edges(workspace, from: "App") == ["Kit"])
        #expect(edges(workspace, from: "Widget") == ["Kit"])
        #expect(edges(workspace, from: "AppUITests") == ["App"])
    }

    @Test func variablesComeFromTheEnvironmentAndUnknownOnesStay() throws {
        let folder = try Fixtures.temporaryFolder("xcodegen-vars")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name: ${PROJECT}\ntargets:\n  ${PROJECT}Kit: { type: framework, platform: iOS, sources: [\"${MISSING}\"] }\n"
            .write(toFile: folder + "/project.yml", atomically: true, encoding: .utf8)
        let loader = XcodeGenSpecLoader(files: LocalFiles(), variables: ["PROJECT": "Orbit"])
        let (spec, files) = try loader.load(folder + "/project.yml")
        #expect(spec["name"]?.string == "Orbit")
        #expect(spec["targets"]?["OrbitKit"]?["sources"]?.items?.first?.string == folder + "/${MISSING}")
        #expect(files == [folder + "/project.yml"])
    }

    @Test func sourcePatternsIncludeAndExcludeAsBashGlobsDo() async throws {
        let workspace = try await load([
            "P/project.yml": """
            name: P
            targets:
              Kit:
                type: framework
                platform: iOS
                sources:
                  - path: Kit
                    excludes: ["*Preview.swift", "Legacy", "**/Generated/*.swift"]
                  - path: Extra
                    includes: ["**/*+Kit.swift"]
            """,
            "P/Kit/A.swift": "", "P/Kit/APreview.swift": "", "P/Kit/Sub/BPreview.swift": "", "P/Kit/Legacy/Old.swift": "",
            "P/Kit/Sub/Generated/G.swift": "", "P/Extra/String+Kit.swift": "", "P/Extra/Deep/Int+Kit.swift": "", "P/Extra/Other.swift": "",
        ])
        #expect(
            try compiled(workspace, "Kit") == [
                "P/Extra/Deep/Int+Kit.swift", "P/Extra/String+Kit.swift", "P/Kit/A.swift", "P/Kit/Sub/BPreview.swift",
            ])
    }

    @Test func aMixedWorkspaceIsOneGraph() async throws {
        // A SwiftPM package at the root, an XcodeGen app using one of its products.
        let workspace = try await load(
            [
                "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Core", products: [.library(name: "Core", type: .dynamic, targets: ["Core"])], targets: [.target(name: "Core")])
                """,
                "Sources/Core/Core.swift": "",
                "App/project.yml": """
                name: App
                packages: { Core: { path: .. } }
                targets:
                  Shop: { type: application, platform: iOS, sources: [Shop], dependencies: [{ package: Core }] }
                """,
                "App/Shop/Shop.swift": "",
            ], xcodegen: "[App/project.yml]")
        #expect(edges(workspace, from: "Shop") == ["Core"])
        #expect(try target(workspace, "Core").linkage == .dynamic)
    }

    // MARK: Bad input

    /// Loads the files and returns the input errors, none of them a crash.
    private func errors(_ files: [String: String], xcodegen: String = "[\"**/project.yml\"]") async throws -> [Diagnostic] {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { xcodegen: \(xcodegen) }\n", label: "xcodegen-bad")
        for (path, text) in files { try workspace.write(path, text) }
        do {
            _ = try await workspace.load()
            return []
        } catch {
            return (error as? InputErrors)?.diagnostics ?? []
        }
    }

    /// One bad spec: `project.yml` written with a `1️⃣` where the error must point.
    struct BadSpec: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: String
        var id = "invalid-xcodegen-spec"
        var message: String
        var other: [String: String] = ["P/Sources/A.swift": ""]
        var testDescription: String { name }
    }

    static let badSpecs: [BadSpec] = [
        BadSpec(name: "YAML syntax", spec: "name: P\ntargets: [A\n1️⃣", id: "yaml-syntax", message: "malformed YAML"),
        BadSpec(
            name: "a variable in a flow list before substitution",
            spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, sources: [$1️⃣{x}] }\n",
            id: "yaml-syntax", message: "malformed YAML"),
        BadSpec(name: "not a mapping", spec: "1️⃣- name: P\n", message: "an XcodeGen spec must be a mapping"),
        BadSpec(name: "no name", spec: "1️⃣targets: {}\n", message: "the spec has no 'name'"),
        BadSpec(name: "targets not a mapping", spec: "name: P\ntargets: 1️⃣[A]\n", message: "expected a mapping for 'targets'"),
        BadSpec(name: "target not a mapping", spec: "name: P\ntargets:\n  A: 1️⃣framework\n", message: "target 'A' must be a mapping"),
        BadSpec(name: "no type", spec: "name: P\ntargets:\n  1️⃣A: { platform: iOS }\n", message: "target 'A' has no 'type'"),
        BadSpec(
            name: "a template that is not there", spec: "name: P\ntargets:\n  A: { templates: [1️⃣Framwork], platform: iOS }\n",
            message: "uses template 'Framwork', which 'targetTemplates' does not define"),
        BadSpec(name: "unknown type", spec: "name: P\ntargets:\n  A: { type: 1️⃣framwork, platform: iOS }\n", message: "unknown type 'framwork'"),
        BadSpec(name: "unknown platform", spec: "name: P\ntargets:\n  A: { type: framework, platform: 1️⃣iOs }\n", message: "unknown platform 'iOs'"),
        BadSpec(name: "no platform", spec: "name: P\ntargets:\n  1️⃣A: { type: framework }\n", message: "target 'A' has no 'platform'"),
        BadSpec(
            name: "auto without destinations", spec: "name: P\ntargets:\n  A: { type: framework, platform: 1️⃣auto }\n",
            message: "'platform: auto' without 'supportedDestinations'"),
        BadSpec(
            name: "unknown destination", spec: "name: P\ntargets:\n  A: { type: framework, supportedDestinations: [iOS, 1️⃣macCatalist] }\n",
            message: "unknown destination 'macCatalist'"),
        BadSpec(
            name: "missing sources", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, sources: [1️⃣Missing] }\n",
            message: "which does not exist"),
        BadSpec(
            name: "a source without a path", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, sources: [1️⃣{ excludes: [a] }] }\n",
            message: "has no path"),
        BadSpec(
            name: "dependencies not a list", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: 1️⃣B }\n",
            message: "must be a list"),
        BadSpec(
            name: "a dependency that is a name", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [1️⃣B] }\n",
            message: "must be a mapping"),
        BadSpec(
            name: "a dependency of no kind", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [1️⃣{ name: B }] }\n",
            message: "names nothing to depend on"),
        BadSpec(
            name: "an undeclared package", spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [{ package: 1️⃣Yams }] }\n",
            message: "'packages:' does not declare"),
        BadSpec(
            name: "a local package without a manifest", spec: "name: P\npackages:\n  Kit: { path: 1️⃣Kit }\ntargets: {}\n",
            message: "has no Package.swift"),
        BadSpec(
            name: "a package of no kind", spec: "name: P\npackages:\n  1️⃣Kit: { from: 1.0.0 }\ntargets: {}\n", message: "neither 'path:' nor 'url:'"),
        BadSpec(
            name: "an unknown target",
            spec:
                "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [{ target: 1️⃣Bee }] }\n  B: { type: framework, platform: iOS }\n",
            message: "which this project does not declare"),
        BadSpec(
            name: "a project reference that is not there",
            spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [{ target: 1️⃣Other/B }] }\n",
            message: "no project reference 'Other'"),
        BadSpec(name: "a missing include", spec: "name: P\ninclude: [1️⃣missing.yml]\n", id: "missing-file", message: "'missing.yml' is included here"),
        BadSpec(name: "an include without a path", spec: "name: P\ninclude: [1️⃣{ relativePaths: false }]\n", message: "an include must be a path"),
        BadSpec(
            name: "an include cycle", spec: "name: P\ninclude: [a.yml]\n", id: "include-cycle", message: "includes itself",
            other: ["P/a.yml": "include: [1️⃣project.yml]\n"]),
        BadSpec(
            name: "an include that is not a mapping", spec: "name: P\ninclude: [1️⃣a.yml]\n", message: "'a.yml' is a list, not a mapping",
            other: ["P/a.yml": "- just\n- a list\n"]),
        BadSpec(
            name: "a target template cycle",
            spec:
                "name: P\ntargets:\n  A: { type: framework, platform: iOS, templates: [T1] }\ntargetTemplates:\n  T1: { templates: [T2] }\n  T2: { templates: [1️⃣T1] }\n",
            message: "target template 'T1' uses itself: T1 → T2 → T1"),
        BadSpec(
            name: "a malformed minimum version", spec: "name: P\noptions: { minimumXcodeGenVersion: 1️⃣two }\n",
            message: "'minimumXcodeGenVersion' must be a version"),
        BadSpec(
            name: "an unknown destination filter",
            spec:
                "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [{ sdk: UIKit.framework, destinationFilters: [1️⃣iPhone] }] }\n",
            message: "unknown destination 'iPhone'"),
        BadSpec(
            name: "an unknown platform filter",
            spec: "name: P\ntargets:\n  A: { type: framework, platform: iOS, dependencies: [{ sdk: UIKit.framework, platformFilter: 1️⃣tvOS }] }\n",
            message: "unknown 'platformFilter'"),
        BadSpec(name: "not UTF-8", spec: "name: P\n1️⃣\u{FFFD}\n", id: "invalid-encoding", message: "is not valid UTF-8"),
    ]

    @Test(arguments: badSpecs)
    func aBadSpecIsAnErrorWhereItWasWritten(_ bad: BadSpec) async throws {
        let marked = MarkedText(bad.spec)
        var files = bad.other
        for (path, text) in files { files[path] = MarkedText(text).text }
        files["P/project.yml"] = marked.text
        var written = files
        if bad.id == "invalid-encoding" {
            written["P/project.yml"] = nil
        }
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { xcodegen: [P/project.yml] }\n", label: "xcodegen-bad")
        for (path, text) in written { try workspace.write(path, text) }
        if bad.id == "invalid-encoding" {
            // An invalid byte where the marker is.
            let bytes = Array("name: P\n".utf8) + [0xFF, 0x0A]
            _ = FileManager.default.createFile(atPath: workspace.root + "/P/project.yml", contents: Data(bytes))
        }
        var diagnostics: [Diagnostic] = []
        do {
            _ = try await workspace.load()
        } catch {
            diagnostics = (error as? InputErrors)?.diagnostics ?? []
        }
        let error = try #require(diagnostics.first, "\(bad.name): no error")
        #expect(diagnostics.count == 1, "\(bad.name): \(diagnostics.map(\.message))")
        #expect(error.id == bad.id, "\(bad.name): \(error.id) \(error.message)")
        #expect(error.message.contains(bad.message), "\(bad.name): \(error.message)")
        #expect(error.severity == .error)
        let markedFile = bad.other.first { $0.value.contains("1️⃣") }
        let expected = markedFile.map { MarkedText($0.value).position("1️⃣") } ?? marked.position("1️⃣")
        #expect(error.location?.path.hasSuffix(markedFile?.key ?? "P/project.yml") == true, "\(bad.name): \(String(describing: error.location))")
        #expect(error.location?.line == expected.line, "\(bad.name): line")
        #expect(error.location?.column == expected.column, "\(bad.name): column")
    }

    @Test func aPatternThatFindsNoSpecIsAnError() async throws {
        let found = try await errors([:], xcodegen: "[Modules/*/project.yml]")
        #expect(found.map(\.id) == ["missing-xcodegen-spec"])
        #expect(found.first?.location?.path.hasSuffix("strata.yml") == true)
    }

    @Test func twoProjectsDeclaringOneTargetNameAreAnError() async throws {
        let found = try await errors([
            "A/project.yml": "name: A\ntargets:\n  Kit: { type: framework, platform: iOS }\n",
            "B/project.yml": "name: B\ntargets:\n  Kit: { type: framework, platform: iOS }\n",
        ])
        #expect(found.map(\.id) == ["duplicate-target"])
        #expect(found.first?.message == "project 'B' produces target 'Kit', which already exists")
        #expect(found.first?.hint?.contains("the projects you mean under 'adopt.xcode' or 'adopt.xcodegen'") == true, "\(found)")
    }

    @Test func aSharedBrokenIncludeIsReportedOnce() async throws {
        let found = try await errors([
            "Shared/base.yml": "targetTemplates: [oops\n",
            "A/project.yml": "name: A\ninclude: [../Shared/base.yml]\n",
            "B/project.yml": "name: B\ninclude: [../Shared/base.yml]\n",
        ])
        #expect(found.map(\.id) == ["yaml-syntax"])
    }

    @Test func aNewerSpecFormatIsAWarningNotAnError() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { xcodegen: [P/project.yml] }\n", label: "xcodegen")
        try workspace.write("P/project.yml", "name: P\noptions: { minimumXcodeGenVersion: 9.0.0 }\ntargets: {}\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        #expect(loaded.diagnostics.map(\.id) == ["xcodegen-version"])
        #expect(loaded.diagnostics.first?.severity == .warning)
    }
}
