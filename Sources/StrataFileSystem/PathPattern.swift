/// A pattern for paths inside the workspace, as `affected.ignore` and `affected.always` take
/// them — gitignore's conventions, so they read the same:
///
/// - with a `/` (other than a trailing one), the pattern is a path from the workspace folder
///   (`docs/**`, `Scripts/*.sh`, a leading `/` is allowed); each segment is a `Glob`, and a `**`
///   segment stands for any number of folders, none included;
/// - without one, it matches any file or folder of that name in any folder (`*.md`, `__Snapshots__`);
/// - a pattern that matches a folder matches everything inside it (`docs` is `docs/**`).
///
/// Matching is case-sensitive.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]
    /// True when the pattern may match at any depth (no `/` in it).
    private let anywhere: Bool

    private enum Segment: Hashable {
        case anyFolders
        case name(Glob)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasSuffix("/") { text = text.dropLast() }
        anywhere = !text.contains("/")
        if text.hasPrefix("/") { text = text.dropFirst() }
        segments = text.split(separator: "/").map { $0 == "**" ? .anyFolders : .name(Glob(String($0))) }
    }

    /// What is wrong with `pattern`, in words, or nil if it is a valid pattern.
    public static func problem(in pattern: String) -> String? {
        let segments = pattern.split(separator: "/")
        if segments.isEmpty { return "is empty" }
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return "has '.' or '..' in it; patterns are paths inside the workspace" }
        if segments.contains(where: { $0 != "**" && $0.contains("**") }) { return "has '**' inside a segment; '**' stands alone between slashes" }
        return nil
    }

    public var description: String { pattern }

    /// True if `path` (relative to the workspace folder, `/`-separated) or a folder above it matches.
    public func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        if anywhere, case .name(let glob) = segments.first, segments.count == 1 {
            return components.contains(where: glob.matches)
        }
        return Self.matchesPrefix(segments[...], components[...])
    }

    /// True if the segments match the whole of some leading part (one component or more) of `components`.
    private static func matchesPrefix(_ segments: ArraySlice<Segment>, _ components: ArraySlice<String>) -> Bool {
        guard let first = segments.first else { return true }
        switch first {
        case .anyFolders:
            let rest = segments.dropFirst()
            if rest.isEmpty { return true }
            var remaining = components
            while true {
                if matchesPrefix(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case .name(let glob):
            guard let component = components.first, glob.matches(component) else { return false }
            return matchesPrefix(segments.dropFirst(), components.dropFirst())
        }
    }
}
