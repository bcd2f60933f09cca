public import Foundation
import Synchronization

/// An exclusive lock on a workspace for a command that reads files, changes them and writes
/// them back (`strata new`, `strata generate`): two such runs at once would each write what they
/// read before the other's change, and one change would be lost.
///
/// The lock is `flock(2)` on the workspace folder itself, so taking it writes nothing (a
/// read-only workspace or a failed run is left exactly as it was) and the kernel releases it
/// when the process ends, however it ends. Commands that only read (`check`, `generate --check`)
/// take it shared, so they see one run's changes whole or not at all.
///
/// Taking the lock first finishes a change a killed run left half-made (`FileTransaction`'s
/// journal), so every run that holds it sees the workspace whole.
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
        /// A killed run left a change half-made, and it cannot be finished.
        case unfinished(journal: String, reason: String)

        public var description: String {
            switch self {
            case .busy(let root): "another strata run is changing the workspace at '\(root)'"
            case .unavailable(let root, let reason): "cannot lock the workspace at '\(root)': \(reason)"
            case .unfinished(let journal, let reason):
                "an interrupted strata run left a change half-made, recorded in '\(journal)', and it cannot be finished: \(reason)"
            }
        }
    }

    /// The workspace folder.
    public let root: String
    /// When the lock was taken: anything Strata left half-done in the workspace before this
    /// moment belongs to a run that has ended.
    public let acquired: Date
    /// What taking the lock finished of a change a killed run left half-made; nil if there was none.
    public let recovered: FileTransaction.Recovery?
    private let descriptor: Int32
    /// The workspaces this process holds the lock of, each with how many times.
    private static let held = Mutex<[String: Int]>([:])

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
        let recovered: FileTransaction.Recovery?
        do throws(Failure) {
            recovered = try finishInterrupted(root, descriptor: descriptor, holding: mode)
        } catch {
            close(descriptor)
            throw error
        }
        return WorkspaceLock(root: root, descriptor: descriptor, recovered: recovered)
    }

    /// Finishes a change a killed run left half-made in the workspace at `root`, taking the
    /// lock for it (waiting for another run that holds it) unless this process holds it
    /// already. Nil, at the cost of one `lstat`, when there is none.
    public static func finishInterruptedChange(in root: String) throws(Failure) -> FileTransaction.Recovery? {
        guard FileTransaction.isInterrupted(in: root) else { return nil }
        if held.withLock({ $0[PathResolution.standardize(root), default: 0] > 0 }) {
            do throws(AtomicFileWriter.WriteError) {
                return try FileTransaction.finishInterrupted(in: root)
            } catch {
                throw .unfinished(journal: FileTransaction.journalPath(in: root), reason: error.description)
            }
        }
        return try acquire(root, mode: .exclusive).recovered
    }

    /// With the lock held in `mode` on `descriptor`: finishes an interrupted change, if there
    /// is one, holding the lock exclusively while it does.
    private static func finishInterrupted(_ root: String, descriptor: Int32, holding mode: Mode) throws(Failure) -> FileTransaction.Recovery? {
        guard FileTransaction.isInterrupted(in: root) else { return nil }
        if mode == .shared {
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw .unavailable(root: root, reason: String(cString: strerror(errno))) }
            }
        }
        defer { if mode == .shared { flock(descriptor, LOCK_SH) } }
        do throws(AtomicFileWriter.WriteError) {
            return try FileTransaction.finishInterrupted(in: root)
        } catch {
            throw .unfinished(journal: FileTransaction.journalPath(in: root), reason: error.description)
        }
    }

    private init(root: String, descriptor: Int32, recovered: FileTransaction.Recovery?) {
        self.root = root
        self.descriptor = descriptor
        self.acquired = Date()
        self.recovered = recovered
        Self.held.withLock { $0[PathResolution.standardize(root), default: 0] += 1 }
    }

    /// Releases the lock (closing the descriptor releases it; so does the process ending).
    deinit {
        Self.held.withLock { $0[PathResolution.standardize(root), default: 1] -= 1 }
        close(descriptor)
    }
}
