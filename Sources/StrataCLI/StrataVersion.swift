/// The version `strata --version` prints.
public enum StrataVersion {
    /// The semantic version (also the SARIF driver's version).
    public static let current = "0.1.0"

    /// The commit a release was built from; nil in a development build.
    public static var commit: String? { BuildCommit.id }

    /// What `strata --version` prints: `0.1.0 (commit 1c0d2ad5…)`, or `0.1.0 (development build)`.
    public static var full: String { current + " (" + (commit.map { "commit " + $0 } ?? "development build") + ")" }
}
