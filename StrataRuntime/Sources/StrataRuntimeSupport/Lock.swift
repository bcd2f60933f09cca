#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock StrataDI and StrataRouting share (a `package` type: not part of their API).
///
/// A value guarded by a mutual-exclusion lock: `os_unfair_lock` on Apple platforms,
/// `pthread_mutex_t` elsewhere.
///
/// Not `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see Mutex's locking (it
/// reported races on the very state a Mutex guarded), while it intercepts both of these, so the
/// tests under `--sanitize=thread` check the real thing.
///
/// `@unchecked Sendable`: `state` is only read or written inside `withLock`, under the lock, and
/// is itself `Sendable`.
package final class Lock<State: Sendable>: @unchecked Sendable {
    #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    private var state: State

    /// A lock guarding `state`.
    package init(_ state: State) {
        self.state = state
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with the state, under the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&state)
    }
}
