public import StrataDiagnostics

/// Checks for names that become Swift module and target names.
public enum SwiftIdentifier {
    /// True if `name` is a plain Swift identifier usable as a module name: ASCII letters, digits
    /// and underscores, not starting with a digit, and not a keyword.
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !keywords.contains(name) else { return false }
        guard first == "_" || first.properties.isAlphabetic && first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The `invalid-name` error for a module or app name (`kind`) that is not a valid
    /// identifier, with a valid one close to it as the hint; nil if the name is valid.
    public static func problem(with name: String, kind: String, at location: SourceLocation?) -> Diagnostic? {
        guard !isValid(name) else { return nil }
        return .inputError(
            "invalid-name", "\(kind) name '\(name)' is not a valid Swift identifier", at: location,
            hint: "use letters, digits and underscores, not starting with a digit, e.g. '\(suggestion(for: name))'")
    }

    /// A valid identifier close to `name`, for hints.
    public static func suggestion(for name: String) -> String {
        var result = ""
        var upperNext = false
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                result.unicodeScalars.append(upperNext ? Unicode.Scalar(String(scalar).uppercased())! : scalar)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        if let first = result.first, first.isNumber { result = "M" + result }
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
