/// Where a run's time went, phase by phase, for `--verbose`: each phase lasts from the end of
/// the one before it (or from when the timer was made) to the call that names it.
public struct PhaseTimer: Sendable {
    /// The phases ended so far, in order.
    public private(set) var phases: [(name: String, duration: Duration)] = []
    private var start = ContinuousClock.now

    /// Starts the first phase now.
    public init() {}

    /// Ends the phase under way, calling it `name`; the next one starts now.
    public mutating func end(_ name: String) {
        let now = ContinuousClock.now
        phases.append((name, now - start))
        start = now
    }

    /// Adds phases timed by someone else (a step of this phase that reports its own), and
    /// starts the next phase now.
    public mutating func append(_ timed: [(name: String, duration: Duration)]) {
        phases += timed
        start = ContinuousClock.now
    }
}
