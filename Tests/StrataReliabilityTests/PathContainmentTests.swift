import Foundation
import StrataWorkspaceTestSupport
import Testing

/// Paths in strata.yml and links among the sources cannot take Strata out of the workspace.
@Suite struct PathContainmentTests {
    /// A folder holding the workspace `ws` and a sibling folder beside it, removed afterwards.
    final class Playground {
        let root: String
        var workspace: String { root + "/ws" }
        init(_ manifest: String) throws {
            root = try Fixtures.temporaryFolder("strata-paths")
            try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
            try write("ws/strata.yml", manifest)
            // Outside the workspace: a Swift file that would break the import rules if it were read.
            try write("sibling/Sources/Lib/Lib.swift", "import NotDeclaredAnywhere\n")
            try write(
                "sibling/Package.swift",
                "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Sibling\", targets: [.target(name: \"Lib\")])\n"
            )
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
        func write(_ relative: String, _ text: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        func link(_ relative: String, to destination: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
        }
    }

    @Test(arguments: ["/proc/self", "/", "../sibling/Sources/Lib", "Sources/../../sibling"])
    func aModulePathOutsideTheWorkspaceIsAnInputErrorAtThePath(path: String) async throws {
        let playground = try Playground(
            """
            name: Escape
            layers: [core]
            modules:
              Fine:   { layer: core }
              Escape: { layer: core, path: "\(path)" }
            """)
        let result = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(result.ending == .exited(2))
        #expect(
            result.stdout.hasPrefix("strata.yml:5:32: error: [path-outside-workspace] the sources of 'Escape' at '\(path)' lead to "),
            "\(result.stdout)")
        #expect(result.stdout.contains("hint: a target's sources must be inside the workspace"))
        #expect(result.stdout.contains("1 error in the input; nothing was checked"))
    }

    @Test func aSourceFolderThatIsALinkOutOfTheWorkspaceIsNotWalked() async throws {
        let playground = try Playground(
            """
            name: Escape
            layers: [core]
            modules:
              Escape: { layer: core }
            """)
        try playground.link("ws/Sources/Escape", to: "../../sibling/Sources/Lib")
        let result = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(result.ending == .exited(0), "\(result.stdout)")
        #expect(result.stdout.contains("warning: [symlink-outside-workspace] this symbolic link leads outside the workspace"), "\(result.stdout)")
        #expect(!result.stdout.contains("NotDeclaredAnywhere"))
    }

    @Test func aLinkInsideASourceFolderIsNotFollowedOutOfTheWorkspace() async throws {
        let playground = try Playground(
            """
            name: Escape
            layers: [core]
            modules:
              Escape: { layer: core }
            """)
        try playground.write("ws/Sources/Escape/Escape.swift", "public let escape = 1\n")
        try playground.link("ws/Sources/Escape/Everything", to: "/")
        try playground.link("ws/Sources/Escape/Lib", to: "../../../sibling/Sources/Lib")
        // A link that stays inside the workspace is followed as before.
        try playground.write("ws/Shared/Inside.swift", "import Foundation\n")
        try playground.link("ws/Sources/Escape/Inside", to: "../../Shared")
        let result = try await RunningStrata.run(["check", "--format", "json"], in: playground.workspace, limit: .seconds(60))
        #expect(result.ending == .exited(0), "\(result.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let paths = diagnostics.filter { $0["id"] as? String == "symlink-outside-workspace" }
            .compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        #expect(Set(paths) == ["Sources/Escape/Everything", "Sources/Escape/Lib"])
        #expect(diagnostics.count == 2, "\(diagnostics)")
    }

    @Test func aPackageOutsideTheWorkspaceMustBeAllowedByName() async throws {
        let manifest = """
            name: Escape
            layers: [core]
            packages:
              Sibling: { path: ../sibling }
            modules:
              Fine: { layer: core, packages: [Sibling/Lib] }
            """
        let playground = try Playground(manifest)
        try playground.write("ws/Sources/Fine/Fine.swift", "import Lib\n")
        let refused = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(refused.ending == .exited(2))
        #expect(
            refused.stdout.contains("strata.yml:4:3: error: [path-outside-workspace] package 'Sibling' at '../sibling' leads to "),
            "\(refused.stdout)")
        #expect(
            refused.stdout.contains("hint: if the workspace is meant to use it, allow the folder in strata.yml: 'outside-workspace: [../sibling]'"))

        try playground.write("ws/strata.yml", manifest.replacingOccurrences(of: "packages:\n", with: "outside-workspace: [../sibling]\npackages:\n"))
        let allowed = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(allowed.ending == .exited(0), "\(allowed.stdout)")
    }

    @Test func anAdoptedPackageFolderOutsideTheWorkspaceMustBeAllowedByName() async throws {
        let playground = try Playground(
            """
            name: Escape
            layers:
              - name: core
                patterns: ["*"]
            adopt: { packages: ["Packages/*"] }
            """)
        // A package folder that is a link to the sibling: found by the glob, outside by its target.
        try playground.link("ws/Packages/Sibling", to: "../../sibling")
        let refused = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(refused.ending == .exited(2))
        #expect(refused.stdout.contains("error: [path-outside-workspace] package 'Packages/Sibling' at "), "\(refused.stdout)")
        #expect(refused.stdout.contains("(through a symbolic link)"))
    }

    /// An XcodeGen include is a file Strata reads: one outside the workspace is refused at the
    /// include, unless `outside-workspace` lists its folder.
    @Test func anXcodeGenIncludeOutsideTheWorkspaceIsRefusedUnlessAllowed() async throws {
        let adopt = """
            name: Escape
            layers:
              - { name: all, patterns: ["*"] }
            adopt: { xcodegen: [App/project.yml] }

            """
        let playground = try Playground(adopt)
        try playground.write("sibling/shared.yml", "options: { bundleIdPrefix: org.example }\n")
        try playground.write("ws/App/project.yml", "name: App\ninclude: [../../sibling/shared.yml]\ntargets: {}\n")
        let refused = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(refused.ending == .exited(2), "\(refused.stdout)")
        #expect(
            refused.stdout.hasPrefix("App/project.yml:2:11: error: [path-outside-workspace] '../../sibling/shared.yml' leads to "),
            "\(refused.stdout)")
        #expect(refused.stdout.contains("outside-workspace: [../sibling]"), "\(refused.stdout)")

        try playground.write("ws/strata.yml", adopt + "outside-workspace: [../sibling]\n")
        let allowed = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(allowed.ending == .exited(0), "\(allowed.stdout)")
    }

    /// `strata init` looks for build files below the folder, following links that stay inside
    /// it, each folder once; a link out of it (here to `/`) is never followed.
    @Test func initFollowsNoLinkOutOfTheFolder() async throws {
        let playground = try Playground("")
        try FileManager.default.removeItem(atPath: playground.workspace + "/strata.yml")
        try playground.write(
            "ws/Packages/Core/Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Core\", targets: [.target(name: \"Core\")])\n")
        try playground.write("ws/Packages/Core/Sources/Core/Core.swift", "public struct Core {}\n")
        try playground.link("ws/Packages/rootlink", to: "/")
        try playground.link("ws/Packages/sibling", to: "../../sibling")
        try playground.link("ws/Packages/again", to: "Core")
        let run = try await RunningStrata.run(["init", "--yes"], in: playground.workspace, limit: .seconds(120))
        #expect(run.ending == .exited(0), "\(run.stderr)")
        let manifest = try String(contentsOfFile: playground.workspace + "/strata.yml", encoding: .utf8)
        #expect(manifest.contains("Packages/Core") || manifest.contains("Packages/*"), "\(manifest)")
        #expect(!manifest.contains("rootlink") && !manifest.contains("sibling") && !manifest.contains("Sibling"), "\(manifest)")
    }

    /// A podspec's `source_files` that lead out of the workspace are refused at the spec.
    @Test func podspecSourcesOutsideTheWorkspaceAreRefused() async throws {
        let playground = try Playground(
            """
            name: Escape
            layers:
              - { name: all, patterns: ["*"] }
            adopt: { podspecs: [Pods/*.podspec] }

            """)
        try playground.write(
            "ws/Pods/Core.podspec",
            "Pod::Spec.new do |s|\n  s.name = 'Core'\n  s.version = '1.0.0'\n  s.source_files = '../../sibling/Sources/**/*.swift'\nend\n")
        let refused = try await RunningStrata.run(["check"], in: playground.workspace, limit: .seconds(60))
        #expect(refused.ending == .exited(2), "\(refused.stdout)")
        #expect(
            refused.stdout.hasPrefix("Pods/Core.podspec:1:1: error: [path-outside-workspace] '../../sibling/Sources/**/*.swift' leads to "),
            "\(refused.stdout)")
    }
}
