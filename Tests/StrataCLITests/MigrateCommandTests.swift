import Foundation
import StrataInit
import StrataManifest
import StrataSynthetic
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `strata migrate`: adopt mode to generate mode, proved by comparing the graphs before and
/// after `strata generate` has rewritten the packages from the migrated strata.yml.
@Suite struct MigrateCommandTests {
    static func strata(_ arguments: [String], in folder: String) async throws -> StrataBinary.Result {
        try await StrataBinary.run(arguments, in: folder)
    }

    @Test(arguments: [(120, 1), (200, 2), (200, 3)] as [(Int, UInt64)])
    func syntheticAdoptWorkspacesMigrateToTheSameGraph(modules: Int, seed: UInt64) async throws {
        let root = try Fixtures.temporaryFolder("strata-migrate")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: seed)).write(to: root, packages: true)
        let adopted = try await WorkspaceLoader().load(path: root).workspace

        let migrated = try await Self.strata(["migrate"], in: root)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stderr.contains("the migrated graph is the packages' graph"))
        let generated = try await Self.strata(["generate", "--force", "--quiet"], in: root)
        #expect(generated.status == 0, "\(generated.stderr)")

        // The packages strata generate wrote read back, in adopt mode, to the graph they started as.
        let generateMode = try await WorkspaceLoader().load(path: root).workspace
        #expect(generateMode.manifest.mode == .generate)
        let (differences, _) = AdoptMigration.compare(adopted: adopted, generated: generateMode)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        let check = try await Self.strata(["check", "--no-sources", "--quiet"], in: root)
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func localPackagesMigrateGenerateAndBuild() async throws {
        let root = try Fixtures.temporaryFolder("strata-migrate-local")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/LocalPackages"), toPath: root + "/w")
        let folder = root + "/w"
        let dryRun = try await Self.strata(["migrate", "--dry-run"], in: folder)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("generate: { layout: packages }"))
        #expect(dryRun.stdout.contains("  Suit: { layer: domain, dependencies: [NetworkInterface, Logging] }"), "\(dryRun.stdout)")
        #expect(try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8).contains("adopt: {}"))

        #expect(try await Self.strata(["migrate"], in: folder).status == 0)
        let generated = try await Self.strata(["generate", "--force", "--quiet"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        let check = try await Self.strata(["check"], in: folder)
        #expect(check.status == 0 && check.stdout.contains("no violations"), "\(check.stdout)")
        let build = try await StrataBinary.run([], in: folder, shell: "swift build \(ThrowawayBuild.flags) 2>&1")
        #expect(build.status == 0, "\(build.stdout.suffix(2_000))")
    }

    @Test func whatGenerateModeCannotSayIsRefusedAndNothingIsWritten() async throws {
        // Requirements: up to the next minor is said as such; a closed range strata.yml cannot say is an error at its line.
        let minor = try await Self.strata(["migrate", "--dry-run"], in: Fixtures.path("Adopt/RootPackage"))
        #expect(
            minor.stdout.contains("swift-collections: { url: \"https://github.com/apple/swift-collections.git\", up-to-next-minor-from: \"1.1.0\" }"))
        let root = try Fixtures.temporaryFolder("strata-migrate-conditions")
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/RootPackage"), toPath: root + "/closed")
        let package = try String(contentsOfFile: root + "/closed/Package.swift", encoding: .utf8)
        try package.replacingOccurrences(of: #".upToNextMinor(from: "1.1.0")"#, with: #""1.1.0"..."1.2.0""#)
            .write(toFile: root + "/closed/Package.swift", atomically: true, encoding: .utf8)
        let closed = try await Self.strata(["migrate", "--dry-run"], in: root + "/closed")
        #expect(closed.status == 2)
        #expect(closed.stderr.contains("Package.swift:24:9: error: [unsupported-migration] the version requirement of package 'swift-collections'"))
        // Conditions: each named, nothing written without --force.
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/ConditionalDependencies"), toPath: root + "/w")
        let before = try String(contentsOfFile: root + "/w/strata.yml", encoding: .utf8)
        let conditions = try await Self.strata(["migrate"], in: root + "/w")
        #expect(conditions.status == 2)
        #expect(conditions.stderr.contains("'Feature' depends on 'IOSKit' under a condition, which the migrated graph drops"))
        #expect(try String(contentsOfFile: root + "/w/strata.yml", encoding: .utf8) == before)
        // A generate-mode workspace has nothing to migrate.
        let iss = try await Self.strata(["migrate", "--dry-run"], in: Fixtures.iss)
        #expect(iss.status == 2 && iss.stderr.contains("[generate-mode]"))
    }
}
