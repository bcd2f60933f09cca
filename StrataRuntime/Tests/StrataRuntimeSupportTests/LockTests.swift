import Dispatch
import StrataRuntimeSupport
import Testing

private struct Refused: Error {}

/// The lock itself: one thread at a time, and released whatever `body` does.
@Suite struct LockTests {
    @Test func incrementsFromManyThreadsAreNeverLost() {
        let counter = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func anErrorPassesThroughAndTheLockIsReleased() {
        let lock = Lock([String]())
        #expect(throws: Refused.self) {
            try lock.withLock { (names: inout [String]) throws(Refused) in
                names.append("half-done")
                throw Refused()
            }
        }
        // Taken again at once: the throw released it; what the body changed before it stays.
        #expect(lock.withLock { $0 } == ["half-done"])
    }

    @Test func aLockWithoutStateGuardsCode() throws {
        let lock = Lock()
        let inside = Lock(0)
        let most = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 {
                lock.withLock {
                    let now = inside.withLock {
                        $0 += 1; return $0
                    }
                    most.withLock { $0 = max($0, now) }
                    inside.withLock { $0 -= 1 }
                }
            }
        }
        #expect(most.withLock { $0 } == 1)
    }

    @Test func aThreadKnowsItself() {
        let here = ThreadID.current
        #expect(ThreadID.current == here)
        let there = Lock<ThreadID?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            there.withLock { $0 = ThreadID.current }
            done.signal()
        }
        done.wait()
        #expect(there.withLock { $0 } != here)
    }
}
