import Foundation
package import StrataDiagnostics
import Yams

/// A value of an XcodeGen spec (YAML or JSON) that remembers where each part was written, so
/// that a problem found after includes, templates and variables have been applied still points
/// at the line that caused it.
///
/// XcodeGen reads a spec into untyped dictionaries and then merges, substitutes and resolves
/// paths on them; `XcodeGenSpecLoader` (StrataXcodeGen) does the same operations, in the same order, on these.
package indirect enum SpecNode: Sendable {
    case mapping([SpecEntry], SourceLocation)
    case sequence([SpecNode], SourceLocation)
    case scalar(SpecScalar)

    package var location: SourceLocation {
        switch self {
        case .mapping(_, let location), .sequence(_, let location): location
        case .scalar(let scalar): scalar.location
        }
    }

    /// An empty document, or `~`.
    package var isNullScalar: Bool {
        if case .scalar(let scalar) = self { return scalar.isNull }
        return false
    }

    /// "a mapping", "a list", "a string ('x')": for messages.
    package var kindDescription: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let scalar): scalar.isNull ? "nothing (null)" : "'\(scalar.text)'"
        }
    }

    /// The value under `key`, for a mapping.
    package subscript(key: String) -> SpecNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// The entry under `key`, with the key's location.
    package func entry(_ key: String) -> SpecEntry? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.last { $0.key == key }
    }

    package var entries: [SpecEntry]? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries
    }

    package var items: [SpecNode]? {
        guard case .sequence(let items, _) = self else { return nil }
        return items
    }

    /// The text of a scalar that is not null.
    package var string: String? {
        guard case .scalar(let scalar) = self, !scalar.isNull else { return nil }
        return scalar.text
    }

    /// A scalar's value as YAML 1.1 reads a boolean (`true`, `yes`, `NO`…), or a string such as
    /// `"true"` the way `NSString.boolValue` reads it, as XcodeGen does for its include flags.
    package var bool: Bool? {
        guard case .scalar(let scalar) = self else { return nil }
        switch scalar.text.lowercased() {
        case "true", "yes", "y", "on": return true
        case "false", "no", "n", "off": return false
        default: return nil
        }
    }

    /// The mapping with `key` set to `value` (replacing it, or added at the end).
    package func setting(_ key: String, to value: SpecNode) -> SpecNode {
        guard case .mapping(var entries, let location) = self else { return self }
        if let index = entries.lastIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append(SpecEntry(key: key, keyLocation: value.location, value: value))
        }
        return .mapping(entries, location)
    }

    // MARK: Reading

    /// The spec in `text`, read from `path` (JSON is YAML too).
    package static func parse(_ text: String, path: String) throws(InputErrors) -> SpecNode {
        try parseWithWarnings(text, path: path).node
    }

    /// What a key repeated in one mapping is renamed to while parsing, so that YAML accepts it.
    private static let overriddenPrefix = "__strata_overridden_key__"

    /// The spec in `text` and the warnings about it. A key written twice in one mapping is what
    /// XcodeGen takes it for — its last value — with a warning at each earlier one (Yams
    /// refuses a repeated key, so each earlier one is renamed until the text parses).
    package static func parseWithWarnings(_ text: String, path: String) throws(InputErrors) -> (node: SpecNode, warnings: [Diagnostic]) {
        try YAMLDocument.checkSize(text, path: path)
        var text = text
        var node: Node?
        var renamed = 0
        // Composed as `YAMLDocument` does, held to the same limits, but a repeated key is renamed and composed again.
        while true {
            do {
                node = try Yams.compose(yaml: text, Resolver.basic)
                if let node, let problem = YAMLDocument.limitProblem(node, path: path) { throw InputErrors(problem) }
                break
            } catch let error as InputErrors {
                throw error
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) where renamed < 1_000 {
                guard let key = duplicates.first, let once = renamingKey(key, at: context.mark, in: text) else {
                    throw InputErrors([
                        YAMLErrorTranslator.diagnostic(
                            for: YamlError.duplicatedKeysInMapping(duplicates: duplicates, context: context), text: text, path: path)
                    ])
                }
                text = once
                renamed += 1
            } catch {
                throw InputErrors([YAMLErrorTranslator.diagnostic(for: error, text: text, path: path)])
            }
        }
        guard let node else { return (.mapping([], SourceLocation(path: path, line: 1, column: 1)), []) }
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        let converted = convert(node, path: path, problems: &problems, warnings: &warnings)
        if !problems.isEmpty { throw InputErrors(problems) }
        return (converted, warnings)
    }

    /// `text` with the key at `mark` (1-based line and column) renamed out of the way, or nil if
    /// `key` is not written there.
    private static func renamingKey(_ key: String, at mark: Mark, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        var line = Array(lines[mark.line - 1])
        var start = mark.column - 1
        guard start >= 0, start < line.count else { return nil }
        if line[start] == "\"" || line[start] == "'" { start += 1 }
        guard String(line[start...]).hasPrefix(key) else { return nil }
        line.insert(contentsOf: overriddenPrefix, at: start)
        lines[mark.line - 1] = String(line)
        return lines.joined(separator: "\n")
    }

    private static func convert(_ node: Node, path: String, problems: inout [Diagnostic], warnings: inout [Diagnostic]) -> SpecNode {
        let location = SourceLocation(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            // XcodeGen's YAML resolver has no null rule: `~` and an empty value are strings.
            return .scalar(SpecScalar(text: scalar.string, location: location, isNull: false, isPlain: scalar.style == .plain))
        case .sequence(let sequence):
            return .sequence(sequence.map { convert($0, path: path, problems: &problems, warnings: &warnings) }, location)
        case .mapping(let mapping):
            var entries: [SpecEntry] = []
            for (key, value) in mapping {
                let keyLocation = SourceLocation(path: path, line: key.mark?.line ?? 1, column: key.mark?.column ?? 1)
                guard case .scalar(let name) = key else {
                    problems.append(.inputError("wrong-type", "a key must be a name, found \(describe(key))", at: keyLocation))
                    continue
                }
                if name.string.hasPrefix(overriddenPrefix) {
                    let original = String(name.string.dropFirst(overriddenPrefix.count))
                    warnings.append(
                        .warning(
                            "overridden-key", "'\(original)' is written again later in this mapping, and XcodeGen takes the last value",
                            at: keyLocation, hint: "remove one of the two '\(original):' entries"))
                    continue
                }
                let entry = SpecEntry(
                    key: name.string, keyLocation: keyLocation, value: convert(value, path: path, problems: &problems, warnings: &warnings))
                entries.append(entry)
            }
            return .mapping(entries, location)
        case .alias:
            problems.append(
                .inputError("yaml-syntax", "an alias that could not be resolved", at: location, hint: "define the anchor ('&name') before using it"))
            return .scalar(SpecScalar(text: "", location: location, isNull: true, isPlain: true))
        }
    }

    private static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let scalar): "'\(scalar.string)'"
        case .alias: "an alias"
        }
    }

    // MARK: What XcodeGen does to specs

    /// `self` merged onto `base`, as XcodeGen merges an including spec onto what it includes
    /// and a target onto its templates: mappings merge key by key, lists are appended to, any
    /// other value replaces; a key ending in `:REPLACE` replaces whatever was there.
    package func merged(onto base: SpecNode) -> SpecNode {
        guard case .mapping(let entries, _) = self, case .mapping(var merged, let baseLocation) = base else { return self }
        for entry in entries {
            if entry.key.hasSuffix(":REPLACE") {
                let key = String(entry.key.dropLast(":REPLACE".count))
                let replacement = SpecEntry(key: key, keyLocation: entry.keyLocation, value: entry.value)
                if let index = merged.firstIndex(where: { $0.key == key }) { merged[index] = replacement } else { merged.append(replacement) }
                continue
            }
            guard let index = merged.firstIndex(where: { $0.key == entry.key }) else {
                merged.append(entry)
                continue
            }
            switch (entry.value, merged[index].value) {
            case (.mapping, .mapping):
                merged[index].value = entry.value.merged(onto: merged[index].value)
            case (.sequence(let items, let location), .sequence(let baseItems, _)):
                merged[index].value = .sequence(baseItems + items, location)
            default:
                merged[index] = entry
            }
        }
        return .mapping(merged, baseLocation)
    }

    /// Every `${name}` in strings and keys replaced by `variables[name]`; unknown names are left
    /// as they are (XcodeGen's rule, so that `${target_name}` survives until templates apply).
    package func expanding(_ variables: [String: String]) -> SpecNode {
        guard !variables.isEmpty else { return self }
        switch self {
        case .scalar(var scalar):
            scalar.text = Self.expand(scalar.text, variables)
            return .scalar(scalar)
        case .sequence(let items, let location):
            return .sequence(items.map { $0.expanding(variables) }, location)
        case .mapping(let entries, let location):
            var expanded: [SpecEntry] = []
            for entry in entries {
                let item = SpecEntry(key: Self.expand(entry.key, variables), keyLocation: entry.keyLocation, value: entry.value.expanding(variables))
                if let index = expanded.firstIndex(where: { $0.key == item.key }) { expanded[index] = item } else { expanded.append(item) }
            }
            return .mapping(expanded, location)
        }
    }

    /// XcodeGen's `${name}` substitution in one string: a `${` with no closing `}` ends it.
    package static func expand(_ text: String, _ variables: [String: String]) -> String {
        guard hasVariable(text) else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}"), close != afterOpen.startIndex else {
                result += rest[start.lowerBound...]
                return result
            }
            let name = String(afterOpen[..<close])
            result += variables[name] ?? "${\(name)}"
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return result + rest
    }
}

extension SpecNode {
    /// Whether `text` has a `${`: a scan of its bytes, since nearly no string of a spec has one.
    static func hasVariable(_ text: String) -> Bool {
        var afterDollar = false
        for byte in text.utf8 {
            if afterDollar && byte == UInt8(ascii: "{") { return true }
            afterDollar = byte == UInt8(ascii: "$")
        }
        return false
    }
}

/// One key and value of a mapping.
package struct SpecEntry: Sendable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: SpecNode
}

/// A scalar's text as written (quoted or not) and where.
package struct SpecScalar: Sendable {
    package var text: String
    package var location: SourceLocation
    package var isNull: Bool
    /// Written without quotes: in JSON, a number, a boolean or null rather than a string.
    package var isPlain = true

    package init(text: String, location: SourceLocation, isNull: Bool, isPlain: Bool = true) {
        self.text = text
        self.location = location
        self.isNull = isNull
        self.isPlain = isPlain
    }
}
