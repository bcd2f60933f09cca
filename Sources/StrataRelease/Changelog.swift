/// A module's `CHANGELOG.md` (in its package folder): one entry per release, newest first,
/// written from the release's reasons, its API differences and the commits since the last one.
enum Changelog {
    static let fileName = "CHANGELOG.md"
    static let title = "# Changelog"

    /// The entry for `step`, released on `date` (`2026-11-23`).
    static func entry(for step: ReleasePlan.Step, date: String) -> String {
        var lines = ["## \(step.to) — \(date)", ""]
        if step.from == nil {
            lines.append("First release.")
        } else {
            lines.append("\(step.bump.map { "A \($0) release" } ?? "A release"): \(step.reasons.joined(separator: "; ")).")
        }
        if !step.apiDetails.isEmpty {
            lines += ["", step.api == .breaking ? "Breaking API changes:" : "API additions:"]
            lines += step.apiDetails.map { "- `\($0)`" }
        }
        if !step.raises.isEmpty {
            lines += ["", "Requires " + step.raises.map { "\($0.dependency) \($0.to)" }.joined(separator: ", ") + "."]
        }
        if !step.commits.isEmpty {
            lines += ["", "Changes:"]
            lines += step.commits.map { "- \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `existing` (nil: no file yet) with `entry` first, below the title.
    static func prepending(_ entry: String, to existing: String?) -> String {
        guard let existing, !existing.isEmpty else { return "\(title)\n\n\(entry)" }
        if existing.hasPrefix(title + "\n") {
            let rest = existing.dropFirst(title.count + 1).drop { $0 == "\n" }
            return "\(title)\n\n\(entry)" + (rest.isEmpty ? "" : "\n" + rest)
        }
        return "\(title)\n\n\(entry)\n" + existing
    }
}
