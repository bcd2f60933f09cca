import Foundation
import StrataWorkspaceTestSupport
import Testing

/// dump-package's answers are kept by exact manifest bytes, place and toolchain, in the user's cache.
@Suite struct EvaluatedManifestCacheTests {
    @Test func aManifestIsEvaluatedOnceUntilItsBytesChange() async throws {
        let folder = try Fixtures.temporaryFolder("evaluated-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = folder + "/workspace", cache = folder + "/cache"
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/DynamicManifest"), toPath: workspace)
        try? FileManager.default.removeItem(atPath: workspace + "/.build")
        func entries() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: cache + "/evaluated-manifests")) ?? [] }

        let first = try await StrataBinary.run(["check", "--no-cache"], in: workspace, environment: ["STRATA_CACHE_DIR": cache])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(entries().count == 1)
        let entry = cache + "/evaluated-manifests/" + entries()[0]
        let written = try FileManager.default.attributesOfItem(atPath: entry)[.modificationDate] as? Date

        // Read from the cache: the same findings, the entry untouched.
        let second = try await StrataBinary.run(["check", "--no-cache"], in: workspace, environment: ["STRATA_CACHE_DIR": cache])
        #expect(second.stdout == first.stdout)
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.modificationDate] as? Date == written)

        // Another manifest: evaluated anew (a target added), a second entry.
        let manifest = workspace + "/Package.swift"
        var text = try String(contentsOfFile: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: ".target(name: \"Core\"),", with: ".target(name: \"Core\"),\n    .target(name: \"Extra\"),")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: workspace + "/Sources/Extra", withIntermediateDirectories: true)
        try "public let extra = 1\n".write(toFile: workspace + "/Sources/Extra/Extra.swift", atomically: true, encoding: .utf8)
        let third = try await StrataBinary.run(["check", "--no-cache"], in: workspace, environment: ["STRATA_CACHE_DIR": cache])
        #expect(third.stdout.contains("6 targets"), "\(third.stdout)")
        #expect(entries().count == 2)
    }

    /// A manifest that leaves a target out unless a variable is set is kept once per value of it,
    /// and the last check stands only while the variable does: neither cache answers for another
    /// value with what it kept for one.
    @Test func aManifestThatReadsAnEnvironmentVariableIsKeptPerValue() async throws {
        let folder = try Fixtures.temporaryFolder("evaluated-cache-environment")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = folder + "/workspace", cache = folder + "/cache"
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/DynamicManifest"), toPath: workspace)
        try? FileManager.default.removeItem(atPath: workspace + "/.build")
        let manifest = workspace + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try (text + "\nif Context.environment[\"STRATA_TEST_EXTRA\"] == \"1\" {\n    package.targets.append(.target(name: \"Extra\"))\n}\n")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: workspace + "/Sources/Extra", withIntermediateDirectories: true)
        try "public let extra = 1\n".write(toFile: workspace + "/Sources/Extra/Extra.swift", atomically: true, encoding: .utf8)
        func check(extra: String?) async throws -> String {
            var environment = ["STRATA_CACHE_DIR": cache]
            environment["STRATA_TEST_EXTRA"] = extra ?? ""
            return try await StrataBinary.run(["check"], in: workspace, environment: environment).stdout
        }

        #expect(try await check(extra: nil).contains("5 targets"))
        #expect(try await check(extra: "1").contains("6 targets"))
        #expect(try await check(extra: "1").contains("6 targets"))
        #expect(try await check(extra: nil).contains("5 targets"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache + "/evaluated-manifests")
        #expect(entries.count == 2, "\(entries)")
    }

    /// SwiftPM locks dump-package's scratch path with a file in the temporary folder and leaves it
    /// there: one `_tmp_strata-dump-<UUID>.lock` per evaluation piled up. Strata removes it.
    @Test func anEvaluationLeavesNothingInTheTemporaryFolder() async throws {
        let folder = try Fixtures.temporaryFolder("evaluated-leftovers")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = folder + "/workspace", temporary = folder + "/tmp"
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/DynamicManifest"), toPath: workspace)
        try? FileManager.default.removeItem(atPath: workspace + "/.build")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let run = try await StrataBinary.run(
            ["check", "--no-cache", "--verbose"], in: workspace, environment: ["STRATA_NO_MANIFEST_CACHE": "1", "TMPDIR": temporary])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("dump-package"), "the manifest was not evaluated: \(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.contains("strata-") }
        #expect(left.isEmpty, "left in the temporary folder: \(left)")
    }

    @Test func theCacheCanBeTurnedOff() async throws {
        let folder = try Fixtures.temporaryFolder("evaluated-cache-off")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await StrataBinary.run(
            ["check", "--no-cache"], in: Fixtures.path("Adopt/DynamicManifest"),
            environment: ["STRATA_CACHE_DIR": folder, "STRATA_NO_MANIFEST_CACHE": "1"])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/evaluated-manifests"))
    }
}
