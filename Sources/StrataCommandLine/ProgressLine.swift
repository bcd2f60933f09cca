import Foundation
import Synchronization

/// One line on standard error that says what a long run is doing ("strata: scanning the sources
/// of 6,336 targets… 4 s"). It appears only on a terminal, only once the run has taken half a
/// second, is redrawn at most ten times a second, and is erased before the results are printed.
/// Never in machine formats, pipes or `--quiet` runs: the command decides that by not starting one.
package final class ProgressLine: @unchecked Sendable {
    // @unchecked: `timer` is set once in init and then only cancelled, which a dispatch source
    // allows from any thread; everything else is behind `state`'s lock.
    private struct State {
        var phase: String?
        var shown = false
        var finished = false
        var drawn = ""
    }
    private let state = Mutex(State())
    private let start = ContinuousClock.now
    private let timer: any DispatchSourceTimer

    /// A progress line if standard error is a terminal that can redraw a line and `enabled`.
    private static func start(enabled: Bool) -> ProgressLine? {
        guard enabled, isatty(STDERR_FILENO) != 0, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressLine()
    }

    /// Runs `body` with a progress line, if `enabled` and the terminal allow one, erased when
    /// `body` returns or throws.
    package static func showing<T, E: Error>(enabled: Bool, _ body: (ProgressLine?) async throws(E) -> T) async throws(E) -> T {
        let line = start(enabled: enabled)
        defer { line?.finish() }
        return try await body(line)
    }

    private init() {
        // STRATA_PROGRESS_DELAY_MS changes the half second (the tests set 0).
        let delay = ProcessInfo.processInfo.environment["STRATA_PROGRESS_DELAY_MS"].flatMap(Int.init) ?? 500
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "strata.progress"))
        timer.schedule(deadline: .now() + .milliseconds(max(delay, 0)), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// What the run does now.
    package func update(_ phase: String) {
        state.withLock { $0.phase = phase }
    }

    /// Stops drawing and erases the line.
    package func finish() {
        timer.cancel()
        let erase = state.withLock { state -> Bool in
            defer { state.finished = true }
            return state.shown && !state.finished
        }
        if erase { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    private func draw() {
        let elapsed = ContinuousClock.now - start
        state.withLock { state in
            guard !state.finished, let phase = state.phase else { return }
            let line = "strata: \(phase)… \(elapsed.components.seconds) s"
            guard line != state.drawn else { return }
            state.shown = true
            state.drawn = line
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
        }
    }

    deinit {
        timer.cancel()
    }
}
