public import StrataDiagnostics

/// Sums up warnings that repeat: the first few of an id are listed, the rest counted.
public enum WarningSummary {
    /// How many warnings of one id are listed before the rest are counted.
    static let listed = 3
    /// Fewer than this many warnings of one id are all listed.
    static let threshold = 6

    /// The diagnostics to list (errors all, warnings up to `listed` per frequent id, in their
    /// order) and, per frequent id, how many more there are.
    public static func summarize(_ diagnostics: [Diagnostic]) -> (listed: [Diagnostic], summaries: [(id: String, more: Int)]) {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning { counts[diagnostic.id, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var listed: [Diagnostic] = []
        var summaries: [(id: String, more: Int)] = []
        for diagnostic in diagnostics {
            guard diagnostic.severity == .warning, let count = counts[diagnostic.id], count >= threshold else {
                listed.append(diagnostic)
                continue
            }
            seen[diagnostic.id, default: 0] += 1
            if seen[diagnostic.id]! <= Self.listed { listed.append(diagnostic) }
            if seen[diagnostic.id]! == Self.listed { summaries.append((diagnostic.id, count - Self.listed)) }
        }
        return (listed, summaries)
    }

    /// What a summary says: `… and 6333 more [missing-sources] warnings like these (…)`.
    public static func line(_ summary: (id: String, more: Int)) -> String {
        "… and \(summary.more) more [\(summary.id)] warnings like these (--verbose lists them all, --quiet none)"
    }
}
