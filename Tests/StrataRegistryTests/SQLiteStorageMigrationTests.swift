import Foundation
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import StrataRegistry
import Testing

/// The embedded storage across versions of Strata: a registry folder made before releases could be
/// signed (its table by the real sqlite3) opens, keeps its releases, and stores signed ones.
@Suite struct SQLiteStorageMigrationTests {
    @Test func aRegistryFromBeforeSigningGainsTheSignatureColumns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-storage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let old = """
            CREATE TABLE releases (
                package_key TEXT NOT NULL, scope TEXT NOT NULL, name TEXT NOT NULL, version_key TEXT NOT NULL, version TEXT NOT NULL,
                checksum TEXT NOT NULL, size INTEGER NOT NULL, metadata BLOB NOT NULL, manifests TEXT NOT NULL, dependencies TEXT NOT NULL,
                repository_urls TEXT NOT NULL, published_at REAL NOT NULL, PRIMARY KEY (package_key, version_key));
            INSERT INTO releases VALUES ('iss-core.network', 'iss-core', 'Network', '1.0.0', '1.0.0', '\(String(repeating: "a", count: 64))',
                10, X'7B7D', '{}', '[]', '[]', 1700000000);
            """
        let made = try await ProcessRunner.run("sqlite3", [folder + "/registry.sqlite", old], in: folder)
        try #require(made.status == 0, "sqlite3: \(made.error)")

        let storage = try await StorageConfiguration(folder: folder).open()
        let network = try PackageIdentifier.parse("iss-core.Network").get()
        let kept = try #require(try await storage.release(of: network, version: SemanticVersion("1.0.0")!))
        #expect(kept.signing == nil && kept.size == 10)
        let signing = Release.Signing(format: "cms-1.0.0", archiveSignature: Data([1, 2, 3]), metadataSignature: nil)
        var signed = kept
        signed.version = SemanticVersion("1.1.0")!
        signed.checksum = Checksum.sha256Hex(Data("archive".utf8))
        signed.signing = signing
        try await storage.publish(signed, archive: Data("archive".utf8))
        #expect(try await storage.release(of: network, version: SemanticVersion("1.1.0")!)?.signing == signing)
        try await storage.close()
    }

    /// A registry from before repository URLs had owners: where two packages named one URL, it
    /// goes to the one published first, and the other cannot name it again.
    @Test func aRegistryFromBeforeURLOwnersGivesEachURLToItsFirstPackage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-storage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let url = "github.com/apple/swift-nio"
        func row(_ scope: String, _ name: String, _ version: String, at time: Int) -> String {
            "('\(scope).\(name.lowercased())', '\(scope)', '\(name)', '\(version)', '\(version)', '\(String(repeating: "a", count: 64))', 10, X'7B7D', '{}', '[]', '[\"\(url)\"]', \(time))"
        }
        let old = """
            CREATE TABLE releases (
                package_key TEXT NOT NULL, scope TEXT NOT NULL, name TEXT NOT NULL, version_key TEXT NOT NULL, version TEXT NOT NULL,
                checksum TEXT NOT NULL, size INTEGER NOT NULL, metadata BLOB NOT NULL, manifests TEXT NOT NULL, dependencies TEXT NOT NULL,
                repository_urls TEXT NOT NULL, published_at REAL NOT NULL, PRIMARY KEY (package_key, version_key));
            INSERT INTO releases VALUES \(row("evil", "swift-nio", "1.0.0", at: 1_700_000_100)), \(row("apple", "swift-nio", "1.0.0", at: 1_700_000_000));
            """
        let made = try await ProcessRunner.run("sqlite3", [folder + "/registry.sqlite", old], in: folder)
        try #require(made.status == 0, "sqlite3: \(made.error)")

        let storage = try await StorageConfiguration(folder: folder).open()
        #expect(try await storage.identifiers(forRepositoryURL: "https://github.com/apple/swift-nio").map(\.description) == ["apple.swift-nio"])
        let evil = try PackageIdentifier.parse("evil.swift-nio").get()
        var again = try #require(try await storage.release(of: evil, version: SemanticVersion("1.0.0")!))
        again.version = SemanticVersion("1.1.0")!
        again.checksum = Checksum.sha256Hex(Data("again".utf8))
        await #expect(throws: PublishConflict.repositoryURLTaken(url: url, owner: "apple.swift-nio")) {
            try await storage.publish(again, archive: Data("again".utf8))
        }
        #expect(try await storage.release(of: evil, version: SemanticVersion("1.1.0")!) == nil)
        try await storage.close()
    }
}
