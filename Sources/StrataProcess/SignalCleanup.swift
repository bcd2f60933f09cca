import Synchronization

/// Work that must happen even when Strata is interrupted: `strata secrets edit` overwrites and
/// removes the decrypted temporary file, and stops the editor, on SIGINT, SIGTERM or SIGHUP.
///
/// The handlers `ChildProcess.stopChildrenOnSignals()` installs run every registered cleanup
/// first, then stop the children and let the signal end Strata. A cleanup runs on a dispatch
/// thread, at most once, and must not wait for the rest of the program.
public enum SignalCleanup {
    private struct State {
        var next = 0
        var cleanups: [Int: @Sendable () -> Void] = [:]
    }
    private static let state = Mutex(State())

    /// Registers `cleanup` until ``remove(_:)`` is called with the id returned.
    public static func add(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.next += 1
            state.cleanups[state.next] = cleanup
            return state.next
        }
    }

    /// Takes a cleanup off the list (its work is done, or no longer needed).
    public static func remove(_ id: Int) {
        _ = state.withLock { $0.cleanups.removeValue(forKey: id) }
    }

    /// Runs, and forgets, every registered cleanup.
    static func runAll() {
        let cleanups = state.withLock { state in
            defer { state.cleanups = [:] }
            return state.cleanups.sorted { $0.key < $1.key }.map(\.value)
        }
        for cleanup in cleanups { cleanup() }
    }
}
