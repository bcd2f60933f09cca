import Dispatch
import Foundation
import StrataDI
import StrataRuntimeSupport
import Testing

private final class First: Sendable {}
private final class Second: Sendable {}

/// The locking guarantees of docs/ARCHITECTURE.md ("The runtime libraries"): shared instances
/// are made under their own registration's lock, so unrelated registrations (in one container or
/// two) never wait for each other, and a factory may resolve on another thread and wait for it.
/// Each test would deadlock under one process-wide creation lock; each runs with a timeout, so a
/// regression fails instead of hanging. Run them under ThreadSanitizer too (`swift test
/// --sanitize=thread`, as CI does).
@Suite struct LockingTests {
    @Test func twoUnrelatedContainersMakeTheirSingletonsAtTheSameTime() throws {
        // Each factory waits until the other one has started: made one after the other, neither
        // would ever start.
        let one = Container()
        let two = Container()
        Self.registerSingletonsThatWaitForEachOther(firstIn: one, secondIn: two)
        let finished = try Self.run(timeout: 20) {
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                _ = index == 0 ? try? one.resolve(First.self) as AnyObject : try? two.resolve(Second.self) as AnyObject
            }
        }
        #expect(finished)
        #expect(try one.resolve(First.self) === one.resolve(First.self))
    }

    @Test func twoSingletonsOfOneContainerAreMadeAtTheSameTime() throws {
        let container = Container()
        Self.registerSingletonsThatWaitForEachOther(firstIn: container, secondIn: container)
        let results = Lock<[Bool]>([])
        let finished = try Self.run(timeout: 20) {
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let made = index == 0 ? (try? container.resolve(First.self)) != nil : (try? container.resolve(Second.self)) != nil
                results.withLock { $0.append(made) }
            }
        }
        #expect(finished)
        #expect(results.withLock { $0 } == [true, true])
    }

    @Test func aFactoryMayResolveOnAnotherThreadAndWait() throws {
        // The pattern that deadlocks under one creation lock: a singleton's factory hops to
        // another queue (say, the main thread) which resolves another singleton.
        let container = Container()
        let queue = DispatchQueue(label: "elsewhere")
        container.register(Second.self, scope: .singleton) { _ in Second() }
        container.register(First.self, scope: .singleton) { [weak container] resolver in
            let second = queue.sync { try? resolver.resolve(Second.self) }
            let viaContainer = queue.sync { try? container?.resolve(Second.self) }
            guard second != nil, second === viaContainer else { throw TimedOut() }
            return First()
        }
        let finished = try Self.run(timeout: 20) { _ = try? container.resolve(First.self) }
        #expect(finished)
        #expect((try? container.resolve(First.self)) != nil)
    }

    @Test func aFactoryWaitingForItselfOnAnotherThreadGetsACycleNotADeadlock() throws {
        let container = Container()
        let queue = DispatchQueue(label: "elsewhere")
        container.register(First.self, scope: .singleton) { resolver in
            // Through its resolver, the other thread's resolve is part of this one.
            _ = try queue.sync { try resolver.resolve(First.self) }
            return First()
        }
        let outcome = Lock<String>("")
        let finished = try Self.run(timeout: 20) {
            do {
                _ = try container.resolve(First.self)
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
        }
        #expect(finished)
        #expect(outcome.withLock { $0 }.hasPrefix("dependency cycle: First → First"))
    }

    @Test func resolvingItsOwnServiceThroughTheContainerOnTheSameThreadIsACycle() throws {
        let container = Container()
        container.register(First.self, scope: .singleton) { [weak container] _ in
            // Not through the resolver: the same thread entering the same registration.
            _ = try container?.resolve(First.self)
            return First()
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(First.self) }
        #expect(error.description.hasPrefix("dependency cycle: First → First"))
    }

    @Test func aSingletonIsMadeOnceWhileManyThreadsWaitForIt() throws {
        let counter = Counter()
        let container = Container()
        container.register(First.self, scope: .singleton) { _ in
            _ = counter.next()
            Thread.sleep(forTimeInterval: 0.05)
            return First()
        }
        let seen = Lock<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if let made = try? container.resolve(First.self) { seen.withLock { _ = $0.insert(ObjectIdentifier(made)) } }
        }
        #expect(counter.count == 1)
        #expect(seen.withLock { $0.count } == 1)
    }

    /// Registers `First` in `one` and `Second` in `two` as singletons whose factories each wait
    /// until the other has started: made one after the other, neither would ever finish.
    private static func registerSingletonsThatWaitForEachOther(firstIn one: Container, secondIn two: Container) {
        let firstStarted = DispatchSemaphore(value: 0)
        let secondStarted = DispatchSemaphore(value: 0)
        one.register(First.self, scope: .singleton) { _ in
            firstStarted.signal()
            guard secondStarted.wait(timeout: .now() + 10) == .success else { throw TimedOut() }
            return First()
        }
        two.register(Second.self, scope: .singleton) { _ in
            secondStarted.signal()
            guard firstStarted.wait(timeout: .now() + 10) == .success else { throw TimedOut() }
            return Second()
        }
    }

    /// Runs `body` on a thread of its own; whether it finished within `timeout` seconds.
    static func run(timeout: Double, _ body: @escaping @Sendable () -> Void) throws -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success
    }
}

struct TimedOut: Error {}
