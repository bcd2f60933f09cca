import Yams

/// Writes the YAML of generated specs in block style, exactly as `Yams.serialize(node:indent: 2,
/// width: -1, allowUnicode: true)` does, about fifty times faster: the XcodeGen specs of a
/// 5,000-module workspace took 2.9 s through libyaml's emitter and most of a generate run
/// (docs/BENCHMARKS.md). It handles what the generators build — block mappings and sequences of
/// string scalars that are plainly safe or simply double-quoted — and hands any other document to
/// Yams whole, so quoting is always libyaml's. The tests hold it to Yams' output byte for byte.
enum BlockYAMLEmitter {
    /// The document's lines, without a final empty line.
    static func lines(_ node: Node) -> [String] {
        guard isDecidable(node) else {
            // A scalar that needs libyaml's judgement (quoting, line breaks): all of it goes to Yams.
            var text = (try? Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)) ?? ""
            if text.hasSuffix("\n") { text.removeLast() }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var lines: [String] = []
        emit(node, indent: 0, into: &lines, prefix: nil)
        return lines
    }

    /// True if every scalar is plain-safe, or double-quoted without escapes.
    private static func isDecidable(_ node: Node) -> Bool {
        switch node {
        case .mapping(let mapping): return mapping.allSatisfy { isDecidable($0.key) && isDecidable($0.value) }
        case .sequence(let sequence): return sequence.allSatisfy(isDecidable)
        case .alias: return false
        case .scalar(let scalar):
            switch scalar.style {
            case .any, .plain: return isPlainSafe(scalar.string)
            case .doubleQuoted: return isPlainSafe(scalar.string) || isSimpleQuotable(scalar.string)
            default: return false
            }
        }
    }

    /// Appends `node` at `indent`. `prefix` is text already on the line the node starts on
    /// (`key:` or `- `), or nil when the node starts a new line.
    private static func emit(_ node: Node, indent: Int, into lines: inout [String], prefix: String?) {
        let pad = String(repeating: " ", count: indent)
        switch node {
        case .mapping(let mapping) where !mapping.isEmpty:
            var first = true
            for (key, value) in mapping {
                let head = (first ? (prefix ?? pad) : pad) + scalar(key) + ":"
                first = false
                switch value {
                case .mapping(let inner) where !inner.isEmpty:
                    lines.append(head)
                    emit(value, indent: indent + 2, into: &lines, prefix: nil)
                case .sequence(let inner) where !inner.isEmpty:
                    // libyaml writes a sequence inside a mapping at the mapping's own indentation.
                    lines.append(head)
                    emit(value, indent: indent, into: &lines, prefix: nil)
                default:
                    lines.append(head + " " + scalar(value))
                }
            }
        case .sequence(let sequence) where !sequence.isEmpty:
            var first = true
            for item in sequence {
                let dash = (first ? (prefix ?? pad) : pad) + "- "
                first = false
                switch item {
                case .mapping(let inner) where !inner.isEmpty:
                    emit(item, indent: indent + 2, into: &lines, prefix: dash)
                case .sequence(let inner) where !inner.isEmpty:
                    emit(item, indent: indent + 2, into: &lines, prefix: dash)
                default:
                    lines.append(dash + scalar(item))
                }
            }
        default:
            lines.append((prefix ?? pad) + scalar(node))
        }
    }

    /// A scalar (or an empty collection) as it appears after `key: ` or `- `; `isDecidable` has
    /// made sure it is plain-safe or a simple double-quoted one.
    private static func scalar(_ node: Node) -> String {
        switch node {
        case .mapping: return "{}"
        case .sequence: return "[]"
        case .alias: preconditionFailure("aliases are not decidable")
        case .scalar(let scalar):
            return scalar.style == .doubleQuoted ? "\"" + scalar.string + "\"" : scalar.string
        }
    }

    /// Text libyaml writes plain in block context, decided conservatively: ASCII letters, digits
    /// and `_ . / - + $ ( ) :`, starting with a letter, `_`, `/`, `$`, `(` or a relative path's
    /// `./` or `../`, not ending in `:`, and no YAML 1.1 boolean or null word. Everything else —
    /// numbers, versions, indicators — goes to Yams.
    static func isPlainSafe(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.last != UInt8(ascii: ":") else { return false }
        for byte in bytes where !isLetter(byte) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            guard "_./-+$():".utf8.contains(byte) else { return false }
        }
        switch first {
        case _ where isLetter(first), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "("):
            break
        case UInt8(ascii: "."):
            guard bytes.count > 1, bytes[1] == UInt8(ascii: ".") || bytes[1] == UInt8(ascii: "/") else { return false }
        default:
            return false
        }
        return !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Double-quoted text that needs no escapes.
    private static func isSimpleQuotable(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
