import Foundation
import StrataWorkspaceTestSupport
import Testing

/// What `import` names: external products by the modules their package declares (read where
/// SwiftPM resolved it), module aliases, and dependencies that exist on some platforms only.
@Suite struct ModuleNamesTests {
    /// A package outside the workspace, as a git repository with a tag: its product
    /// 'SwiftToolsSupport-auto' provides the modules TSCBasic and TSCUtility.
    private func toolsRepository(in folder: String) async throws -> String {
        let repository = folder + "/tools-support"
        for target in ["TSCBasic", "TSCUtility"] {
            try FileManager.default.createDirectory(atPath: "\(repository)/Sources/\(target)", withIntermediateDirectories: true)
            try "public let \(target.lowercased()) = 1\n".write(
                toFile: "\(repository)/Sources/\(target)/\(target).swift", atomically: true, encoding: .utf8)
        }
        try """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "tools-support",
            products: [.library(name: "SwiftToolsSupport-auto", targets: ["TSCBasic", "TSCUtility"])],
            targets: [.target(name: "TSCBasic"), .target(name: "TSCUtility", dependencies: ["TSCBasic"])]
        )

        """.write(toFile: repository + "/Package.swift", atomically: true, encoding: .utf8)
        for arguments in [
            ["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "tools"], ["tag", "1.0.0"],
        ] {
            let result = try await ProcessRunner.run("git", arguments, in: repository)
            try #require(result.status == 0, "git \(arguments): \(result.error)")
        }
        return repository
    }

    /// A workspace whose Tool target uses the product, and whose Other target imports TSCBasic
    /// without declaring it (planted).
    private func workspace(in folder: String, repository: String) throws -> String {
        let root = folder + "/app"
        for (path, text) in [
            ("Sources/Tool/Tool.swift", "import TSCBasic\n\npublic let tool = tscbasic\n"),
            ("Sources/Other/Other.swift", "import TSCBasic\n\npublic let other = tscbasic\n"),
            ("Sources/Base/Base.swift", "public let base = 1\n"),
            ("strata.yml", "name: App\nlayers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\nrules:\n  same-layer: off\n"),
            (
                "Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(url: "file://\(repository)", from: "1.0.0")],
                    targets: [
                        .target(name: "Base"),
                        .target(name: "Tool", dependencies: [.product(name: "SwiftToolsSupport-auto", package: "tools-support")]),
                        .target(name: "Other", dependencies: ["Base", "Tool"]),
                    ]
                )

                """
            ),
        ] {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func productsAreMappedToTheModulesTheirResolvedPackageDeclares() async throws {
        let folder = try Fixtures.temporaryFolder("module-names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = try await workspace(in: folder, repository: try toolsRepository(in: folder))

        // Not resolved yet: said once, and nothing about the product is guessed. (With the
        // check cache on: resolving must invalidate it.)
        let before = try await StrataBinary.run(["check"], in: root)
        #expect(before.stdout.contains("warning: [unknown-modules] package 'tools-support' is not resolved"), "\(before.stdout)")
        #expect(!before.stdout.contains("'Tool' depends on"), "\(before.stdout)")
        #expect(before.stdout.components(separatedBy: "[unknown-modules]").count == 2)

        // Resolved by the real SwiftPM: the product provides TSCBasic and TSCUtility.
        let resolve = try await ProcessRunner.run("swift", ["package", "resolve"], in: root)
        try #require(resolve.status == 0, "swift package resolve: \(resolve.output)\(resolve.error)")
        let after = try await StrataBinary.run(["check"], in: root)
        #expect(after.status == 1, "\(after.stdout)\(after.stderr)")
        #expect(!after.stdout.contains("[unknown-modules]"), "\(after.stdout)")
        #expect(!after.stdout.contains("'Tool' depends on"), "the product is used through TSCBasic: \(after.stdout)")
        #expect(
            after.stdout.contains(
                "Sources/Other/Other.swift:1:8: error: [implicit-import] 'Other' imports 'TSCBasic', which is not one of its declared dependencies"),
            "\(after.stdout)")
        #expect(after.stdout.contains("declare product 'SwiftToolsSupport-auto' of package 'tools-support' (which provides 'TSCBasic')"))
        // The planted unused edge is still found, so the rule ran.
        #expect(after.stdout.contains("[unused-dependency] 'Other' depends on 'Base'"), "\(after.stdout)")
        // And it builds, as SwiftPM sees it (the implicit import compiles through Tool).
        let build = try await ProcessRunner.run("swift", ["build"] + ThrowawayBuild.options, in: root)
        #expect(build.status == 0, "swift build: \(build.output)\(build.error)")
    }

    @Test func aManifestIsReadAsTheHostThatBuildsForThePlatformReadsIt() async throws {
        let folder = Fixtures.path("Adopt/HostDependentManifest")
        let here = try await StrataBinary.run(["check", "--no-cache"], in: folder)
        #expect(here.stdout.contains("Package.swift:6:1: warning: [host-dependent-manifest]"), "\(here.stdout)")
        #expect(here.stdout.contains("2 targets"))
        // iOS is built on a Mac: MacSupport is declared, and no warning.
        let ios = try await StrataBinary.run(["check", "--no-cache", "--platform", "ios"], in: folder)
        #expect(ios.status == 0)
        #expect(ios.stdout == "HostDependentManifest: 3 targets, 3 dependencies, 1 layer — no violations\n")
        let linux = try await StrataBinary.run(["check", "--no-cache", "--platform", "linux"], in: folder)
        #expect(linux.stdout == "HostDependentManifest: 2 targets, 1 dependency, 1 layer — no violations\n")
    }

    @Test func aDependencyForOnePlatformIsNotThereForAnother() async throws {
        let folder = Fixtures.path("Adopt/ConditionalDependencies")
        let everywhere = try await StrataBinary.run(["check", "--no-cache"], in: folder)
        #expect(everywhere.status == 0, "\(everywhere.stdout)")
        let linux = try await StrataBinary.run(["check", "--no-cache", "--platform", "linux"], in: folder)
        #expect(linux.status == 0, "\(linux.stdout)")
        let ios = try await StrataBinary.run(["check", "--no-cache", "--platform", "ios"], in: folder)
        #expect(ios.status == 1)
        let errors = ios.stdout.split(separator: "\n").filter { $0.contains(": error: [") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Sources/LinuxTool/LinuxTool.swift:1:8: error: [implicit-import] 'LinuxTool' imports 'Helper'") == true)
        #expect(ios.stdout.contains("Package.swift:14:51: note: 'LinuxTool' declares 'Helper' only for linux, not for ios"), "\(ios.stdout)")

        let graph = try await StrataBinary.run(["graph", "--format", "json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any])
        let edges = try #require(document["edges"] as? [[String: Any]])
        let conditional = edges.filter { $0["condition"] != nil }
        #expect(conditional.count == 2)
        let iosKit = try #require(edges.first { $0["to"] as? String == "IOSKit" })
        #expect((iosKit["condition"] as? [String: Any])?["platforms"] as? [String] == ["ios"])
        #expect(edges.first { $0["to"] as? String == "Core" }?["condition"] == nil)
    }
}
