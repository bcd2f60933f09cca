/// "Did you mean" suggestions for misspelt names, as swift-argument-parser does for options.
public enum Suggestions {
    /// The candidate nearest to `name`, if it is near enough to be a plausible typo.
    ///
    /// Nearness is the optimal-string-alignment distance (insertions, deletions, substitutions
    /// and swaps of neighbours), compared case-insensitively; a candidate qualifies when the
    /// distance is at most a third of the longer name (at least 1), so `Netwrok` finds `Network`
    /// but `UI` does not find `Radio`. Failing that, the shortest candidate that starts with
    /// `name` (of three or more characters) is suggested, so `Logg` finds `Logging`.
    public static func closest<S: Sequence>(to name: String, in candidates: S) -> String? where S.Element == String {
        let needle = Array(name.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let hay = Array(candidate.lowercased().unicodeScalars)
            let limit = max(1, max(needle.count, hay.count) / 3)
            let distance = editDistance(needle, hay, limit: limit)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.candidate) {
                best = (candidate, distance)
            }
        }
        if let best { return best.candidate }
        // A name cut short (`Logg` for `Logging`) is a prefix of what was meant.
        guard needle.count >= 3 else { return nil }
        let lowered = name.lowercased()
        return candidates.filter { $0 != name && $0.lowercased().hasPrefix(lowered) }
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    /// A ready-to-print "did you mean 'X'?" or nil.
    public static func didYouMean<S: Sequence>(_ name: String, in candidates: S) -> String? where S.Element == String {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Optimal string alignment distance; returns `limit + 1` early once it cannot be within `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
