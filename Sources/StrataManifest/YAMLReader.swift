import StrataDiagnostics
import Yams

/// Typed reading of YAML nodes that never throws: every problem becomes a diagnostic at the
/// node's position, and reading goes on so one run reports all problems in the file.
struct YAMLReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    package func location(of node: Node) -> SourceLocation {
        SourceLocation(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    mutating func report(_ id: String, _ message: String, at node: Node, hint: String? = nil, notes: [DiagnosticNote] = []) {
        diagnostics.append(.inputError(id, message, at: location(of: node), hint: hint, notes: notes))
    }

    mutating func report(_ id: String, _ message: String, at location: SourceLocation, hint: String? = nil, notes: [DiagnosticNote] = []) {
        diagnostics.append(.inputError(id, message, at: location, hint: hint, notes: notes))
    }

    /// Reports a diagnostic made elsewhere (one whose text another module shares).
    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// "a list", "a string", … for messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if scalar.isNull { return "nothing (null)" }
            if scalar.boolValue != nil { return "a boolean ('\(scalar.string)')" }
            if scalar.isNumber { return "a number ('\(scalar.string)')" }
            return "a string ('\(scalar.string)')"
        }
    }

    private mutating func wrongType(_ expected: String, for what: String, found node: Node, hint: String? = nil) {
        report("wrong-type", "expected \(expected) for \(what), found \(Self.describe(node))", at: node, hint: hint)
    }

    /// The pairs of a mapping, keys as located strings; nil (and a diagnostic) if `node` is not a mapping.
    mutating func mapping(_ node: Node, _ what: String, hint: String? = nil) -> [(key: Located<String>, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            wrongType("a mapping", for: what, found: node, hint: hint)
            return nil
        }
        var pairs: [(key: Located<String>, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                report("wrong-type", "keys of \(what) must be names, found \(Self.describe(key))", at: key)
                continue
            }
            pairs.append((Located(scalar.string, at: location(of: key)), value))
        }
        return pairs
    }

    /// Like `mapping`, but a section written with nothing after it (`modules:`) is empty: that is
    /// how a new workspace starts.
    mutating func section(_ node: Node, _ what: String, hint: String? = nil) -> [(key: Located<String>, value: Node)]? {
        if case .scalar(let scalar) = node, scalar.isNull { return [] }
        return mapping(node, what, hint: hint)
    }

    /// Reports every key not in `allowed`, suggesting the nearest allowed one.
    mutating func checkKeys(_ pairs: [(key: Located<String>, value: Node)], allowed: [String], in what: String) {
        for (key, _) in pairs where !allowed.contains(key.value) {
            let suggestion = Suggestions.didYouMean(key.value, in: allowed)
            report(
                "unknown-key", "unknown key '\(key.value)' in \(what)", at: key.location,
                hint: suggestion ?? "allowed keys: \(allowed.joined(separator: ", "))"
            )
        }
    }

    /// A non-empty string scalar (numbers and booleans are accepted as their text, so a module named `1` works).
    package mutating func string(_ node: Node, _ what: String) -> Located<String>? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            wrongType("a string", for: what, found: node)
            return nil
        }
        guard !scalar.string.isEmpty else {
            report("invalid-value", "\(what) must not be empty", at: node)
            return nil
        }
        return Located(scalar.string, at: location(of: node))
    }

    /// A string that `isValid` accepts; else `invalid-value` with `problem` (given the text) and
    /// `hint`, and nil.
    package mutating func string(
        _ node: Node, _ what: String, validWhen isValid: (String) -> Bool, problem: (String) -> String, hint: String
    ) -> Located<String>? {
        guard let text = string(node, what) else { return nil }
        guard isValid(text.value) else {
            report("invalid-value", problem(text.value), at: text.location, hint: hint)
            return nil
        }
        return text
    }

    /// A list of strings. A single string is rejected with a hint, since YAML makes it easy to forget the brackets.
    mutating func strings(_ node: Node, _ what: String) -> [Located<String>]? {
        guard case .sequence(let sequence) = node else {
            if case .scalar(let scalar) = node, !scalar.isNull {
                wrongType("a list", for: what, found: node, hint: "write it as a list: [\(scalar.string)]")
            } else if case .scalar = node {
                return []  // `key:` with nothing after it is an empty list
            } else {
                wrongType("a list", for: what, found: node)
            }
            return nil
        }
        var values: [Located<String>] = []
        for element in sequence {
            if let value = string(element, "an entry of \(what)") { values.append(value) }
        }
        return values
    }

    package mutating func bool(_ node: Node, _ what: String) -> Bool? {
        guard case .scalar(let scalar) = node, let value = scalar.boolValue else {
            wrongType("true or false", for: what, found: node)
            return nil
        }
        return value
    }

    /// One of an enumeration's raw values, with "did you mean" for near misses.
    mutating func choice<E: RawRepresentable & CaseIterable & Sendable & Hashable>(
        _ node: Node, _ what: String, as type: E.Type
    ) -> Located<E>? where E.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = E(rawValue: text.value) { return Located(value, at: text.location) }
        let options = E.allCases.map(\.rawValue)
        report(
            "invalid-value", "'\(text.value)' is not a valid value for \(what)", at: text.location,
            hint: Suggestions.didYouMean(text.value, in: options) ?? "use one of: \(options.joined(separator: ", "))"
        )
        return nil
    }
}

extension Node.Scalar {
    /// True for `~`, `null` and an empty value.
    // Manifests are composed with Yams' basic resolver, which leaves every scalar a string: the
    // default resolver matches each scalar against regular expressions, which cost more than
    // the rest of loading a large manifest. Plain scalars are typed here with the same YAML 1.1
    // rules the default resolver applies; quoted scalars stay strings.

    private var isPlain: Bool { style == .plain || style == .any }

    /// `~`, `null`, `Null`, `NULL` or nothing at all.
    var isNull: Bool {
        guard isPlain else { return false }
        switch string {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// YAML 1.1 booleans: true/false, yes/no, on/off in three capitalisations.
    var boolValue: Bool? {
        guard isPlain else { return nil }
        switch string {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// A plain integer or decimal number (only used to describe a value in a message).
    var isNumber: Bool { isPlain && (Int(string) != nil || Double(string) != nil) }
}
