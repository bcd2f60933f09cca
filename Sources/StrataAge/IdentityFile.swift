/// age's identity file, as `age-keygen` writes it: comment lines (`# created: …`,
/// `# public key: age1…`), then one `AGE-SECRET-KEY-1…` per line.
public enum IdentityFile {
    /// The identities in `text`. Blank lines and `#` comments are skipped; any other line must be
    /// an X25519 identity.
    ///
    /// - Throws: ``AgeError/invalidKey(reason:)`` naming the line, for anything else, or when the
    ///   file holds no identity.
    public static func identities(in text: String) throws(AgeError) -> [X25519Identity] {
        var identities: [X25519Identity] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed.allSatisfy(\.isWhitespace) || trimmed.hasPrefix("#") { continue }
            do {
                identities.append(try X25519Identity(String(trimmed)))
            } catch {
                throw .invalidKey(reason: "line \(index + 1) of the identity file: \(error.reasonText)")
            }
        }
        guard !identities.isEmpty else { throw .invalidKey(reason: "the identity file holds no AGE-SECRET-KEY-1 line") }
        return identities
    }

    /// The file `age-keygen` would write for `identity`, created at `created` (an ISO 8601 time).
    public static func text(for identity: X25519Identity, created: String) -> String {
        "# created: \(created)\n# public key: \(identity.recipient.text)\n\(identity.text)\n"
    }
}

extension AgeError {
    /// The reason of an ``invalidKey(reason:)``, or the whole description.
    var reasonText: String {
        if case .invalidKey(let reason) = self { return reason }
        return description
    }
}
