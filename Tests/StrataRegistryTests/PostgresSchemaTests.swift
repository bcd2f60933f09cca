import Foundation
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import StrataRegistry
import Testing

/// The PostgreSQL schema's versions: `migrate` applies what is missing once, and a server will
/// not start on a schema it does not know.
@Suite(.enabled(if: SharedBackendServers.enabled, Comment(rawValue: SharedBackendServers.requirement)))
struct PostgresSchemaTests {
    @Test func migrateAppliesOnceAndServersRefuseAnUnmigratedDatabase() async throws {
        let postgres = try await TestPostgres.start()
        do {
            try await postgres.createDatabase("fresh")
            // A folder of the test's own: opening makes `archives/` in it (the folder backend).
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-schema-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let configuration = StorageConfiguration(folder: folder, database: postgres.url("fresh"))
            do {
                _ = try await configuration.open()
                Issue.record("an unmigrated database was opened")
            } catch let error as SchemaMismatch {
                #expect(error.found == 0 && error.description.contains("run 'strata-registry migrate"))
            }
            // Several replicas migrating at once: the advisory lock lets one do it.
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 { group.addTask { try await configuration.migrate() } }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }
            #expect(applied.filter { !$0.isEmpty } == [[1, 2, 3]])
            #expect(try await configuration.migrate().isEmpty)
            // A database that is not there: PostgreSQL's own reason, at once.
            do {
                _ = try await StorageConfiguration(folder: folder, database: postgres.url("missing")).open()
                Issue.record("a missing database was opened")
            } catch let error as StorageUnavailable {
                #expect(error.reason.contains("PostgreSQL refused") && error.reason.contains("\"missing\" does not exist"), "\(error)")
            }
            let store = try await configuration.open()
            try await store.metadata.checkReachable()
            try await store.close()
            await postgres.stop()
        } catch {
            await postgres.stop()
            throw error
        }
    }

    @Test func badDatabaseURLsAreExplained() {
        for (url, problem) in [
            ("mysql://db/registry", "expected postgres://"),
            ("postgres://db.internal/registry", "name the user"),
            ("postgres://registry@db.internal", "name the database"),
            ("postgres://registry@db.internal/registry?sslmode=maybe", "sslmode must be"),
            ("postgres://registry:hunter2@db.internal/registry?pool=3", "unknown parameter 'pool'"),
        ] {
            do {
                try StorageConfiguration(folder: "/tmp", database: url).validate()
                Issue.record("\(url) was accepted")
            } catch {
                #expect(error.description.contains(problem), "\(error.description)")
                #expect(!error.description.contains("hunter2"), "the password is never printed")
            }
        }
    }
}
