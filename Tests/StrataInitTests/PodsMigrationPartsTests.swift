import Foundation
import StrataDiagnostics
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@testable import StrataInit

/// The parts of `strata migrate` for pods: where a pod's target goes and what it excludes,
/// `pods.yml`, the Swift language mode, and what is refused or said for the team.
@Suite struct PodsMigrationPartsTests {
    @Test func aTargetFolderHoldsItsSourcesAndNamesWholeFoldersOfOneKind() {
        let files = [
            "Pod.podspec", "README.md", "Sources/A.swift", "Sources/Sub/B.swift", "Sources/Sub/C.swift", "Sources/Pod.h",
            "Sources/Legacy/Old.swift", "Sources/Legacy/Older.swift", "Sources/Assets/a.png", "Sources/Assets/b.png",
            "Sources/Mixed/D.swift", "Sources/Mixed/notes.txt", "Tests/T.swift",
        ]
        let sources: Set = ["Sources/A.swift", "Sources/Sub/B.swift", "Sources/Sub/C.swift", "Sources/Mixed/D.swift"]
        let folder = PodTargetFolder(files: files, sources: sources, resources: ["Sources/Assets/a.png", "Sources/Assets/b.png"])
        #expect(folder.path == "Sources")
        #expect(folder.exclude == ["Legacy", "Mixed/notes.txt", "Pod.h"])
        #expect(folder.resources == ["Assets"])
        // Sources and resources in different folders: their common folder, the pod's own.
        let wide = PodTargetFolder(files: files, sources: ["Sources/A.swift"], resources: ["README.md"])
        #expect(wide.path == "")
        #expect(wide.exclude == ["Pod.podspec", "Sources/Legacy", "Sources/Mixed", "Sources/Pod.h", "Sources/Sub", "Sources/Assets", "Tests"].sorted())
        #expect(wide.resources == ["README.md"])
        #expect(PodTargetFolder.commonFolder(of: ["a/b/c.swift", "a/b/d/e.swift"]) == "a/b")
        #expect(PodTargetFolder.commonFolder(of: []) == "")
    }

    @Test func podsYmlGivesEachExternalPodAPackageOrNone() throws {
        let text = """
            pods:
              Alamofire: { url: https://github.com/Alamofire/Alamofire.git, from: 5.8.0, product: Alamofire }
              Firebase/Analytics: { url: https://github.com/firebase/firebase-ios-sdk.git, exact: 10.1.0, product: FirebaseAnalytics }
              Firebase: { url: https://github.com/firebase/firebase-ios-sdk.git, branch: main, product: FirebaseCore }
              GoogleCast: ~
              Network: { id: core.Network, range: "1.2.0..<1.5.0", product: NetworkKit }
            """
        let homes = try PodHomes.parse(data: Data(text.utf8), path: "/w/pods.yml")
        #expect(homes.home(of: "Network")??.source == .registry("core.Network"))
        #expect(homes.home(of: "Network")??.packageFields == ["id: core.Network", "range: \"1.2.0..<1.5.0\""])
        #expect(homes.home(of: "Alamofire")??.requirement == .from("5.8.0"))
        #expect(homes.home(of: "Firebase/Analytics")??.product == "FirebaseAnalytics")
        #expect(homes.home(of: "Firebase/Crashlytics")??.product == "FirebaseCore")
        #expect(homes.home(of: "GoogleCast").map { $0 == nil } == true)
        #expect(homes.home(of: "Kingfisher") == nil)

        let bad = """
            pods:
              A: { from: 1.0.0 }
              B: { url: u, from: 1.0.0, exact: 1.0.0 }
              C: { url: u, form: 1.0.0 }
              D: [url]
              E: { id: core.E, branch: main }
              F: { url: u, id: core.F, from: 1.0.0 }
            """
        do {
            _ = try PodHomes.parse(data: Data(bad.utf8), path: "/w/pods.yml")
            Issue.record("bad entries must be input errors")
        } catch {
            #expect(
                error.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                    "2:3 pod 'A' needs a 'url' or a registry 'id' (one of them)",
                    "3:3 pod 'B' needs exactly one of 'from', 'exact', 'up-to-next-minor-from', 'range', 'branch' or 'revision'",
                    "4:16 unknown key 'form' in pod 'C'",
                    "4:3 pod 'C' needs exactly one of 'from', 'exact', 'up-to-next-minor-from', 'range', 'branch' or 'revision'",
                    "5:6 expected a mapping for pod 'D', found a list",
                    "6:3 pod 'E' has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'",
                    "7:3 pod 'F' needs a 'url' or a registry 'id' (one of them)",
                ])
            #expect(error.diagnostics[2].hint == "did you mean 'from'?")
        }
    }

    @Test func podsAreSwift5UnlessTheySay6() {
        #expect(PodsPlanner.languageMode([]) == "5")
        #expect(PodsPlanner.languageMode(["5.0", "5.9"]) == "5")
        #expect(PodsPlanner.languageMode(["5.9", "6.0"]) == nil)
        #expect(PodsPlanner.languageMode(["4.2"]) == "4.2")
        #expect(PodsPlanner.languageMode(["4.0"]) == "4")
    }

    /// Two podspecs in one folder whose globs share a file: it stays in the first pod, the team
    /// is told, and the proof names what the second pod loses.
    @Test func aFileTwoPodsShareStaysInTheFirstAndIsNamed() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [{ name: core, patterns: ["*"] }]
            adopt: { packages: [], podspecs: ["Kit/*.podspec"] }
            """)
        try workspace.write("Kit/Alpha.podspec", "Pod::Spec.new do |s|\n  s.name = 'Alpha'\n  s.source_files = 'Shared/*.swift', 'Alpha/*.swift'\nend\n")
        try workspace.write("Kit/Beta.podspec", "Pod::Spec.new do |s|\n  s.name = 'Beta'\n  s.source_files = 'Shared/*.swift', 'Beta/*.swift'\nend\n")
        for file in ["Kit/Shared/Clamp.swift", "Kit/Alpha/A.swift", "Kit/Beta/B.swift"] { try workspace.write(file, "let x = 1\n") }
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let migration = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
        #expect(
            migration.forTheTeam.contains {
                $0.hasPrefix("'Kit/Shared/Clamp.swift' is a source of pods 'Alpha' and 'Beta': SwiftPM builds a file in one target only, so it stays in 'Alpha'")
            })
        #expect(migration.differences == ["target 'Beta' builds other Swift files once migrated: it loses Kit/Shared/Clamp.swift"])
        #expect(migration.manifestText.contains("  Alpha:\n    layer: core\n    path: \"Kit\"\n    exclude: [\"Alpha.podspec\", \"Beta\", \"Beta.podspec\"]\n"))
        #expect(migration.manifestText.contains("  Beta:\n    layer: core\n    path: \"Kit/Beta\"\n"))
    }

    /// Moya's shape: a default subspec, and others that bring external pods nothing else uses.
    @Test func whatOnlyALeftOutSubspecNeedsIsNotMigratedNorAskedFor() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [{ name: network, patterns: [Moya] }]
            adopt: { packages: [], podspecs: ["Moya.podspec"] }
            """)
        try workspace.write(
            "Moya.podspec",
            """
            Pod::Spec.new do |s|
              s.name = 'Moya'
              s.default_subspec = 'Core'
              s.subspec 'Core' do |ss|
                ss.source_files = 'Sources/Moya/'
              end
              s.subspec 'RxSwift' do |ss|
                ss.source_files = 'Sources/RxMoya/'
                ss.dependency 'Moya/Core'
                ss.dependency 'RxSwift', '~> 6.0'
              end
            end
            """)
        try workspace.write("Sources/Moya/Moya.swift", "public struct Moya {}\n")
        try workspace.write("Sources/RxMoya/RxMoya.swift", "import RxSwift\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let migration = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
        #expect(migration.differences.isEmpty, "\(migration.differences)")
        #expect(migration.withoutHome.isEmpty && migration.homesText == nil)
        #expect(migration.manifestText.contains("  Moya:\n    layer: network\n    path: \"Sources/Moya\"\n"))
        #expect(migration.forTheTeam.contains { $0.hasPrefix("pod 'Moya': subspecs 'Moya/RxSwift' are left out") })
    }

    /// An external pod without a spec repo to read, or whose sources are not at hand: left `~` in
    /// the drafted pods.yml, named, and a difference until the team gives it a package.
    @Test func anExternalPodWithoutAHomeIsNamedAndDrafted() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [{ name: network, patterns: [Network] }]
            adopt: { packages: [], podspecs: ["Network.podspec"] }
            """)
        try workspace.write(
            "Network.podspec", "Pod::Spec.new do |s|\n  s.name = 'Network'\n  s.source_files = 'Sources/*.swift'\n  s.dependency 'Alamofire', '~> 5.0'\nend\n")
        try workspace.write("Sources/Client.swift", "import Alamofire\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let migration = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
        #expect(migration.withoutHome == ["Alamofire"])
        #expect(migration.homesText?.hasSuffix("pods:\n  Alamofire: ~ # ~> 5.0\n") == true, "\(migration.homesText ?? "")")
        #expect(migration.differences == ["target 'pods/Alamofire' is not in the migrated graph", "'Network' depends on 'pods/Alamofire', which the migrated graph lacks"])
        // Given a home in a package registry, it is a registry package of the migrated workspace.
        try workspace.write("pods.yml", "pods:\n  Alamofire: { id: af.Alamofire, up-to-next-minor-from: 5.8.0, product: Alamofire }\n")
        let homed = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
        #expect(homed.differences.isEmpty && homed.withoutHome.isEmpty && homed.homesText == nil, "\(homed.differences)")
        #expect(homed.manifestText.contains("packages:\n  Alamofire: { id: af.Alamofire, up-to-next-minor-from: \"5.8.0\" }\n"), "\(homed.manifestText)")
        #expect(homed.manifestText.contains("    packages: [\"Alamofire/Alamofire\"]\n"))
        #expect(PodHomesDraft.libraryProducts(in: #".library(name: "A", targets: ["A"]), .library( name:"B", type: .dynamic"#) == ["A", "B"])
        #expect(PodHomesDraft.requirement(["~> 1.2.3"], version: "1.2.9") == "from: 1.2.3")
        #expect(PodHomesDraft.requirement(["= 1.4.1"], version: "1.4.1") == "exact: 1.4.1")
    }

    /// `vendored_frameworks`: an XCFramework becomes a binary target the module depends on (which
    /// the pods' graph has no node for); a plain framework is said for the team.
    @Test func vendoredXCFrameworksBecomeBinaries() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [{ name: media, patterns: [Player] }]
            adopt: { packages: [], podspecs: ["Player/Player.podspec"] }
            """)
        try workspace.write(
            "Player/Player.podspec",
            "Pod::Spec.new do |s|\n  s.name = 'Player'\n  s.source_files = 'Sources/*.swift'\n"
                + "  s.vendored_frameworks = 'Frameworks/*.xcframework', 'Frameworks/Old.framework'\nend\n")
        try workspace.write("Player/Sources/Player.swift", "public struct Player {}\n")
        try workspace.write("Player/Frameworks/Codec.xcframework/Info.plist", "<plist/>\n")
        try workspace.write("Player/Frameworks/Codec.xcframework/ios-arm64/Codec.framework/Codec", "binary\n")
        try workspace.write("Player/Frameworks/Old.framework/Old", "binary\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        let migration = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
        #expect(migration.differences.isEmpty, "\(migration.differences)")
        #expect(migration.manifestText.contains("    binaries: [\"Player/Frameworks/Codec.xcframework\"]\n"), "\(migration.manifestText)")
        #expect(migration.forTheTeam.contains { $0.hasPrefix("pod 'Player' vendors 'Frameworks/Old.framework', a plain framework") })
    }

    @Test func workspacesOfPodsAndPackagesAreMigratedInSteps() async throws {
        let workspace = try TemporaryWorkspace(
            """
            layers: [{ name: core, patterns: ["*"] }]
            adopt: { packages: ["."], podspecs: ["Kit/*.podspec"] }
            """)
        try workspace.write("Kit/Alpha.podspec", "Pod::Spec.new do |s|\n  s.name = 'Alpha'\n  s.source_files = 'Alpha/*.swift'\nend\n")
        try workspace.write("Kit/Alpha/A.swift", "let a = 1\n")
        try workspace.write(
            "Package.swift",
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Gamma\")])\n")
        try workspace.write("Sources/Gamma/G.swift", "let g = 1\n")
        let loaded = try await WorkspaceLoader().load(path: workspace.root)
        do {
            _ = try await PodsMigration.migrate(loaded, manifestText: workspace.read("strata.yml")!)
            Issue.record("pods and packages together are migrated in steps")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["unsupported-migration"])
            #expect(error.diagnostics.first?.message.contains("this workspace also has 1 target from Package.swift files") == true)
        }
    }
}
