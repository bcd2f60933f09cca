import Foundation
import Logging
import Persistence
import PersistenceCore
import PersistenceMocks
import Testing

@Suite struct StoreTests {
    struct Reading: Codable, Equatable {
        var name: String
        var value: Double
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("iss-store-\(UUID().uuidString)")
    }

    @Test func fileStoreKeepsValuesAcrossInstances() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try FileStore(folder: folder, logger: .disabled)
        try await first.setValue(Reading(name: "o2", value: 98), forKey: "suit-3005")
        let second = try FileStore(folder: folder, logger: .disabled)
        #expect(try await second.value(Reading.self, forKey: "suit-3005") == Reading(name: "o2", value: 98))
        #expect(try await second.keys() == ["suit-3005"])
        try await second.set(nil, forKey: "suit-3005")
        #expect(try await second.value(Reading.self, forKey: "suit-3005") == nil)
    }

    @Test func keysThatCouldEscapeTheFolderAreRejected() async throws {
        let store = InMemoryStore()
        for key in ["../etc/passwd", "", ".hidden", "a/b", "sp ace"] {
            await #expect(throws: PersistenceError.invalidKey(key)) { try await store.set(Data(), forKey: key) }
        }
    }

    @Test func corruptValuesAreReportedWithTheirKey() async throws {
        let store = InMemoryStore()
        try await store.set(Data("not json".utf8), forKey: "log")
        do {
            _ = try await store.value([Reading].self, forKey: "log")
            Issue.record("expected a corrupt-value error")
        } catch let error as PersistenceError {
            guard case .corrupt(let key, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(key == "log")
        }
    }

    @Test func theRecordingStoreRecordsAndCanFail() async throws {
        let store = RecordingStore()
        try await store.setValue([1, 2], forKey: "numbers")
        #expect(try await store.value([Int].self, forKey: "numbers") == [1, 2])
        await store.failAll(with: .unavailable("disk full"))
        await #expect(throws: PersistenceError.unavailable("disk full")) { try await store.set(nil, forKey: "numbers") }
        #expect(await store.operations == [.write("numbers"), .read("numbers"), .remove("numbers")])
    }
}
