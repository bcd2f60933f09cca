public import Foundation

/// An exclusive lock on a workspace for a command that reads files, changes them and writes
/// them back (`strata new`, `strata generate`): two such runs at once would each write what they
/// read before the other's change, and one change would be lost.
///
/// The lock is `flock(2)` on the workspace folder itself, so taking it writes nothing (a
/// read-only workspace or a failed run is left exactly as it was) and the kernel releases it
/// when the process ends, however it ends. Commands that only read (`check`, `generate --check`)
/// take it shared, so they see one run's changes whole or not at all.
public final class WorkspaceLock: Sendable {
    /// How the lock is held.
    public enum Mode: Sendable {
        /// For commands that write: no other run holds the lock in any mode.
        case exclusive
        /// For commands that read: only other readers hold it.
        case shared
    }

    /// Why the lock was not taken.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Another run holds it and the caller would not wait.
        case busy(root: String)
        /// The folder cannot be opened or locked (the system's words).
        case unavailable(root: String, reason: String)

        public var description: String {
            switch self {
            case .busy(let root): "another strata run is changing the workspace at '\(root)'"
            case .unavailable(let root, let reason): "cannot lock the workspace at '\(root)': \(reason)"
            }
        }
    }

    /// The workspace folder.
    public let root: String
    /// When the lock was taken: anything Strata left half-done in the workspace before this
    /// moment belongs to a run that has ended.
    public let acquired: Date
    private let descriptor: Int32

    /// Takes the lock on `root`. If another run holds it, `waiting` is called once and the call
    /// blocks until the lock is free; with `wait: false` it throws `.busy` instead.
    public static func acquire(
        _ root: String, mode: Mode = .exclusive, wait: Bool = true, waiting: () -> Void = {}
    ) throws(Failure) -> WorkspaceLock {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unavailable(root: root, reason: String(cString: strerror(errno))) }
        let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
        if flock(descriptor, operation | LOCK_NB) != 0 {
            let error = errno
            guard error == EWOULDBLOCK else {
                close(descriptor)
                throw .unavailable(root: root, reason: String(cString: strerror(error)))
            }
            guard wait else {
                close(descriptor)
                throw .busy(root: root)
            }
            waiting()
            while flock(descriptor, operation) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .unavailable(root: root, reason: reason)
                }
            }
        }
        return WorkspaceLock(root: root, descriptor: descriptor)
    }

    private init(root: String, descriptor: Int32) {
        self.root = root
        self.descriptor = descriptor
        self.acquired = Date()
    }

    /// Releases the lock (closing the descriptor releases it; so does the process ending).
    deinit {
        close(descriptor)
    }
}
