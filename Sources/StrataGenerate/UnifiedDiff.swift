/// The differences between two texts as a unified diff (`diff -u`), for `strata generate --check`.
///
/// Lines are compared whole, with the standard library's `difference(from:)` (Myers' O(ND)
/// algorithm), so the edit script is a shortest one.
/// Hunks carry three lines of context and are merged when their contexts touch, as GNU diff does;
/// a last line without a line break is marked `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The diff from `old` to `new`, with `---`/`+++` headers naming `oldPath` and `newPath`;
    /// empty if the texts are equal.
    public static func diff(old: String, new: String, oldPath: String, newPath: String, context: Int = 3) -> String {
        let a = Lines(old), b = Lines(new)
        let edits = editScript(a.keys, b.keys)
        guard edits.contains(where: { $0.kind != .same }) else { return "" }
        return render(hunks(edits, context: context), a: a, b: b, oldPath: oldPath, newPath: newPath)
    }

    struct Lines {
        var lines: [Substring]
        /// What lines are compared by: a last line without a line break differs from the same
        /// text with one, as in diff.
        var keys: [String]
        var endsWithNewline: Bool

        init(_ text: String) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            endsWithNewline = text.isEmpty || text.hasSuffix("\n")
            if text.isEmpty || text.hasSuffix("\n") { lines.removeLast() }
            self.lines = lines
            keys = lines.map(String.init)
            if !endsWithNewline, !keys.isEmpty { keys[keys.count - 1] += "\u{0}no newline" }
        }
    }

    struct Edit: Equatable {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// Line index in the old text (-1 for an insertion).
        var old: Int
        /// Line index in the new text (-1 for a deletion).
        var new: Int
    }

    /// A shortest edit script from `a` to `b`, deletions before insertions at each place: the
    /// standard library's `difference(from:)` (Myers' algorithm) says which lines go and come,
    /// and the rest are walked in step.
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        let difference = b.difference(from: a)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var edits: [Edit] = []
        edits.reserveCapacity(a.count + inserted.count)
        var old = 0, new = 0
        while old < a.count || new < b.count {
            if old < a.count, removed.contains(old) {
                edits.append(Edit(kind: .delete, old: old, new: -1))
                old += 1
            } else if new < b.count, inserted.contains(new) {
                edits.append(Edit(kind: .insert, old: -1, new: new))
                new += 1
            } else {
                edits.append(Edit(kind: .same, old: old, new: new))
                old += 1
                new += 1
            }
        }
        return edits
    }

    struct Hunk {
        /// Index of the hunk's first line in each text.
        var oldStart: Int
        var newStart: Int
        var edits: [Edit]
    }

    /// Groups changes with `context` lines around them; hunks whose contexts touch are merged.
    static func hunks(_ edits: [Edit], context: Int) -> [Hunk] {
        let changes = edits.indices.filter { edits[$0].kind != .same }
        guard !changes.isEmpty else { return [] }
        var ranges: [ClosedRange<Int>] = []
        for index in changes {
            let range = Swift.max(0, index - context)...Swift.min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            let slice = Array(edits[range])
            // Where the hunk starts in each text: the first line of that text it shows, or, for a
            // hunk with no line of that text, the line before which it applies.
            var oldLine = 0, newLine = 0
            for edit in edits[..<range.lowerBound] {
                if edit.kind != .insert { oldLine += 1 }
                if edit.kind != .delete { newLine += 1 }
            }
            return Hunk(oldStart: oldLine, newStart: newLine, edits: slice)
        }
    }

    static func render(_ hunks: [Hunk], a: Lines, b: Lines, oldPath: String, newPath: String) -> String {
        var out = "--- \(oldPath)\n+++ \(newPath)\n"
        for hunk in hunks {
            let oldCount = hunk.edits.filter { $0.kind != .insert }.count
            let newCount = hunk.edits.filter { $0.kind != .delete }.count
            out += "@@ -\(range(hunk.oldStart, oldCount)) +\(range(hunk.newStart, newCount)) @@\n"
            for edit in hunk.edits {
                switch edit.kind {
                case .same:
                    out += " \(a.lines[edit.old])\n"
                    if edit.old == a.lines.count - 1, !a.endsWithNewline { out += "\\ No newline at end of file\n" }
                case .delete:
                    out += "-\(a.lines[edit.old])\n"
                    if edit.old == a.lines.count - 1, !a.endsWithNewline { out += "\\ No newline at end of file\n" }
                case .insert:
                    out += "+\(b.lines[edit.new])\n"
                    if edit.new == b.lines.count - 1, !b.endsWithNewline { out += "\\ No newline at end of file\n" }
                }
            }
        }
        return out
    }

    /// `start,count` in diff's form: 1-based, and for an empty range the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        if count == 0 { return "\(start),0" }
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }
}
