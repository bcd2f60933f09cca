/// A package's identity in the registry: `scope.name`, as SE-0292 §3.6 defines them.
///
/// Both parts compare case-insensitively (`mona` ≍ `MONA`); `key` is the lowercased form the
/// storage indexes, and the original spelling of the first publish is what is shown.
public struct PackageIdentifier: Sendable, Hashable, CustomStringConvertible {
    public let scope: String
    public let name: String

    /// Validates both parts; nil with the reason when either breaks the spec's rules.
    public static func parse(scope: String, name: String) -> Result<PackageIdentifier, IdentifierError> {
        if let problem = Self.scopeProblem(scope) { return .failure(IdentifierError(detail: "invalid scope '\(scope)': \(problem)")) }
        if let problem = Self.nameProblem(name) { return .failure(IdentifierError(detail: "invalid package name '\(name)': \(problem)")) }
        return .success(PackageIdentifier(validScope: scope, name: name))
    }

    /// `scope.name` split at its first dot and validated.
    public static func parse(_ identifier: String) -> Result<PackageIdentifier, IdentifierError> {
        guard let dot = identifier.firstIndex(of: ".") else {
            return .failure(IdentifierError(detail: "'\(identifier)' is not a package identifier: expected scope.name"))
        }
        return parse(scope: String(identifier[..<dot]), name: String(identifier[identifier.index(after: dot)...]))
    }

    /// Parts known to be valid: read back from storage that only holds parsed identifiers.
    public init(validScope scope: String, name: String) {
        self.scope = scope
        self.name = name
    }

    public var description: String { "\(scope).\(name)" }

    /// The case-insensitive key: `scope.name` lowercased.
    public var key: String { description.lowercased() }
    public var scopeKey: String { scope.lowercased() }

    /// What makes `scope` invalid: alphanumerics and single inner hyphens, at most 39 characters.
    public static func scopeProblem(_ scope: String) -> String? {
        problem(scope, maximum: 39, separators: ["-"], what: "a scope")
    }

    /// What makes `name` invalid: alphanumerics and single inner hyphens or underscores, at most 100 characters.
    public static func nameProblem(_ name: String) -> String? {
        problem(name, maximum: 100, separators: ["-", "_"], what: "a package name")
    }

    private static func problem(_ text: String, maximum: Int, separators: Set<Character>, what: String) -> String? {
        if text.isEmpty { return "\(what) cannot be empty" }
        if text.count > maximum { return "\(what) has at most \(maximum) characters" }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let alphanumeric = character.isASCII && (character.isLetter || character.isNumber)
            if alphanumeric { continue }
            guard separators.contains(character) else {
                return "\(what) holds only letters, digits and \(separators.sorted().map { "'\($0)'" }.joined(separator: " or "))"
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if index == 0 || next == nil || !(next!.isASCII && (next!.isLetter || next!.isNumber)) {
                return "\(what) cannot start or end with '\(character)' or have two separators in a row"
            }
        }
        return nil
    }
}

/// Why a scope, a name or an identifier was refused.
public struct IdentifierError: Error, Sendable, Equatable {
    public var detail: String
}
