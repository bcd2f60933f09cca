/// Small pieces of Swift source text for generated manifests.
enum SwiftSource {
    /// Tell swift-format and SwiftFormat to leave a generated file alone: reformatting it would
    /// break its hash and make it look edited by hand.
    static let formatterDirectives = ["// swift-format-ignore-file", "// swiftformat:disable all"]

    /// A string literal: `"text"`, with quotes, backslashes and control characters escaped.
    static func literal(_ text: String) -> String {
        // Names and versions, nearly always: nothing to escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The lines of a call such as `.target(name: "A", dependencies: ["B"])` followed by `suffix`:
    /// on one line if it fits in `width` columns, else one argument per line, and a list
    /// argument that still does not fit with one element per line.
    static func call(_ function: String, _ arguments: [Argument], indent: String, suffix: String = ",", width: Int = 120) -> [String] {
        let inline = "\(indent)\(function)(\(arguments.map(\.inline).joined(separator: ", ")))\(suffix)"
        if fits(inline, width) { return [inline] }
        var lines = ["\(indent)\(function)("]
        let inner = indent + "    "
        for (index, argument) in arguments.enumerated() {
            let separator = index == arguments.count - 1 ? "" : ","
            let line = "\(inner)\(argument.inline)\(separator)"
            if fits(line, width) || argument.elements == nil {
                lines.append(line)
            } else {
                lines.append("\(inner)\(argument.label): [")
                lines += argument.elements!.map { "\(inner)    \($0)," }
                lines.append("\(inner)]\(separator)")
            }
        }
        lines.append("\(indent))\(suffix)")
        return lines
    }

    /// Whether `line` is at most `width` characters. Counting characters walks grapheme
    /// clusters; a line of no more bytes than that fits without counting (the common case,
    /// thousands of times for a large Package.swift).
    private static func fits(_ line: String, _ width: Int) -> Bool {
        line.utf8.count <= width || line.count <= width
    }

    /// One argument of a call: `label: value`, or `label: [elements]`.
    struct Argument {
        var label: String
        var value: String?
        var elements: [String]?

        static func value(_ label: String, _ value: String) -> Argument { Argument(label: label, value: value) }
        static func list(_ label: String, _ elements: [String]) -> Argument { Argument(label: label, elements: elements) }

        var inline: String {
            if let elements { return "\(label): [\(elements.joined(separator: ", "))]" }
            return "\(label): \(value ?? "")"
        }
    }
}
