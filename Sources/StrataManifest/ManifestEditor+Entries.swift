public import StrataDiagnostics
import Yams

/// Edits inside existing entries of strata.yml, as text, so that the rest of the file stays byte
/// for byte: add a dependency to a module, set its layer, remove an entry.
extension ManifestEditor {
    /// strata.yml parsed for an edit: its lines and its YAML with positions.
    struct Parsed {
        var document: Document
        var root: Node.Mapping
        var path: String

        init(_ text: String, path: String) throws(InputErrors) {
            document = Document(text)
            self.path = path
            guard let node = try YAMLDocument.composeTyped(text, path: path), case .mapping(let mapping) = node else {
                throw InputErrors(.inputError("wrong-type", "strata.yml must be a mapping", at: .file(path)))
            }
            root = mapping
        }

        func location(_ mark: Mark?) -> SourceLocation {
            mark.map { SourceLocation(path: path, line: $0.line, column: $0.column) } ?? .file(path)
        }

        /// Line and column (0-based, in Unicode scalars) of the bracket closing the flow collection at `mark`.
        func closing(_ mark: Mark) -> (line: Int, column: Int)? {
            var line = mark.line - 1
            var column = mark.column - 1
            var depth = 0
            var quote: Unicode.Scalar?
            while line < document.lines.count {
                let scalars = Array(document.lines[line].unicodeScalars)
                while column < scalars.count {
                    let character = scalars[column]
                    if let open = quote {
                        if character == "\\" && open == "\"" {
                            column += 1
                        } else if character == open {
                            quote = nil
                        }
                    } else if character == "\"" || character == "'" {
                        quote = character
                    } else if character == "#" && (column == 0 || scalars[column - 1] == " ") {
                        break
                    } else if character == "[" || character == "{" {
                        depth += 1
                    } else if character == "]" || character == "}" {
                        depth -= 1
                        if depth == 0 { return (line, column) }
                    }
                    column += 1
                }
                line += 1
                column = 0
            }
            return nil
        }

        /// Where to insert `, item` into the flow collection at `mark`: just after its last
        /// character before the closing bracket. Nil if the collection does not close.
        func endOfLastItem(_ mark: Mark) -> (line: Int, column: Int)? {
            guard var (line, column) = closing(mark) else { return nil }
            while true {
                let scalars = Array(document.lines[line].unicodeScalars)
                var index = min(column, scalars.count) - 1
                while index >= 0, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\r" { index -= 1 }
                if index >= 0 { return (line, index + 1) }
                guard line > mark.line - 1 else { return nil }
                line -= 1
                column = document.lines[line].unicodeScalars.count
            }
        }

        /// Adds `element` to the flow collection at `mark`: an empty one written on one line (`[]`,
        /// `{}`) becomes `emptyBecomes`; otherwise `, element` follows its last item. False if the
        /// collection does not close.
        func append(_ element: String, toFlowAt mark: Mark, isEmpty: Bool, emptyBecomes: String, lines: inout [String]) -> Bool {
            guard let last = endOfLastItem(mark) else { return false }
            if isEmpty, let close = closing(mark), close.line == mark.line - 1 {
                lines[close.line] = Self.edit(
                    lines[close.line], at: mark.column - 1, replacing: close.column + 1 - (mark.column - 1), with: emptyBecomes)
            } else {
                lines[last.line] = Self.edit(lines[last.line], at: last.column, with: ", \(element)")
            }
            return true
        }

        /// The text of `lines[line]` with `text` inserted at `column` (scalars), or `count` scalars there replaced.
        static func edit(_ line: String, at column: Int, replacing count: Int = 0, with text: String) -> String {
            var scalars = Array(line.unicodeScalars)
            scalars.replaceSubrange(column..<min(scalars.count, column + count), with: Array(text.unicodeScalars))
            return String(String.UnicodeScalarView(scalars))
        }

        /// How many scalars the scalar node at `mark` takes in the text (quotes included).
        func writtenWidth(of scalar: Node.Scalar, at mark: Mark) -> Int {
            let scalars = Array(document.lines[mark.line - 1].unicodeScalars)
            let start = mark.column - 1
            guard start < scalars.count, scalars[start] == "\"" || scalars[start] == "'" else { return scalar.string.unicodeScalars.count }
            let quote = scalars[start]
            var index = start + 1
            while index < scalars.count {
                if quote == "\"" && scalars[index] == "\\" {
                    index += 2
                    continue
                }
                if scalars[index] == quote {
                    if quote == "'" && index + 1 < scalars.count && scalars[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return index + 1 - start
                }
                index += 1
            }
            return scalars.count - start
        }
    }

    /// One entry of a section: its name's node, its value and the lines (0-based) it spans.
    struct EntrySpan {
        var key: Node
        var value: Node
        var start: Int
        var end: Int
        /// The column (0-based) the section's names start at.
        var indent: Int
        /// True when it is the section's only entry.
        var isOnly: Bool
        var sectionKey: Node
    }

    static func entry(_ name: String, in section: Section, of parsed: Parsed) throws(InputErrors) -> EntrySpan {
        guard let (sectionKey, sectionValue) = parsed.root.first(where: { $0.key.string == section.rawValue }), let sectionMark = sectionKey.mark,
            case .mapping(let mapping) = sectionValue
        else {
            throw InputErrors(.inputError("unknown-module", "strata.yml has no \(section.rawValue) entry '\(name)'", at: .file(parsed.path)))
        }
        if parsed.document.isFlow(sectionValue) {
            throw InputErrors(
                .inputError(
                    "cannot-edit-manifest", "'\(section.rawValue)' is written as a flow mapping ({ … }) that strata cannot edit",
                    at: parsed.location(sectionMark), hint: "write '\(section.rawValue):' as a block mapping, one entry per line"))
        }
        let entries = Array(mapping)
        guard let index = entries.firstIndex(where: { $0.key.string == name }), let keyMark = entries[index].key.mark else {
            throw InputErrors(
                .inputError(
                    "unknown-module", "strata.yml has no \(section.rawValue) entry '\(name)'", at: parsed.location(sectionMark),
                    hint: Suggestions.didYouMean(name, in: entries.compactMap(\.key.string))))
        }
        let rootKeyLines = parsed.root.keys.compactMap(\.mark).map { $0.line - 1 }
        let sectionEnd = rootKeyLines.filter { $0 > sectionMark.line - 1 }.min() ?? parsed.document.lines.count
        let next = index + 1 < entries.count ? (entries[index + 1].key.mark!.line - 1) : sectionEnd
        let indent = keyMark.column - 1
        return EntrySpan(
            key: entries[index].key, value: entries[index].value, start: keyMark.line - 1,
            end: parsed.document.lastContentLine(from: keyMark.line - 1, before: next, indent: indent), indent: indent,
            isOnly: entries.count == 1, sectionKey: sectionKey)
    }

    /// The entry's settings, when they are written in the entry itself: settings taken from an
    /// alias (`Radio: *plain`) are another entry's, and an edit would change both (or, made at
    /// the alias, break the file).
    static func ownSettings(of span: EntrySpan, named name: String, in parsed: Parsed) throws(InputErrors) -> Node {
        if let mark = span.value.mark, !(span.start...span.end).contains(mark.line - 1) {
            throw InputErrors(
                .inputError(
                    "cannot-edit-manifest",
                    "'\(name)' takes its settings from an alias, so strata cannot change them without changing the entry they come from",
                    at: parsed.location(span.key.mark), hint: "write '\(name)'s settings out in its own entry"))
        }
        return span.value
    }

    /// Which list of strata.yml an edit adds to or removes from: a module's or an app's
    /// `dependencies` (or `packages`), or those of a module's companion target.
    public struct ListAddress: Sendable, Hashable {
        public var section: Section
        public var entry: String
        /// `interface`, `mocks` or `tests` for a module's companion target; nil for the entry itself.
        public var companion: String?
        /// `dependencies`, or `packages` for external products.
        public var field: String

        public init(section: Section = .modules, entry: String, companion: String? = nil, field: String = "dependencies") {
            self.section = section
            self.entry = entry
            self.companion = companion
            self.field = field
        }

        var described: String { companion.map { "the \($0) target of '\(entry)'" } ?? "'\(entry)'" }
    }

    /// `text` with `dependency` added to the list `field` (`dependencies`, or `packages` for an
    /// external product) of module `module`.
    public static func addingDependency(
        _ dependency: String, to module: String, field: String = "dependencies", in text: String, path: String
    ) throws(InputErrors) -> String {
        try adding(dependency, to: ListAddress(entry: module, field: field), in: text, path: path)
    }

    /// `text` with `item` added to the list at `address`: into the list, flow (`[A, B]`) or block
    /// (`- A`); or as a new `field: [X]` in the style of the mapping that gets it. A companion
    /// written `tests: true` becomes `tests: { dependencies: [X] }`; one not written at all gets
    /// such a field.
    public static func adding(_ item: String, to address: ListAddress, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        let span = try entry(address.entry, in: address.section, of: parsed)
        var lines = parsed.document.lines
        let written = scalar(item)
        guard case .mapping(let fields) = try ownSettings(of: span, named: address.entry, in: parsed) else {
            throw InputErrors(
                .inputError(
                    "cannot-edit-manifest", "'\(address.entry)' has no settings strata can add to", at: parsed.location(span.key.mark),
                    hint: "give it its settings as a mapping: '\(address.entry): { …, \(address.field): [\(item)] }'"))
        }
        guard let companion = address.companion else {
            try add(written, field: address.field, to: span.value, endingAt: span.end, lines: &lines, parsed: parsed, owner: address.described)
            return parsed.document.joined(lines)
        }
        let pairs = Array(fields)
        let keys = pairs.map(\.key)
        guard let index = keys.firstIndex(where: { $0.string == companion }) else {
            try addField("\(companion): { \(address.field): [\(written)] }", to: span.value, endingAt: span.end, lines: &lines, parsed: parsed)
            return parsed.document.joined(lines)
        }
        let (key, value) = pairs[index]
        switch value {
        case .scalar(let flag) where flag.string == "true":
            guard let mark = value.mark else { break }
            lines[mark.line - 1] = Parsed.edit(
                lines[mark.line - 1], at: mark.column - 1, replacing: parsed.writtenWidth(of: flag, at: mark),
                with: "{ \(address.field): [\(written)] }")
            return parsed.document.joined(lines)
        case .mapping:
            let next = index + 1 < keys.count ? keys[index + 1].mark!.line - 1 : span.end + 1
            let end = parsed.document.lastContentLine(from: key.mark!.line - 1, before: next, indent: key.mark!.column - 1)
            try add(written, field: address.field, to: value, endingAt: end, lines: &lines, parsed: parsed, owner: address.described)
            return parsed.document.joined(lines)
        default:
            break
        }
        throw InputErrors(
            .inputError(
                "cannot-edit-manifest", "'\(address.entry)' has no \(companion) target strata can add to", at: parsed.location(value.mark),
                hint: "write '\(companion): { \(address.field): [\(item)] }'"))
    }

    /// Adds `item` (written as YAML) to `field` of the mapping `node`, whose last line is `end`.
    static func add(
        _ item: String, field: String, to node: Node, endingAt end: Int, lines: inout [String], parsed: Parsed, owner: String
    ) throws(InputErrors) {
        guard case .mapping(let fields) = node else { return }
        guard let (key, list) = fields.first(where: { $0.key.string == field }) else {
            try addField("\(field): [\(item)]", to: node, endingAt: end, lines: &lines, parsed: parsed)
            return
        }
        switch list {
        case .sequence(let sequence) where parsed.document.isFlow(list):
            guard let mark = list.mark, parsed.append(item, toFlowAt: mark, isEmpty: sequence.isEmpty, emptyBecomes: "[\(item)]", lines: &lines)
            else { break }
            return
        case .sequence(let sequence):
            guard let last = sequence.map({ $0 }).last?.mark else { break }
            // The item's dash: the last `-` before the item on its line.
            let before = Array(lines[last.line - 1].unicodeScalars.prefix(last.column - 1))
            let dash = before.lastIndex(of: "-") ?? max(0, last.column - 3)
            let following = fields.keys.compactMap(\.mark).map { $0.line - 1 }.filter { $0 > last.line - 1 }.min() ?? end + 1
            let itemEnd = parsed.document.lastContentLine(from: last.line - 1, before: following, indent: dash)
            lines.insert(String(repeating: " ", count: dash) + "- " + item, at: itemEnd + 1)
            return
        case .scalar(let value) where value.isNull:
            guard let keyMark = key.mark else { break }
            lines[keyMark.line - 1] = lines[keyMark.line - 1].trimmingTrailingBlanks() + " [\(item)]"
            return
        default:
            break
        }
        throw InputErrors(
            .inputError(
                "cannot-edit-manifest", "the \(field) of \(owner) are not a list strata can add to", at: parsed.location(list.mark),
                hint: "write them as a list: '\(field): [A, B]'"))
    }

    /// Adds the field `text` (`key: value`) to the mapping `node`, whose last line is `end`: before
    /// the closing brace of a flow mapping, or as a line of its own in a block mapping.
    static func addField(_ text: String, to node: Node, endingAt end: Int, lines: inout [String], parsed: Parsed) throws(InputErrors) {
        guard case .mapping(let fields) = node, let mark = node.mark else { return }
        if parsed.document.isFlow(node) {
            guard parsed.append(text, toFlowAt: mark, isEmpty: fields.isEmpty, emptyBecomes: "{ \(text) }", lines: &lines) else {
                throw InputErrors(.inputError("cannot-edit-manifest", "a mapping of strata.yml does not close", at: parsed.location(mark)))
            }
        } else {
            lines.insert(String(repeating: " ", count: mark.column - 1) + text, at: end + 1)
        }
    }

    /// `text` with module `module`'s `layer:` set to `layer`.
    public static func settingLayer(_ layer: String, of module: String, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        let span = try entry(module, in: .modules, of: parsed)
        guard case .mapping(let fields) = try ownSettings(of: span, named: module, in: parsed),
            let (_, value) = fields.first(where: { $0.key.string == "layer" }),
            case .scalar(let current) = value, let mark = value.mark
        else {
            throw InputErrors(
                .inputError(
                    "cannot-edit-manifest", "module '\(module)' has no 'layer:' strata can change", at: parsed.location(span.key.mark),
                    hint: "write 'layer: \(layer)' in its settings"))
        }
        var lines = parsed.document.lines
        lines[mark.line - 1] = Parsed.edit(
            lines[mark.line - 1], at: mark.column - 1, replacing: parsed.writtenWidth(of: current, at: mark), with: scalar(layer))
        return parsed.document.joined(lines)
    }

    /// `text` without the entry `name` of `section` (and the comments deeper than its name that
    /// belong to it). The section's last entry leaves `modules: {}` behind.
    public static func removingEntry(_ name: String, from section: Section, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        let span = try entry(name, in: section, of: parsed)
        var lines = parsed.document.lines
        lines.removeSubrange(span.start...span.end)
        if span.isOnly, let sectionMark = span.sectionKey.mark, case .scalar(let key) = span.sectionKey {
            // Right after `modules:`, before any comment on the line.
            let line = sectionMark.line - 1
            lines[line] = Parsed.edit(lines[line], at: sectionMark.column - 1 + parsed.writtenWidth(of: key, at: sectionMark) + 1, with: " {}")
        }
        return parsed.document.joined(lines)
    }

    /// `text` without the items equal to `value` in the lists under the root key `rootKey`
    /// (`owners: { "@team": [A, B] }` loses `A`). Flow lists lose the item and its comma; block
    /// lists the item's line. A list left empty stays as `[]`.
    public static func removingListItems(_ value: String, under rootKey: String, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        guard let (_, node) = parsed.root.first(where: { $0.key.string == rootKey }) else { return text }
        var lists: [Node] = []
        switch node {
        case .sequence: lists = [node]
        case .mapping(let mapping): lists = mapping.values.filter { if case .sequence = $0 { true } else { false } }
        default: return text
        }
        return parsed.document.joined(removing(value, fromLists: lists, of: parsed))
    }

    /// `text` without `dependency` in the list `field` of module `module`; an error if it is not there.
    public static func removingDependency(
        _ dependency: String, from module: String, field: String = "dependencies", in text: String, path: String
    ) throws(InputErrors) -> String {
        try removing(dependency, from: ListAddress(entry: module, field: field), in: text, path: path)
    }

    /// `text` without `item` in the list at `address`; an error if it is not there.
    public static func removing(_ item: String, from address: ListAddress, in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        let span = try entry(address.entry, in: address.section, of: parsed)
        var owner: Node? = try ownSettings(of: span, named: address.entry, in: parsed)
        if let companion = address.companion, case .mapping(let fields) = span.value {
            owner = fields.first(where: { $0.key.string == companion })?.value
        }
        guard case .mapping(let fields) = owner, let (_, list) = fields.first(where: { $0.key.string == address.field }),
            case .sequence(let items) = list, items.contains(where: { $0.string == item })
        else {
            throw InputErrors(
                .inputError(
                    "unknown-dependency", "\(address.described) does not list '\(item)' under '\(address.field)'", at: parsed.location(span.key.mark),
                    hint: "a dependency strata adds by convention (its own interface, its mocks in tests) is not in strata.yml to remove"))
        }
        return parsed.document.joined(removing(item, fromLists: [list], of: parsed))
    }

    /// The lines of `parsed` without the items equal to `value` in `lists`.
    static func removing(_ value: String, fromLists lists: [Node], of parsed: Parsed) -> [String] {
        var lines = parsed.document.lines
        var removals: [(line: Int, start: Int, end: Int)] = []  // scalar ranges within a line; start == -1 removes the line
        for list in lists {
            guard case .sequence(let sequence) = list else { continue }
            let items = Array(sequence)
            let isFlow = parsed.document.isFlow(list)
            for (index, item) in items.enumerated() {
                guard case .scalar(let scalar) = item, scalar.string == value, let mark = item.mark else { continue }
                let line = mark.line - 1
                if !isFlow {
                    removals.append((line, -1, -1))
                    continue
                }
                let width = parsed.writtenWidth(of: scalar, at: mark)
                let scalars = Array(lines[line].unicodeScalars)
                var start = mark.column - 1
                var end = start + width
                if index + 1 < items.count, let next = items[index + 1].mark, next.line == mark.line {
                    end = next.column - 1  // `A, ` up to the next item
                } else if index > 0, let previous = items[index - 1].mark, previous.line == mark.line {
                    // the last item: from the end of the previous one, its comma included
                    var back = start - 1
                    while back >= 0, scalars[back] == " " || scalars[back] == "," { back -= 1 }
                    start = back + 1
                }
                removals.append((line, start, end))
            }
        }
        for removal in removals.sorted(by: { ($0.line, $0.start) > ($1.line, $1.start) }) {
            if removal.start < 0 {
                lines.remove(at: removal.line)
            } else {
                lines[removal.line] = Parsed.edit(lines[removal.line], at: removal.start, replacing: removal.end - removal.start, with: "")
            }
        }
        return lines
    }
}

extension ManifestEditor {
    /// `text` with names renamed: the `modules:` key named as a key of `names`, and every list
    /// item anywhere (dependencies, owners, optional imports) that is exactly a key of `names`.
    /// Patterns (`Net*`) and other scalars are left alone.
    public static func renaming(_ names: [String: String], in text: String, path: String) throws(InputErrors) -> String {
        let parsed = try Parsed(text, path: path)
        var edits: [(mark: Mark, width: Int, replacement: String)] = []
        func visit(_ node: Node, inSequence: Bool) {
            switch node {
            case .scalar(let value):
                if inSequence, let new = names[value.string], let mark = node.mark {
                    edits.append((mark, parsed.writtenWidth(of: value, at: mark), scalar(new)))
                }
            case .sequence(let sequence):
                for item in sequence { visit(item, inSequence: true) }
            case .mapping(let mapping):
                for (_, value) in mapping { visit(value, inSequence: false) }
            case .alias:
                break
            }
        }
        for (key, value) in parsed.root {
            if key.string == "modules", case .mapping(let modules) = value {
                for (name, _) in modules {
                    guard case .scalar(let written) = name, let new = names[written.string], let mark = name.mark else { continue }
                    // `Radio:    { … }` keeps its value in the column the entries align to.
                    let width = parsed.writtenWidth(of: written, at: mark)
                    let line = Array(parsed.document.lines[mark.line - 1].unicodeScalars)
                    let colon = mark.column - 1 + width
                    var spaces = 0
                    while colon + 1 + spaces < line.count, line[colon + 1 + spaces] == " " { spaces += 1 }
                    if colon < line.count, line[colon] == ":", spaces > 0, colon + 1 + spaces < line.count {
                        let replacement = scalar(new)
                        let padding = max(1, spaces + width - replacement.unicodeScalars.count)
                        edits.append((mark, width + 1 + spaces, replacement + ":" + String(repeating: " ", count: padding)))
                    } else {
                        edits.append((mark, width, scalar(new)))
                    }
                }
            }
            visit(value, inSequence: false)
        }
        var lines = parsed.document.lines
        // From the end, so that earlier columns stay right.
        for edit in edits.sorted(by: { ($0.mark.line, $0.mark.column) > ($1.mark.line, $1.mark.column) }) {
            lines[edit.mark.line - 1] = Parsed.edit(
                lines[edit.mark.line - 1], at: edit.mark.column - 1, replacing: edit.width, with: edit.replacement)
        }
        return parsed.document.joined(lines)
    }
}
