import Testing

@testable import StrataAge

@Suite struct RoundTripTests {
    /// Sizes around the 64 KiB chunk boundary, where STREAM's last-chunk rules bite.
    static let sizes = [0, 1, 65_535, 65_536, 65_537, 3 * 65_536, 3 * 65_536 + 5]

    @Test(arguments: sizes)
    func aFileEncryptedToSeveralRecipientsOpensWithEachIdentity(size: Int) throws {
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let alice = X25519Identity()
        let bob = X25519Identity()
        let file = try AgeFile.encrypt(plaintext, to: [alice.recipient, bob.recipient])
        #expect(try AgeFile.decrypt(file, with: [alice]) == plaintext)
        #expect(try AgeFile.decrypt(file, with: [X25519Identity(), bob]) == plaintext)
        #expect(throws: AgeError.noIdentityMatched) { try AgeFile.decrypt(file, with: [X25519Identity()]) }
        // The chunks: one per started 64 KiB, and one (empty) for an empty file.
        let chunks = max(1, (size + 65_535) / 65_536)
        let headerSize = file.count - 16 - size - 16 * chunks
        #expect(headerSize > 0 && Array(file.prefix(22)) == Array("age-encryption.org/v1\n".utf8))
    }

    @Test func aPassphraseOpensWhatItEncryptedAndNothingElse() throws {
        let plaintext = Array("ground station key".utf8)
        let file = try AgeFile.encrypt(plaintext, to: [ScryptRecipient(passphrase: "correct horse", workFactor: 10)])
        #expect(try AgeFile.decrypt(file, with: [ScryptIdentity(passphrase: "correct horse")]) == plaintext)
        #expect(throws: AgeError.incorrectPassphrase) { try AgeFile.decrypt(file, with: [ScryptIdentity(passphrase: "wrong horse")]) }
        #expect(throws: AgeError.workFactorTooLarge(workFactor: 10, maximum: 9)) {
            try AgeFile.decrypt(file, with: [ScryptIdentity(passphrase: "correct horse", maximumWorkFactor: 9)])
        }
        // A passphrase is never mixed with other recipients.
        #expect(throws: AgeError.scryptNotAlone) {
            try AgeFile.encrypt(plaintext, to: [ScryptRecipient(passphrase: "x", workFactor: 10), X25519Identity().recipient])
        }
        #expect(throws: AgeError.noRecipients) { try AgeFile.encrypt(plaintext, to: []) }
    }

    @Test func keysSurviveTheirTextForm() throws {
        let identity = X25519Identity()
        #expect(identity.text.hasPrefix("AGE-SECRET-KEY-1") && identity.text == identity.text.uppercased())
        #expect(try X25519Identity(identity.text).privateKeyBytes == identity.privateKeyBytes)
        #expect(try X25519Identity(identity.text.lowercased()).recipient == identity.recipient)
        let recipient = identity.recipient
        #expect(recipient.text.hasPrefix("age1"))
        #expect(try X25519Recipient(recipient.text) == recipient)
        // Each kind of key is refused where the other is expected, and typos are caught.
        #expect(throws: AgeError.self) { try X25519Recipient(identity.text) }
        #expect(throws: AgeError.self) { try X25519Identity(recipient.text) }
        var typo = Array(recipient.text)
        typo[10] = typo[10] == "q" ? "p" : "q"
        #expect(throws: AgeError.self) { try X25519Recipient(String(typo)) }
    }

    @Test func everyFileGetsItsOwnKeysAndNonces() throws {
        let identity = X25519Identity()
        let first = try AgeFile.encrypt([1, 2, 3], to: [identity.recipient])
        let second = try AgeFile.encrypt([1, 2, 3], to: [identity.recipient])
        #expect(first != second)
        #expect(try AgeFile.stanzas(of: first)[0].arguments[1] != AgeFile.stanzas(of: second)[0].arguments[1])
    }
}
