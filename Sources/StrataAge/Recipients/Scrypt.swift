import Crypto
import _CryptoExtras

/// A passphrase files are encrypted with, as age's scrypt recipient type. Its stanza must be the
/// only one in the header.
public struct ScryptRecipient: AgeRecipient {
    let passphrase: String
    /// The base-two logarithm of scrypt's work factor: 18 (about a second) by default, as age.
    public let workFactor: Int

    static let stanzaType = "scrypt"
    static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)

    public init(passphrase: String, workFactor: Int = 18) {
        self.passphrase = passphrase
        self.workFactor = workFactor
    }

    public func wrap(fileKey: [UInt8]) throws(AgeError) -> [Stanza] {
        let salt = SecureBytes.random(count: 16)
        let key = try Self.wrapKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
        return [Stanza(arguments: [Self.stanzaType, Base64.encode(salt), String(workFactor)], body: FileKeyWrap.seal(fileKey, with: key))]
    }

    static func wrapKey(passphrase: String, salt: [UInt8], workFactor: Int) throws(AgeError) -> SymmetricKey {
        do {
            return try KDF.Scrypt.deriveKey(
                from: Array(passphrase.utf8), salt: saltLabel + salt, outputByteCount: 32, rounds: 1 << workFactor, blockSize: 8,
                parallelism: 1, maxMemory: 128 * (1 << workFactor) * 8 + 1024 * 1024)
        } catch {
            throw .malformedStanza(type: "scrypt", reason: "scrypt failed for work factor \(workFactor): \(error)")
        }
    }
}

/// A passphrase that decrypts files encrypted with it.
public struct ScryptIdentity: AgeIdentity {
    let passphrase: String
    /// The highest work factor accepted: a file asking for more is refused rather than tying up
    /// the machine: 2^22, age's own limit, already needs 4 GiB of memory and seconds of work.
    public let maximumWorkFactor: Int

    public init(passphrase: String, maximumWorkFactor: Int = 22) {
        self.passphrase = passphrase
        self.maximumWorkFactor = maximumWorkFactor
    }

    public func unwrap(_ stanzas: [Stanza]) throws(AgeError) -> [UInt8]? {
        guard let stanza = stanzas.first(where: { $0.type == ScryptRecipient.stanzaType }) else { return nil }
        guard stanzas.count == 1 else { throw .scryptNotAlone }
        guard stanza.arguments.count == 3 else {
            throw .malformedStanza(type: "scrypt", reason: "it has \(stanza.arguments.count - 1) arguments, not 2")
        }
        guard let salt = Base64.decode(stanza.arguments[1]), salt.count == 16 else {
            throw .malformedStanza(type: "scrypt", reason: "its salt is not canonical base64 of 16 bytes")
        }
        let digits = stanza.arguments[2]
        guard let first = digits.utf8.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"),
            digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), digits.utf8.count <= 3, let workFactor = Int(digits)
        else { throw .malformedStanza(type: "scrypt", reason: "its work factor '\(digits)' is not a decimal number without leading zeros") }
        guard workFactor <= maximumWorkFactor else { throw .workFactorTooLarge(workFactor: workFactor, maximum: maximumWorkFactor) }
        guard stanza.body.count == 32 else { throw .malformedStanza(type: "scrypt", reason: "its body is \(stanza.body.count) bytes, not 32") }
        let key = try ScryptRecipient.wrapKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
        guard let fileKey = FileKeyWrap.open(stanza.body, with: key) else { throw .incorrectPassphrase }
        return fileKey
    }
}
