/// Shell-style name patterns: `*` (any run of characters), `?` (one character) and
/// `[abc]` / `[a-z]` / `[!abc]` (one character from a set). Used for layer patterns, owners
/// and adopt-mode package folders. Matching is case-sensitive, as Swift module names are.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let scalars: [Unicode.Scalar]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.scalars = Array(pattern.unicodeScalars)
    }

    /// True if `pattern` has any wildcard.
    public static func isPattern(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// True if the whole of `name` matches.
    public func matches(_ name: String) -> Bool {
        let text = Array(name.unicodeScalars)
        // Iterative matcher with backtracking to the last `*`.
        var p = 0, t = 0
        var starP = -1, starT = 0
        while t < text.count {
            if p < scalars.count {
                switch scalars[p] {
                case "*":
                    starP = p; starT = t; p += 1
                    continue
                case "?":
                    p += 1; t += 1
                    continue
                case "[":
                    if let (matched, next) = matchClass(at: p, text[t]) {
                        if matched { p = next; t += 1; continue }
                    } else if text[t] == "[" {
                        p += 1; t += 1
                        continue
                    }
                default:
                    if scalars[p] == text[t] { p += 1; t += 1; continue }
                }
            }
            guard starP >= 0 else { return false }
            p = starP + 1
            starT += 1
            t = starT
        }
        while p < scalars.count, scalars[p] == "*" { p += 1 }
        return p == scalars.count
    }

    /// Matches a `[...]` class at `start`; nil if the class is not closed (then `[` is literal).
    private func matchClass(at start: Int, _ c: Unicode.Scalar) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < scalars.count, scalars[i] == "!" || scalars[i] == "^" { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < scalars.count, scalars[i] != "]" || first {
            first = false
            if i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] != "]" {
                if scalars[i] <= c && c <= scalars[i + 2] { matched = true }
                i += 3
            } else {
                if scalars[i] == c { matched = true }
                i += 1
            }
        }
        guard i < scalars.count else { return nil }
        return (matched != negate, i + 1)
    }

    public var description: String { pattern }
}
