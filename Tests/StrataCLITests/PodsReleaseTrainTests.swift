import Foundation
import StrataWorkspaceTestSupport
import Testing

/// A layer's pods repository migrated for the release train (step 3 of leaving CocoaPods):
/// strata.yml names a registry, so each pod's module gets its package in the pod's folder with
/// `distribution: registry`, strata.versions.yml records the pods' last releases from the spec
/// repo, `strata migrate tags` tags the migration commit, and `strata release` numbers the next
/// release after the pod's last version.
@Suite struct PodsReleaseTrainTests {
    static func podspec(_ name: String, _ version: String, _ more: String = "") -> String {
        """
        Pod::Spec.new do |s|
          s.name = '\(name)'
          s.version = '\(version)'
          s.source = { :git => 'https://git.example.com/core.git', :tag => "#{s.name}-#{s.version}" }
          s.source_files = 'Sources/**/*.swift'
        \(more)end

        """
    }

    static let manifest = """
        name: Core
        layers:
          - { name: core, patterns: ["*"] }
        adopt: { packages: [], podspecs: ["*/*.podspec"], spec-repos: [specs] }
        registry: { url: "http://127.0.0.1:9", scopes: { core: acme-core } }

        """

    static let files: [String: String] = [
        "Formatting/Formatting.podspec": podspec("Formatting", "1.2.0"),
        "Formatting/Sources/Format.swift": "public enum Format { public static func title(_ text: String) -> String { text } }\n",
        "Layout/Layout.podspec": podspec("Layout", "1.0.1", "  s.dependency 'Formatting', '~> 1.1'\n"),
        "Layout/Sources/Layout.swift": "import Formatting\npublic enum Layout { public static let title = Format.title(\"x\") }\n",
        // The spec repo: what was released. Formatting's podspec in the repository is ahead (1.2.0, unreleased).
        "specs/Specs/Formatting/1.0.0/Formatting.podspec": podspec("Formatting", "1.0.0"),
        "specs/Specs/Formatting/1.1.0/Formatting.podspec": podspec("Formatting", "1.1.0"),
        "specs/Specs/Layout/1.0.1/Layout.podspec": podspec("Layout", "1.0.1", "  s.dependency 'Formatting', '~> 1.1'\n"),
    ]

    func git(_ arguments: [String], in folder: String) async throws {
        let result = try await ProcessRunner.run(
            "git", ["-c", "user.email=tests@strata.invalid", "-c", "user.name=Strata Tests", "-c", "commit.gpgsign=false"] + arguments, in: folder)
        try #require(result.status == 0, "git \(arguments): \(result.error)")
    }

    @Test func migratedPodsContinueTheirVersionsOnTheReleaseTrain() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest, label: "strata-pods-train")
        for (path, text) in Self.files { try workspace.write(path, text) }
        let folder = workspace.root

        let migrated = try await StrataBinary.run(["migrate"], in: folder)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stderr.contains("wrote strata.yml and strata.versions.yml in generate mode"), "\(migrated.stderr)")
        let manifest = workspace.read("strata.yml") ?? ""
        #expect(manifest.contains("generate: { layout: packages, distribution: registry }\n"), "\(manifest)")
        #expect(manifest.contains("  Layout:\n    layer: core\n    package-folder: \"Layout\"\n    path: \"Layout/Sources\"\n"), "\(manifest)")
        #expect(
            workspace.read("strata.versions.yml")?.hasSuffix(
                "modules:\n  Formatting: { version: 1.1.0 }\n  Layout: { version: 1.0.1, requires: { Formatting: 1.1.0 } }\n") == true,
            "\(workspace.read("strata.versions.yml") ?? "")")

        let generated = try await StrataBinary.run(["generate", "--quiet"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(workspace.read("Layout/Package.swift")?.contains(#".package(id: "acme-core.Formatting", from: "1.1.0"),"#) == true)
        #expect(workspace.read("Formatting/Package.swift")?.contains(#"name: "Formatting""#) == true)

        try await git(["init", "--quiet", "--initial-branch=main"], in: folder)
        try await git(["add", "--all"], in: folder)
        let uncommitted = try await StrataBinary.run(["migrate", "tags"], in: folder)
        #expect(uncommitted.status == 2 && uncommitted.stderr.contains("[uncommitted-changes]"), "\(uncommitted.stderr)")
        try await git(["commit", "--quiet", "-m", "Migrate the pods"], in: folder)
        let tags = try await StrataBinary.run(["migrate", "tags"], in: folder)
        #expect(tags.status == 0, "\(tags.stderr)")
        #expect(tags.stdout == "tagged Formatting/1.1.0\ntagged Layout/1.0.1\n")
        let again = try await StrataBinary.run(["migrate", "tags"], in: folder)
        #expect(again.stdout == "already tagged Formatting/1.1.0\nalready tagged Layout/1.0.1\n", "\(again.stderr)")
        let versions = try await StrataBinary.run(["versions"], in: folder)
        #expect(versions.stdout.contains("Formatting  1.1.0     -") && versions.stdout.contains("Layout      1.0.1     -"), "\(versions.stdout)")

        // A change after the migration: the train numbers it after the pod's last release.
        try workspace.write("Formatting/Sources/Footer.swift", "public extension Format { static func footer(_ text: String) -> String { text } }\n")
        try await git(["add", "--all"], in: folder)
        try await git(["commit", "--quiet", "-m", "Add a footer"], in: folder)
        let plan = try await StrataBinary.run(["release", "--dry-run", "--no-verify"], in: folder)
        #expect(plan.stdout.contains("Formatting  1.1.0 → 1.2.0  minor  API additions"), "\(plan.stdout)\n\(plan.stderr)")
    }

    @Test func podsStayInOnePackageWhenTheTrainCannotTakeThem() async throws {
        let unscoped = try TemporaryWorkspace(
            Self.manifest.replacingOccurrences(of: "scopes: { core: acme-core }", with: "scopes: { ui: acme-ui }")
                .replacingOccurrences(of: "layers:\n", with: "layers:\n  - { name: ui, patterns: [\"UI*\"] }\n"), label: "strata-pods-train")
        for (path, text) in Self.files { try unscoped.write(path, text) }
        let result = try await StrataBinary.run(["migrate", "--dry-run"], in: unscoped.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("note: strata.yml names a registry, but the layer 'core' has no scope under 'registry.scopes'"), "\(result.stderr)"
        )
        #expect(!result.stdout.contains("layout: packages") && !result.stdout.contains("package-folder"))
        #expect(!result.stderr.contains("strata.versions.yml"))

        let atTheRoot = try TemporaryWorkspace(
            Self.manifest.replacingOccurrences(of: "\"*/*.podspec\"", with: "\"*.podspec\""), label: "strata-pods-train")
        try atTheRoot.write("Formatting.podspec", Self.podspec("Formatting", "1.1.0"))
        try atTheRoot.write("Sources/Format.swift", "public enum Format {}\n")
        try atTheRoot.write("specs/Specs/Formatting/1.1.0/Formatting.podspec", Self.podspec("Formatting", "1.1.0"))
        let root = try await StrataBinary.run(["migrate", "--dry-run"], in: atTheRoot.root)
        #expect(root.status == 0, "\(root.stderr)")
        #expect(root.stderr.contains("pod 'Formatting' has its podspec in the workspace's folder"), "\(root.stderr)")
    }
}
