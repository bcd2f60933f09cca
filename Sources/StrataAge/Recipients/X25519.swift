import Crypto

/// A public key files are encrypted to (`age1…`), as age's X25519 recipient type.
public struct X25519Recipient: AgeRecipient, Hashable {
    /// The public key's 32 bytes. (Kept as bytes: swift-crypto's key types are not `Sendable`.)
    public let publicKeyBytes: [UInt8]

    static let stanzaType = "X25519"
    static let info = Array("age-encryption.org/v1/X25519".utf8)

    init(publicKey: Curve25519.KeyAgreement.PublicKey) { publicKeyBytes = Array(publicKey.rawRepresentation) }

    var publicKey: Curve25519.KeyAgreement.PublicKey {
        // Any 32 bytes are a Curve25519 public key; only these were checked to be 32.
        try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: publicKeyBytes)
    }

    /// The recipient `text` encodes (`age1` and Bech32).
    public init(_ text: String) throws(AgeError) {
        publicKeyBytes = try Bech32.decodeKey(text, hrp: "age", noun: "a recipient", prefix: "age1")
    }

    /// The recipient as text: `age1…`.
    public var text: String { Bech32.encode(hrp: "age", data: publicKeyBytes) }

    public func wrap(fileKey: [UInt8]) throws(AgeError) -> [Stanza] {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let share = Array(ephemeral.publicKey.rawRepresentation)
        guard let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: publicKey) else {
            throw .invalidKey(reason: "the recipient is a low-order point")
        }
        let key = Self.wrapKey(secret, share: share, recipient: publicKeyBytes)
        return [Stanza(arguments: [Self.stanzaType, Base64.encode(share)], body: FileKeyWrap.seal(fileKey, with: key))]
    }

    static func wrapKey(_ secret: SharedSecret, share: [UInt8], recipient: [UInt8]) -> SymmetricKey {
        secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: share + recipient, sharedInfo: info, outputByteCount: 32)
    }
}

/// A private key that decrypts files encrypted to its ``X25519Recipient`` (`AGE-SECRET-KEY-1…`).
public struct X25519Identity: AgeIdentity {
    /// The private key's 32 bytes.
    let privateKeyBytes: [UInt8]

    /// A new identity from the system's secure random source.
    public init() { privateKeyBytes = Array(Curve25519.KeyAgreement.PrivateKey().rawRepresentation) }

    var privateKey: Curve25519.KeyAgreement.PrivateKey {
        // Any 32 bytes are a Curve25519 private key (it is clamped when used).
        try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: privateKeyBytes)
    }

    /// The identity `text` encodes (`AGE-SECRET-KEY-1` and Bech32).
    public init(_ text: String) throws(AgeError) {
        privateKeyBytes = try Bech32.decodeKey(text, hrp: "age-secret-key-", noun: "an identity", prefix: "AGE-SECRET-KEY-1")
    }

    /// The identity as text: `AGE-SECRET-KEY-1…`, upper-case as age writes it.
    public var text: String { Bech32.encode(hrp: "age-secret-key-", data: privateKeyBytes).uppercased() }

    /// The recipient files for this identity are encrypted to.
    public var recipient: X25519Recipient { X25519Recipient(publicKey: privateKey.publicKey) }

    public func unwrap(_ stanzas: [Stanza]) throws(AgeError) -> [UInt8]? {
        let privateKey = self.privateKey
        let ours = Array(privateKey.publicKey.rawRepresentation)
        for stanza in stanzas where stanza.type == X25519Recipient.stanzaType {
            guard stanza.arguments.count == 2 else {
                throw .malformedStanza(type: "X25519", reason: "it has \(stanza.arguments.count - 1) arguments, not 1")
            }
            guard let share = Base64.decode(stanza.arguments[1]), share.count == 32 else {
                throw .malformedStanza(type: "X25519", reason: "its share is not canonical base64 of 32 bytes")
            }
            // Checked before any decryption, so that a body's length tells an attacker nothing.
            guard stanza.body.count == 32 else { throw .malformedStanza(type: "X25519", reason: "its body is \(stanza.body.count) bytes, not 32") }
            guard let peer = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share),
                let secret = try? privateKey.sharedSecretFromKeyAgreement(with: peer),
                secret.withUnsafeBytes({ bytes in bytes.contains { $0 != 0 } })
            else { throw .malformedStanza(type: "X25519", reason: "its share is a low-order point") }
            if let fileKey = FileKeyWrap.open(stanza.body, with: X25519Recipient.wrapKey(secret, share: share, recipient: ours)) {
                return fileKey
            }
        }
        return nil
    }
}
