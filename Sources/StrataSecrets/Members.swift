import Foundation
public import StrataAge
public import StrataDiagnostics

/// Who may read a workspace's secrets: the `recipients` file, one member per line, a name and an
/// age public key.
///
///     # The members who can read these secrets: a name and an age public key per line.
///     alice age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p
///     bob   age1...
public struct Members: Equatable, Sendable {
    public struct Member: Equatable, Sendable {
        public var name: String
        public var recipient: X25519Recipient
    }

    public private(set) var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    static let header = """
        # The members who can read this workspace's secrets: a name and an age public key per line.
        # Change it with 'strata secrets add-member' and 'remove-member', which re-encrypt the secrets.

        """

    /// The file's text.
    public var text: String {
        let width = members.map(\.name.count).max() ?? 0
        return Self.header + members.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + " " + $0.recipient.text + "\n" }.joined()
    }

    /// The members in `text`, the file at `path`.
    ///
    /// - Throws: `InputErrors` naming each bad line (`path:line:col`).
    public static func parse(_ text: String, path: String) throws(InputErrors) -> Members {
        var members: [Member] = []
        var problems: [Diagnostic] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty || words[0].hasPrefix("#") { continue }
            let column = line.distance(from: line.startIndex, to: words[0].startIndex) + 1
            let location = SourceLocation(path: path, line: index + 1, column: column)
            guard words.count == 2 else {
                problems.append(
                    .inputError(
                        "invalid-recipients", "a member line is a name and an age public key, not \(words.count) words", at: location,
                        hint: "write 'name age1…'"))
                continue
            }
            let name = String(words[0])
            guard SecretNames.isMemberName(name) else {
                problems.append(.inputError("invalid-recipients", "'\(name)' is not a member name", at: location, hint: SecretNames.memberNameHint))
                continue
            }
            let recipient: X25519Recipient
            do {
                recipient = try X25519Recipient(String(words[1]))
            } catch {
                let keyColumn = line.distance(from: line.startIndex, to: words[1].startIndex) + 1
                problems.append(
                    .inputError(
                        "invalid-recipients", "\(name)'s key is not an age public key: \(error)",
                        at: SourceLocation(path: path, line: index + 1, column: keyColumn),
                        hint: "a member's key is what 'strata secrets keygen' prints: age1…"))
                continue
            }
            if members.contains(where: { $0.name == name }) {
                problems.append(.inputError("invalid-recipients", "'\(name)' is a member twice", at: location, hint: "keep one line per member"))
                continue
            }
            members.append(Member(name: name, recipient: recipient))
        }
        guard problems.isEmpty else { throw InputErrors(problems) }
        return Members(members)
    }

    public func member(named name: String) -> Member? { members.first { $0.name == name } }

    mutating func add(_ member: Member) { members.append(member) }

    mutating func remove(named name: String) { members.removeAll { $0.name == name } }
}

/// The names secrets and members may have.
public enum SecretNames {
    /// A secret's name becomes a Swift property of the exported `Secrets` (`Secrets.apiKey`), so it
    /// is an identifier: a letter or `_`, then letters, digits and `_`, ASCII only.
    public static func isSecretName(_ name: String) -> Bool { isIdentifier(name) && !reservedSecretNames.contains(name) }

    /// Identifiers Swift does not allow as a member's name even in backticks, and the name of the
    /// exported file's unmasking function, which a member of that name would hide.
    static let reservedSecretNames: Set<String> = ["Type", "Protocol", "strataSecretsReveal"]

    public static let secretNameHint = "a secret's name is a Swift identifier such as apiKey or ground_station_token (but not Type or Protocol)"

    /// A member's name: letters, digits, `.`, `-`, `_` and `@`, as in a login or an email address.
    public static func isMemberName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || ".-_@".unicodeScalars.contains($0)) }
    }

    public static let memberNameHint = "a member's name is letters, digits, '.', '-', '_' and '@', such as alice or alice@example.com"

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, isLetter(first) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "_") }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") }
    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool { isLetter(scalar) || (scalar >= "0" && scalar <= "9") }
}
