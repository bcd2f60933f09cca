public import StrataDiagnostics
import Yams

/// Many list edits at once (`strata check --fix`), with strata.yml parsed once rather than once
/// per edit: on 2,000 modules a parse costs far more than an edit, and 300 fixes took a minute.
extension ManifestEditor {
    /// One item added to or removed from a list of strata.yml.
    public struct ListEdit: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case add, remove
        }

        public var kind: Kind
        public var item: String
        public var address: ListAddress

        public init(_ kind: Kind, _ item: String, at address: ListAddress) {
            self.kind = kind
            self.item = item
            self.address = address
        }
    }

    /// `text` with `edits` made, each as `adding` or `removing` makes it, and the edits that could
    /// not be made with why (located in the text as it was when they were tried).
    ///
    /// Each entry's edits are made on a document of that entry alone (its section's key and the
    /// entry's lines, cheap to parse), which is then put back in place of the entry, from the
    /// bottom of the file up so that no entry's lines move before it is replaced. An entry that
    /// does not parse alone (an alias of an anchor elsewhere), and an edit that fails on it, is
    /// made on the whole text afterwards, so its error points at the real line.
    public static func editing(
        _ edits: [ListEdit], in text: String, path: String
    ) throws(InputErrors) -> (
        text: String, failed: [(edit: ListEdit, errors: InputErrors)]
    ) {
        let parsed = try Parsed(text, path: path)
        var lines = parsed.document.lines
        var onWholeText: [ListEdit] = []
        var replacements: [(span: ClosedRange<Int>, lines: [String])] = []
        for group in groupedByEntry(edits) {
            guard let span = try? entry(group[0].address.entry, in: group[0].address.section, of: parsed),
                let sectionLine = span.sectionKey.mark.map({ $0.line - 1 })
            else {
                onWholeText += group
                continue
            }
            var entryText = parsed.document.joined([lines[sectionLine]] + lines[span.start...span.end])
            for edit in group {
                do throws(InputErrors) { entryText = try apply(edit, to: entryText, path: path) } catch { onWholeText.append(edit) }
            }
            replacements.append((span.start...span.end, Array(Document(entryText).lines.dropFirst())))
        }
        for replacement in replacements.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
            lines.replaceSubrange(replacement.span, with: replacement.lines)
        }
        var edited = parsed.document.joined(lines)
        var failed: [(edit: ListEdit, errors: InputErrors)] = []
        for edit in onWholeText {
            do throws(InputErrors) { edited = try apply(edit, to: edited, path: path) } catch { failed.append((edit, error)) }
        }
        return (edited, failed)
    }

    /// The edits by the entry they change, in the order each entry first appears.
    static func groupedByEntry(_ edits: [ListEdit]) -> [[ListEdit]] {
        var groups: [[ListEdit]] = []
        var index: [String: Int] = [:]
        for edit in edits {
            let key = edit.address.section.rawValue + "\u{0}" + edit.address.entry
            if let existing = index[key] {
                groups[existing].append(edit)
            } else {
                index[key] = groups.count
                groups.append([edit])
            }
        }
        return groups
    }

    static func apply(_ edit: ListEdit, to text: String, path: String) throws(InputErrors) -> String {
        switch edit.kind {
        case .add: try adding(edit.item, to: edit.address, in: text, path: path)
        case .remove: try removing(edit.item, from: edit.address, in: text, path: path)
        }
    }
}
