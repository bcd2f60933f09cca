import Crypto
import Foundation
import Testing

@testable import StrataAge

/// Files that must fail, each closed: a changed byte anywhere, a cut, trailing bytes, and every
/// edge of the header's grammar and of each stanza type, in vectors written here.
@Suite struct MalformedFileTests {
    static let fileKey = [UInt8](repeating: 7, count: 16)
    let identity = X25519Identity()

    /// A file with `lines` as its header (the MAC computed for them with ``fileKey``) and
    /// `plaintext` sealed after it.
    static func file(_ lines: [String], plaintext: [UInt8] = Array("payload".utf8)) -> [UInt8] {
        let text = lines.joined(separator: "\n") + "\n---"
        var bytes = Array((text + " " + Base64.encode(Header.mac(of: Array(text.utf8), fileKey: fileKey)) + "\n").utf8)
        Payload.seal(plaintext, fileKey: fileKey, into: &bytes)
        return bytes
    }

    /// The argument line and body of an X25519 stanza wrapping ``fileKey`` for `identity`.
    func x25519Lines() throws -> (arguments: String, body: String) {
        let stanza = try identity.recipient.wrap(fileKey: Self.fileKey)[0]
        return ("-> " + stanza.arguments.joined(separator: " "), Base64.encode(stanza.body))
    }

    func decrypt(_ bytes: [UInt8]) throws -> [UInt8] { try AgeFile.decrypt(bytes, with: [identity]) }

    @Test func theCraftedFileItselfDecrypts() throws {
        let (arguments, body) = try x25519Lines()
        #expect(try decrypt(Self.file(["age-encryption.org/v1", arguments, body])) == Array("payload".utf8))
    }

    @Test func changingAnyByteFails() throws {
        let file = try AgeFile.encrypt(Array("the ISS ground station API key".utf8), to: [identity.recipient])
        for index in file.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = file
                changed[index] ^= flip
                #expect(throws: AgeError.self, "byte \(index) ^ \(flip)") { try decrypt(changed) }
            }
        }
    }

    @Test func cuttingOrExtendingTheFileFails() throws {
        let plaintext = [UInt8](repeating: 42, count: 2 * 65_536 + 100)
        let file = try AgeFile.encrypt(plaintext, to: [identity.recipient])
        let payloadStart = try Header.parse(file).payloadStart
        let sealedChunk = 65_536 + 16
        // Anywhere in the header, in the nonce, inside a chunk, at a chunk's end, one byte short.
        let cuts = Array(0..<payloadStart) + [payloadStart + 8, payloadStart + 16, payloadStart + 16 + 100]
            + [payloadStart + 16 + sealedChunk, payloadStart + 16 + 2 * sealedChunk, file.count - 1]
        for cut in cuts {
            #expect(throws: AgeError.self, "cut at \(cut)") { try decrypt(Array(file.prefix(cut))) }
        }
        // Cut exactly after a full chunk: the chunk authenticates as not the last, so it was cut.
        #expect(throws: AgeError.truncatedPayload) { try decrypt(Array(file.prefix(payloadStart + 16 + sealedChunk))) }
        #expect(throws: AgeError.payloadAuthenticationFailed(chunk: 2)) { try decrypt(file + [0]) }
        #expect(throws: AgeError.self) { try decrypt(file + file) }
    }

    @Test func anEmptyLastChunkAfterOthersFails() throws {
        let (arguments, body) = try x25519Lines()
        let text = ["age-encryption.org/v1", arguments, body].joined(separator: "\n") + "\n---"
        var file = Array((text + " " + Base64.encode(Header.mac(of: Array(text.utf8), fileKey: Self.fileKey)) + "\n").utf8)
        let nonce = [UInt8](repeating: 3, count: 16)
        let key = Payload.key(fileKey: Self.fileKey, nonce: nonce)
        file += nonce
        for (counter, (chunk, last)) in [([UInt8](repeating: 1, count: 65_536), false), ([UInt8](), true)].enumerated() {
            let nonce = [UInt8](repeating: 0, count: 10) + [UInt8(counter), last ? 1 : 0]
            let box = try ChaChaPoly.seal(chunk, using: key, nonce: ChaChaPoly.Nonce(data: nonce))
            file += Array(box.ciphertext) + Array(box.tag)
        }
        #expect(throws: AgeError.emptyFinalChunk) { try decrypt(file) }
    }

    @Test func headerGrammar() throws {
        let (arguments, body) = try x25519Lines()
        let version = "age-encryption.org/v1"
        let cases: [(String, [String], AgeError)] = [
            ("another version", ["age-encryption.org/v2", arguments, body], .unsupportedVersion("v2")),
            ("no stanza", [version], .malformedHeader(line: 2, reason: "the header has no recipient stanza")),
            ("a stray line", [version, "hello", arguments, body], .malformedHeader(line: 2, reason: "a line starts with neither '->' nor '---'")),
            (
                "two spaces between arguments", [version, arguments.replacingOccurrences(of: " X25519 ", with: " X25519  "), body],
                .malformedHeader(line: 2, reason: "a stanza's arguments must be printable words separated by single spaces")
            ),
            ("no arguments", [version, "-> ", body], .malformedHeader(line: 2, reason: "a stanza's arguments must be printable words separated by single spaces")),
            ("padding in a body", [version, arguments, body + "="], .malformedHeader(line: 3, reason: "a stanza's body line is not base64 of at most 64 columns")),
            (
                "a non-canonical body", [version, arguments, String(body.dropLast()) + nonCanonical(body.last!)],
                .malformedHeader(line: 3, reason: "a stanza's body is not canonical base64")
            ),
            (
                "a body without its short last line", [version, "-> unknown", String(repeating: "A", count: 64)],
                .malformedHeader(line: 4, reason: "a stanza's body line is not base64 of at most 64 columns")
            ),
            ("a body line too long", [version, "-> unknown", String(repeating: "A", count: 65)], .malformedHeader(line: 3, reason: "a stanza's body line is not base64 of at most 64 columns")),
        ]
        for (name, lines, expected) in cases {
            #expect(throws: expected, "\(name)") { try decrypt(Self.file(lines)) }
        }
        // Carriage returns are not line ends.
        let crlf = Array((version + "\r\n" + arguments + "\r\n" + body + "\r\n---").utf8)
        #expect(throws: AgeError.self) { try decrypt(crlf) }
        #expect(throws: AgeError.notAnAgeFile) { try decrypt(Array("hello".utf8)) }
        #expect(throws: AgeError.notAnAgeFile) { try decrypt([]) }
    }

    @Test func theMACLine() throws {
        let (arguments, body) = try x25519Lines()
        var file = Self.file(["age-encryption.org/v1", arguments, body])
        let mac = try Header.parse(file).header.macInput.count + 1
        file[mac] = file[mac] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: AgeError.headerMACMismatch) { try decrypt(file) }
        let noMAC = Array(("age-encryption.org/v1\n" + arguments + "\n" + body + "\n").utf8)
        #expect(throws: AgeError.malformedHeader(line: 4, reason: "the header has no MAC line")) { try decrypt(noMAC) }
        let shortMAC = Array(("age-encryption.org/v1\n" + arguments + "\n" + body + "\n--- AAAA\n").utf8)
        #expect(throws: AgeError.malformedHeader(line: 4, reason: "the MAC line is not '--- ' and 43 base64 characters")) { try decrypt(shortMAC) }
    }

    @Test func stanzasOfOtherTypesAreSkippedButOursMustBeWellFormed() throws {
        let (arguments, body) = try x25519Lines()
        let version = "age-encryption.org/v1"
        // Unknown types are ignored: first, the file opens through ours; alone, nothing matches.
        #expect(try decrypt(Self.file([version, "-> example.com/enigma 1 2", "AAAA", arguments, body])) == Array("payload".utf8))
        #expect(throws: AgeError.noIdentityMatched) { try decrypt(Self.file([version, "-> example.com/enigma", ""])) }
        let cases: [(String, [String], AgeError)] = [
            ("an extra argument", [version, arguments + " extra", body], .malformedStanza(type: "X25519", reason: "it has 2 arguments, not 1")),
            ("a short share", [version, "-> X25519 " + Base64.encode([UInt8](repeating: 9, count: 31)), body], .malformedStanza(type: "X25519", reason: "its share is not canonical base64 of 32 bytes")),
            ("a long body", [version, arguments, Base64.encode([UInt8](repeating: 1, count: 33))], .malformedStanza(type: "X25519", reason: "its body is 33 bytes, not 32")),
            ("a low-order share", [version, "-> X25519 " + Base64.encode([UInt8](repeating: 0, count: 32)), body], .malformedStanza(type: "X25519", reason: "its share is a low-order point")),
            ("scrypt beside X25519", [version, arguments, body, "-> scrypt " + Base64.encode([UInt8](repeating: 1, count: 16)) + " 10", body], .scryptNotAlone),
        ]
        for (name, lines, expected) in cases {
            #expect(throws: expected, "\(name)") { try decrypt(Self.file(lines)) }
        }
        let passphrase = ScryptIdentity(passphrase: "p")
        let salt = Base64.encode([UInt8](repeating: 1, count: 16))
        let scryptCases: [(String, [String], AgeError)] = [
            ("a leading zero", [version, "-> scrypt \(salt) 010", body], .malformedStanza(type: "scrypt", reason: "its work factor '010' is not a decimal number without leading zeros")),
            ("a sign", [version, "-> scrypt \(salt) +10", body], .malformedStanza(type: "scrypt", reason: "its work factor '+10' is not a decimal number without leading zeros")),
            ("a short salt", [version, "-> scrypt AAAA 10", body], .malformedStanza(type: "scrypt", reason: "its salt is not canonical base64 of 16 bytes")),
            ("too much work", [version, "-> scrypt \(salt) 40", body], .workFactorTooLarge(workFactor: 40, maximum: 22)),
        ]
        for (name, lines, expected) in scryptCases {
            #expect(throws: expected, "\(name)") { try AgeFile.decrypt(Self.file(lines), with: [passphrase]) }
        }
    }

    /// The base64 character with the same leading bits as the canonical last character
    /// `character` but a non-zero unused low bit: 32 bytes take 43 characters, two bits to spare.
    func nonCanonical(_ character: Character) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        return String(alphabet[alphabet.firstIndex(of: character)! | 1])
    }
}
