import Foundation
import StrataFileSystem
import Synchronization
import Testing

@Suite struct WorkspaceLockTests {
    @Test func anExclusiveLockShutsOutEveryOtherRunUntilReleased() throws {
        try withTemporaryFolder { folder in
            var lock: WorkspaceLock? = try WorkspaceLock.acquire(folder)
            #expect(throws: WorkspaceLock.Failure.busy(root: folder)) { try WorkspaceLock.acquire(folder, wait: false) }
            #expect(throws: WorkspaceLock.Failure.busy(root: folder)) { try WorkspaceLock.acquire(folder, mode: .shared, wait: false) }
            withExtendedLifetime(lock) {}
            lock = nil
            _ = try WorkspaceLock.acquire(folder, wait: false)
        }
    }

    @Test func readersShareTheLockButKeepWritersOut() throws {
        try withTemporaryFolder { folder in
            let first = try WorkspaceLock.acquire(folder, mode: .shared, wait: false)
            let second = try WorkspaceLock.acquire(folder, mode: .shared, wait: false)
            #expect(throws: WorkspaceLock.Failure.busy(root: folder)) { try WorkspaceLock.acquire(folder, wait: false) }
            withExtendedLifetime((first, second)) {}
        }
    }

    @Test func aWaitingRunSaysSoAndGoesOnWhenTheLockIsFree() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let holder = try WorkspaceLock.acquire(folder)
        let waiting = Mutex(false)
        let waiter = Task.detached {
            let lock = try WorkspaceLock.acquire(folder) { waiting.withLock { $0 = true } }
            return lock.acquired
        }
        // Released once the waiter says it waits, however long a loaded machine takes to start it.
        let deadline = ContinuousClock.now + .seconds(60)
        while !waiting.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(waiting.withLock { $0 })
        let released = Date()
        withExtendedLifetime(holder) {}
        _ = consume holder
        #expect(try await waiter.value >= released)
    }

    @Test func aFolderThatIsMissingCannotBeLocked() {
        #expect(throws: WorkspaceLock.Failure.self) { try WorkspaceLock.acquire("/nonexistent/strata-workspace") }
    }
}
