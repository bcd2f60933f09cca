#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one lock under which shared instances (singleton, weak, custom scopes) are made, for every
/// container of the process.
///
/// It is recursive, because a factory resolves its own dependencies, which may be shared too. One
/// lock for every container means two threads making singletons of two containers that depend on
/// each other cannot deadlock. Only the slow path takes it: a shared instance that exists is read
/// without it.
///
/// `@unchecked Sendable`: its only state is the pthread mutex, which exists to be shared.
@usableFromInline
final class CreationLock: @unchecked Sendable {
    @usableFromInline static let shared = CreationLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "StrataDI: pthread_mutex_init failed (\(status))")
    }

    /// Takes the lock (again, if this thread holds it already).
    @usableFromInline func lock() { pthread_mutex_lock(mutex) }

    /// Releases one hold of the lock.
    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
}
