public import StrataDiagnostics

/// Checks for names that become Swift module and target names.
public enum SwiftIdentifier {
    /// True if `name` is a Swift identifier usable as a module name: an identifier head (a
    /// letter, `_`, or one of the Unicode ranges the Swift grammar allows, so `Café` and `Ωmega`
    /// are fine), then identifier characters (heads, digits and combining marks), and not a keyword.
    public static func isValid(_ name: String) -> Bool {
        // `_` alone is the wildcard, not a name.
        guard let first = name.unicodeScalars.first, name != "_", !keywords.contains(name), isHead(first) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy(isCharacter)
    }

    /// `identifier-head` of The Swift Programming Language's lexical grammar.
    static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        return headRanges.contains { $0.contains(value) }
    }

    /// `identifier-character`: a head, a digit, or a combining mark.
    static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x30...0x39).contains(value) || isHead(scalar) { return true }
        return [0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F].contains { $0.contains(value) }
    }

    private static let headRanges: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
        0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF,
        0x0100...0x02FF, 0x0370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
        0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
        0xFE47...0xFFFD,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// The `invalid-name` error for a module or app name (`kind`) that is not a valid
    /// identifier, with a valid one close to it as the hint; nil if the name is valid.
    public static func problem(with name: String, kind: String, at location: SourceLocation?) -> Diagnostic? {
        guard !isValid(name) else { return nil }
        if keywords.contains(name) {
            return .inputError(
                "invalid-name", "\(kind) name '\(name)' is a Swift keyword", at: location,
                hint: "a module name must be usable in 'import'; e.g. '\(suggestion(for: name))'")
        }
        return .inputError(
            "invalid-name", "\(kind) name '\(name)' is not a valid Swift identifier", at: location,
            hint: "use letters, digits and underscores, not starting with a digit, e.g. '\(suggestion(for: name))'")
    }

    /// A valid identifier close to `name`, for hints.
    public static func suggestion(for name: String) -> String {
        var result = ""
        var upperNext = false
        for scalar in name.unicodeScalars {
            if isCharacter(scalar) {
                if upperNext, let upper = String(scalar).uppercased().unicodeScalars.first, upper.properties.isAlphabetic || upper == scalar {
                    result.unicodeScalars.append(upper)
                } else {
                    result.unicodeScalars.append(scalar)
                }
                upperNext = false
            } else {
                upperNext = true
            }
        }
        if let first = result.unicodeScalars.first, !isHead(first) { result = "M" + result }
        if keywords.contains(result) { result += "Module" }
        return result.isEmpty ? "MyModule" : result
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]
}

extension SwiftIdentifier {
    /// The module name SwiftPM gives a target: its name with every character Swift does not
    /// allow in identifiers replaced by `_` (`swift-format` → `swift_format`).
    public static func moduleName(ofTarget name: String) -> String {
        let isPlain = name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        if isPlain { return name }  // the common case, without going through Unicode properties
        return String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
            })
    }
}
