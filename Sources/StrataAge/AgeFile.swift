/// Encrypting to and decrypting from the age format (age-encryption.org/v1), so that files
/// Strata writes open with the `age` tool and files `age` writes open with Strata.
///
/// Built on swift-crypto's X25519, HKDF-SHA-256, HMAC-SHA-256, ChaCha20-Poly1305 and scrypt; this
/// module does only the format. docs/SECRETS.md describes what is and is not supported.
public enum AgeFile {
    /// `plaintext` encrypted to every one of `recipients`: any of their identities decrypts it.
    ///
    /// - Throws: ``AgeError`` when there is no recipient, or a passphrase is mixed with others
    ///   (the format requires a passphrase stanza to be alone).
    public static func encrypt(_ plaintext: [UInt8], to recipients: [any AgeRecipient]) throws(AgeError) -> [UInt8] {
        var (output, fileKey) = try header(to: recipients)
        Payload.seal(plaintext, fileKey: fileKey, into: &output)
        return output
    }

    /// The plaintext of the age file `bytes`, decrypted with the first of `identities` that the
    /// header is addressed to.
    ///
    /// - Throws: ``AgeError`` for any malformed, changed or cut file, or when no identity fits.
    ///   Nothing is returned unless every chunk authenticates.
    public static func decrypt(_ bytes: [UInt8], with identities: [any AgeIdentity]) throws(AgeError) -> [UInt8] {
        let (header, payloadStart) = try Header.parse(bytes)
        return try Payload.open(bytes, from: payloadStart, fileKey: fileKey(of: header, with: identities))
    }

    /// The header of a new file to `recipients`, and the file key its payload is sealed with.
    static func header(to recipients: [any AgeRecipient]) throws(AgeError) -> (header: [UInt8], fileKey: [UInt8]) {
        guard !recipients.isEmpty else { throw .noRecipients }
        if recipients.count > 1 && recipients.contains(where: { $0 is ScryptRecipient }) { throw .scryptNotAlone }
        let fileKey = SecureBytes.random(count: 16)
        var stanzas: [Stanza] = []
        for recipient in recipients { stanzas += try recipient.wrap(fileKey: fileKey) }
        return (Header.serialize(stanzas, fileKey: fileKey), fileKey)
    }

    /// The file key of `header`, unwrapped with the first of `identities` it is addressed to,
    /// once the header's MAC proves it unchanged.
    static func fileKey(of header: Header, with identities: [any AgeIdentity]) throws(AgeError) -> [UInt8] {
        if header.stanzas.count > 1 && header.stanzas.contains(where: { $0.type == ScryptRecipient.stanzaType }) { throw .scryptNotAlone }
        var fileKey: [UInt8]?
        for identity in identities {
            if let key = try identity.unwrap(header.stanzas) {
                fileKey = key
                break
            }
        }
        guard let fileKey else { throw .noIdentityMatched }
        guard header.isAuthentic(fileKey: fileKey) else { throw .headerMACMismatch }
        return fileKey
    }

    /// The recipient stanzas of the age file `bytes` (their types and arguments), without
    /// decrypting anything.
    public static func stanzas(of bytes: [UInt8]) throws(AgeError) -> [Stanza] {
        try Header.parse(bytes).header.stanzas
    }
}
