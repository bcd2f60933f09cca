// `public`, as inlinable code requires: the lock's operations are inlined into StrataDI and
// StrataRouting. This module is no product of the package, so an app cannot import it, and no
// public inlinable code of theirs uses the lock, so nothing of it reaches an app.
#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#endif

/// The one lock of StrataDI and StrataRouting (public only for their inlinable code: this module
/// is no product, so it is not part of their API): a value
/// guarded by a mutual-exclusion lock, `os_unfair_lock` on Apple platforms and a
/// `pthread_mutex_t` elsewhere.
///
/// Both are available on every system the libraries support (iOS 13, macOS 10.15 and later), and
/// ThreadSanitizer sees both, so the tests under `--sanitize=thread` check the real locking.
/// `Synchronization.Mutex` would raise the floor to iOS 18 / macOS 15.
///
/// The lock is not recursive: `body` must not take the same lock again. Copies share one lock.
public struct Lock<State: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: its only stored property is the storage, whose state is read and
    // written only inside `withLock`, under the lock.
    @usableFromInline let storage: LockStorage<State>

    /// A lock guarding `state`.
    @inlinable
    public init(_ state: State) {
        storage = LockStorage.make(state)
    }

    /// Runs `body` with the state, under the lock.
    @inlinable @inline(__always)
    public func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        storage.withUnsafeMutablePointers { state, lock in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return body(&state.pointee)
        }
    }

    /// Runs `body` with the state, under the lock; an error `body` throws passes through once
    /// the lock is released.
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (state, lock) throws(Failure) -> Result in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&state.pointee)
        }
    }
}

extension Lock where State == Void {
    /// A lock that guards code rather than data: what runs in ``withLock(_:)-(()->Result)``
    /// runs on one thread at a time.
    @inlinable
    public init() { self.init(()) }

    /// Runs `body` under the lock. (It touches no state: ThreadSanitizer would take an access
    /// to the empty state for one to the buffer's start, which other threads read unlocked.)
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointerToElements { (lock) throws(Failure) -> Result in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body()
        }
    }
}

/// The state and the platform lock in one allocation: the state is the buffer's header and the
/// lock its one element.
///
/// Pointers into a `ManagedBuffer` stay valid for the buffer's lifetime and are only used inside
/// `withUnsafeMutablePointers`, which keeps the buffer alive; the platform lock needs a fixed
/// address, which a stored property of a class does not promise.
@usableFromInline
final class LockStorage<State: Sendable>: ManagedBuffer<State, PlatformLock.Primitive> {
    @inlinable
    static func make(_ state: State) -> LockStorage<State> {
        let buffer = create(minimumCapacity: 1) { _ in state }
        buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
        // A checked cast: `create` called on this class makes an instance of it.
        return buffer as! LockStorage<State>
    }

    // The header (the state) is a stored property, destroyed with the buffer; the element is not.
    deinit {
        withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
    }
}

/// The platform's lock primitive and its four operations.
@usableFromInline
enum PlatformLock {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock

    @inlinable static func initialize(_ lock: UnsafeMutablePointer<Primitive>) { lock.initialize(to: os_unfair_lock()) }
    @inlinable static func destroy(_ lock: UnsafeMutablePointer<Primitive>) { lock.deinitialize(count: 1) }
    @inlinable static func lock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_lock(lock) }
    @inlinable static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_unlock(lock) }
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t

    @inlinable
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        lock.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        // glibc's adaptive mutex spins briefly before sleeping in the kernel, as os_unfair_lock
        // does: the container's lock is held for one hash-table probe, so a thread that finds it
        // taken gets it a few hundred cycles later. A plain mutex put that thread to sleep and
        // woke it with two system calls: a singleton resolve with both cores resolving took
        // twice as long (docs/BENCHMARKS.md).
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        let status = pthread_mutex_init(lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    @inlinable
    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
    }

    @inlinable static func lock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_lock(lock) }
    @inlinable static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_unlock(lock) }
    #endif
}

/// The calling thread's identity, to tell whether a lock is held by this thread or another
/// (compared only, never dereferenced).
package struct ThreadID: Equatable, Sendable {
    private let bits: UInt

    /// The calling thread.
    package static var current: ThreadID {
        #if canImport(Darwin)
        ThreadID(bits: UInt(bitPattern: pthread_self()))
        #else
        ThreadID(bits: UInt(pthread_self()))
        #endif
    }
}
