import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources
import StrataWorkspaceTestSupport
import Testing

@testable import StrataCocoaPods
@testable import StrataManifest
@testable import StrataProjectFormat
@testable import StrataWorkspace

/// Adopt mode over CocoaPods: development pods, a Podfile and spec repos as one graph.
@Suite struct CocoaPodsAdoptTests {
    private func target(_ workspace: Workspace, _ name: String) throws -> Target {
        try #require(workspace.index[name].map { workspace.targets[$0] }, "no target \(name)")
    }

    private func edges(_ workspace: Workspace, from name: String) -> [String] {
        workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }.sorted()
    }

    private func edge(_ workspace: Workspace, _ from: String, _ to: String) throws -> Dependency {
        try #require(workspace.dependency(from: workspace.index[from]!, to: workspace.index[to]!), "no edge \(from) → \(to)")
    }

    @Test func theFixtureIsTheGraphItsPodsAndPodfileDeclare() async throws {
        let loaded = try await WorkspaceLoader().load(path: Fixtures.path("Adopt/CocoaPodsModules"))
        let workspace = loaded.workspace
        #expect(
            workspace.targets.map(\.name).sorted() == [
                "Astronaut", "AstronautTests", "CoreKit", "CoreKit-Unit-Tests", "DesignSystem", "NetworkService", "NetworkServiceMocks",
                "ProfileFeature", "ProfileFeature-Demo", "ProfileFeature-Unit-Tests", "pods/Alamofire", "pods/Analytics",
            ])
        #expect(try target(workspace, "Astronaut").role == .app)
        #expect(try target(workspace, "AstronautTests").role == .tests)
        #expect(try target(workspace, "ProfileFeature-Unit-Tests").module == "ProfileFeature")
        #expect(try target(workspace, "ProfileFeature-Demo").isTestHost)
        #expect(try target(workspace, "NetworkServiceMocks").role == .mocks)
        // use_frameworks!: dynamic frameworks, but a static_framework pod stays static.
        #expect(try target(workspace, "NetworkService").linkage == .dynamic)
        #expect(try target(workspace, "CoreKit").linkage == .static)
        #expect(try target(workspace, "ProfileFeature").modules == .named(["Profile"]))
        // External pods from the spec repos: the version the requirements allow, its module.
        #expect(try target(workspace, "pods/Analytics").modules == .named(["AnalyticsKit"]))
        #expect(try target(workspace, "pods/Alamofire").linkage == .dynamic)

        // Subspecs are the pod; a dependency on one is on the pod, and on itself is no edge.
        #expect(edges(workspace, from: "CoreKit") == [])
        #expect(edges(workspace, from: "NetworkService") == ["CoreKit", "pods/Alamofire"])
        #expect(edges(workspace, from: "ProfileFeature") == ["NetworkService", "pods/Analytics"])
        #expect(try edge(workspace, "ProfileFeature", "pods/Analytics").condition?.platforms == ["ios"])
        #expect(edges(workspace, from: "ProfileFeature-Demo") == ["NetworkServiceMocks", "ProfileFeature"])
        // The Podfile: a method's pods, and the nested test target's inherited pods (not linked).
        #expect(edges(workspace, from: "Astronaut") == ["CoreKit", "ProfileFeature", "pods/Analytics"])
        #expect(edges(workspace, from: "AstronautTests") == ["CoreKit", "NetworkServiceMocks", "ProfileFeature", "pods/Analytics"])
        #expect(try edge(workspace, "AstronautTests", "NetworkServiceMocks").isLinked)
        #expect(try edge(workspace, "AstronautTests", "CoreKit").isLinked == false)

        // Sources: the pod's and its subspecs' patterns, less exclude_files.
        func compiled(_ name: String) throws -> [String] {
            let sources = try #require(try target(workspace, name).sources)
            return SourceFileCollector.collect(sources).files.map { PathResolution.relative($0.path, from: workspace.root) }
        }
        #expect(try compiled("CoreKit") == ["Pods/CoreKit/Sources/Logging/Log.swift", "Pods/CoreKit/Sources/Storage/Store.swift"])
        #expect(try compiled("ProfileFeature") == ["Pods/ProfileFeature/Sources/ProfileScreen.swift"])
        #expect(try compiled("CoreKit-Unit-Tests") == ["Pods/CoreKit/Tests/StoreTests.swift"])
        #expect(try compiled("Astronaut") == [])
        #expect(loaded.inputs.contains(Fixtures.path("Adopt/CocoaPodsModules/Podfile")))
    }

    @Test func braceAlternativesExpand() {
        #expect(CocoaPodsFormat.expandBraces("Sources/*.{h,m,swift}") == ["Sources/*.h", "Sources/*.m", "Sources/*.swift"])
        #expect(CocoaPodsFormat.expandBraces("{A,B}/*.{h,swift}") == ["A/*.h", "A/*.swift", "B/*.h", "B/*.swift"])
        #expect(CocoaPodsFormat.expandBraces("Sources/**/*.swift") == ["Sources/**/*.swift"])
    }

    @Test(arguments: [
        ("1.2.0", "~> 1.0", true), ("2.0.0", "~> 1.0", false), ("1.2.9", "~> 1.2.3", true), ("1.3.0", "~> 1.2.3", false),
        ("1.0", ">= 1.0", true), ("0.9", ">= 1.0", false), ("1.9", "< 2.0", true), ("2.0", "< 2.0", false), ("1.4.0", "1.4", true),
        ("1.4.1", "= 1.4", false), ("1.4.1", "!= 1.4", true), ("1.10.0", "> 1.9", true),
    ])
    func versionRequirementsAreCocoaPods(version: String, requirement: String, meets: Bool) {
        #expect(SpecRepos.version(version, meets: requirement) == meets)
    }

    @Test func aPodfileTargetAnXcodeGenProjectDeclaresGetsThePods() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], xcodegen: [App/project.yml], podspecs: [\"Pods/*/*.podspec\"], podfile: Podfile }\n",
            label: "pods-mixed")
        try workspace.write("App/project.yml", "name: App\ntargets:\n  Shop: { type: application, platform: iOS, sources: [Shop] }\n")
        try workspace.write("App/Shop/Shop.swift", "import Kit\n")
        try workspace.write("Pods/Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/*.swift'\nend\n")
        try workspace.write("Podfile", "project 'App/App.xcodeproj'\ntarget 'Shop' do\n  pod 'Kit', :path => 'Pods/Kit'\nend\n")
        let loaded = try await workspace.load()
        #expect(loaded.targets.filter { $0.name == "Shop" }.count == 1)
        #expect(edges(loaded, from: "Shop") == ["Kit"])
        #expect(try target(loaded, "Shop").sources?.only == [workspace.root + "/App/Shop"])
    }

    /// An external pod's own dependencies come from its podspec in the spec repos, at every
    /// depth: a Podfile with one pod whose pod depends on another has both, linked in a chain.
    @Test func externalPodsDependOnWhatTheirPodspecsDeclare() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], podfile: Podfile, spec-repos: [Repo] }\n", label: "pods-external")
        try workspace.write(
            "Repo/Specs/Networking/1.2.0/Networking.podspec.json",
            "{ \"name\": \"Networking\", \"version\": \"1.2.0\", \"dependencies\": { \"Logging\": [\"~> 2.0\"] } }")
        try workspace.write(
            "Repo/Specs/Logging/2.1.0/Logging.podspec.json",
            "{ \"name\": \"Logging\", \"version\": \"2.1.0\", \"dependencies\": { \"Clock\": [] } }")
        try workspace.write("Repo/Specs/Clock/1.0.0/Clock.podspec.json", "{ \"name\": \"Clock\", \"version\": \"1.0.0\" }")
        try workspace.write("Podfile", "target 'App' do\n  pod 'Networking', '~> 1.2'\nend\n")
        let loaded = try await workspace.load()
        #expect(edges(loaded, from: "App") == ["pods/Networking"])
        #expect(edges(loaded, from: "pods/Networking") == ["pods/Logging"])
        #expect(edges(loaded, from: "pods/Logging") == ["pods/Clock"])
        #expect(loaded.targets.count == 4)
    }

    /// A Podfile as teams write it (Pocket Casts' shape): local variables, a method of pod lines,
    /// a requirement a method computes, a hook. A literal variable is used; a computed
    /// requirement is left out, and the pod is still read.
    @Test func variablesMethodsAndComputedRequirementsAreRead() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], podfile: Podfile, spec-repos: [Repo] }\n", label: "pods-ruby")
        for (name, version) in [("Cast", "4.8.0"), ("Networking", "1.2.0"), ("Lint", "0.57.0")] {
            try workspace.write("Repo/Specs/\(name)/\(version)/\(name).podspec.json", "{ \"name\": \"\(name)\", \"version\": \"\(version)\" }")
        }
        try workspace.write(
            "Podfile",
            """
            ios_target = Gem::Version.new('15.0')
            networking_version = '~> 1.2'

            def common_pods
              pod 'Cast', git: 'https://example.invalid/cast'
            end

            def lint_version
              require 'yaml'
              YAML.load_file('.swiftlint.yml')['swiftlint_version']
            end

            target 'App' do
              platform :ios, ios_target.version
              common_pods
              pod 'Networking', networking_version
            end

            abstract_target 'CI' do
              pod 'Lint', lint_version
            end

            post_install do |installer|
              installer.pods_project.targets.each { |target| target.name }
            end

            """)
        let loaded = try await workspace.load()
        #expect(edges(loaded, from: "App") == ["pods/Cast", "pods/Networking"])
        #expect(loaded.targets.contains { $0.name == "pods/Lint" } == false, "an abstract target's pods reach no target")
    }

    /// Without spec repos an external pod's module is not known (google-cast-sdk provides
    /// GoogleCast): never guessed from its name, said once, and the pod never reported unused.
    @Test func anExternalPodWithoutAPodspecHasUnknownModules() async throws {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], podfile: Podfile }\n", label: "pods-unknown")
        try workspace.write("Podfile", "target 'App' do\n  pod 'google-cast-sdk'\n  pod 'PulseCore', '4.2.4'\nend\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let cast = try #require(loaded.workspace.targets.first { $0.name == "pods/google-cast-sdk" })
        guard case .unknown = cast.modules else {
            Issue.record("pods/google-cast-sdk provides \(cast.modules), not unknown modules")
            return
        }
        let warnings = loaded.diagnostics.filter { $0.id == "unknown-modules" }
        #expect(warnings.count == 1, "\(loaded.diagnostics)")
        #expect(warnings.first?.message.hasPrefix("2 pods have no podspec to read") == true, "\(warnings)")
        #expect(warnings.first?.message.contains("'google-cast-sdk', 'PulseCore'") == true, "\(warnings)")
        #expect(warnings.first?.location?.line == 2)
    }

    @Test func anExternalPodsDependencyNoRepoMeetsIsAnErrorAtItsLine() async throws {
        let found = try await errors([
            "Podfile": "target 'App' do\n  pod 'Net', '1.0.0'\nend\n",
            "Repo/Specs/Net/1.0.0/Net.podspec.json": "{ \"name\": \"Net\", \"version\": \"1.0.0\", \"dependencies\": { \"Yams\": [\"~> 9.0\"] } }",
        ])
        #expect(found.first?.message == "no version of pod 'Yams' in the spec repos meets '~> 9.0'")
        #expect(found.first?.location?.path.hasSuffix("Repo/Specs/Net/1.0.0/Net.podspec.json") == true)
    }

    // MARK: Bad input

    private func errors(_ files: [String: String]) async throws -> [Diagnostic] {
        let workspace = try TemporaryWorkspace(
            "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], podspecs: [\"Pods/*/*.podspec\"], podfile: Podfile, spec-repos: [Repo] }\n",
            label: "pods-bad")
        try workspace.write("Repo/Specs/Yams/5.0.0/Yams.podspec.json", "{ \"name\": \"Yams\", \"version\": \"5.0.0\" }")
        try workspace.write("Pods/Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/*.swift'\nend\n")
        for (path, text) in files { try workspace.write(path, text) }
        do {
            _ = try await workspace.load()
            return []
        } catch {
            return (error as? InputErrors)?.diagnostics ?? []
        }
    }

    @Test func aPodNoRepoHoldsIsAnError() async throws {
        let found = try await errors(["Podfile": "target 'App' do\n  pod 'Kingfisher'\nend\n"])
        #expect(found.map(\.message) == ["pod 'Kingfisher' is in none of the spec repos"])
        #expect(found.first?.location?.line == 2)
    }

    @Test func aRequirementNoVersionMeetsIsAnErrorListingTheVersions() async throws {
        let found = try await errors(["Podfile": "target 'App' do\n  pod 'Yams', '~> 6.0'\nend\n"])
        #expect(found.first?.message == "no version of pod 'Yams' in the spec repos meets '~> 6.0'")
        #expect(found.first?.hint == "the repos have 5.0.0")
    }

    @Test func aVersionFolderHoldingAnotherPodsSpecSaysSo() async throws {
        let found = try await errors([
            "Podfile": "target 'App' do\n  pod 'Net', '1.0.0'\nend\n",
            "Repo/Specs/Net/1.0.0/Networking.podspec.json": "{ \"name\": \"Networking\", \"version\": \"1.0.0\" }",
        ])
        #expect(found.map(\.id) == ["invalid-podspec"])
        #expect(
            found.first?.message
                == "the spec repo's folder for pod 'Net' 1.0.0 holds no Net.podspec or Net.podspec.json (it holds Networking.podspec.json)")
        #expect(found.first?.location?.line == 2)
    }

    @Test(arguments: ["target :App do", "target :'App' do", "target :\"App\" do"])
    func aTargetNamedBySymbolIsReadAsCocoaPodsReadsIt(line: String) async throws {
        let found = try await errors(["Podfile": "\(line)\n  pod 'Kit', :path => 'Pods/Kit'\nend\n"])
        #expect(found.isEmpty)
    }

    @Test func aPathPodWithoutAPodspecIsAnError() async throws {
        let found = try await errors(["Podfile": "target 'App' do\n  pod 'Missing', :path => 'Pods/Missing'\nend\n"])
        #expect(found.map(\.id) == ["missing-podspec"])
        #expect(found.first?.location?.path.hasSuffix("/Podfile") == true)
    }

    @Test(arguments: [
        ("target 'App' do\n  1️⃣if ENV['CI']\n    pod 'Kit'\n  end\nend\n", "cannot read 'if'"),
        ("target 'App' do\n  pod 1️⃣name\nend\n", "a pod's name must be a literal string"),
        ("target 1️⃣App do\nend\n", "the target's name must be a literal string"),
        ("target 1️⃣\"#{name}\" do\nend\n", "the target's name must be a literal string"),
        ("1️⃣target 'App' do\n  pod 'Kit', :path => 'Pods/Kit'\n", "a block is not closed"),
        ("target 'App' do\n  inherit! 1️⃣'search_paths'\nend\n", "expected ':search_paths'"),
    ])
    func aPodfileOnlyRubyCouldReadIsALocatedError(podfile: String, message: String) async throws {
        let marked = MarkedText(podfile)
        let found = try await errors(["Podfile": marked.text])
        let error = try #require(found.first)
        #expect(found.count == 1)
        #expect(error.message.contains(message), "\(error.message)")
        if message != "a block is not closed" {
            #expect(error.location?.line == marked.position("1️⃣").line)
            #expect(error.location?.column == marked.position("1️⃣").column)
        }
    }
}
