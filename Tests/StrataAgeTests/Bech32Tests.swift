import Testing

@testable import StrataAge

/// BIP 173's own test strings.
@Suite struct Bech32Tests {
    @Test(arguments: [
        "A12UEL5L", "a12uel5l", "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl",
    ])
    func validStringsDecode(_ text: String) throws {
        let (hrp, _) = try Bech32.decode(text)
        #expect(text.lowercased().hasPrefix(hrp + "1"))
    }

    @Test(arguments: [
        "pzry9x0s0muk",  // no separator
        "1pzry9x0s0muk",  // empty prefix
        "x1b4n0q5v",  // 'b' is not in the alphabet
        "li1dgmt3",  // too short for a checksum
        "A1G7SGD8",  // checksum computed over upper case
        "a12UEL5L",  // mixed case
        "a12uel5m",  // checksum changed
    ])
    func invalidStringsAreRefused(_ text: String) {
        #expect(throws: AgeError.self) { try Bech32.decode(text) }
    }

    @Test func bytesRoundTrip() throws {
        for count in [0, 1, 5, 31, 32, 33] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
            let (hrp, data) = try Bech32.decode(Bech32.encode(hrp: "test", data: bytes))
            #expect(hrp == "test" && data == bytes)
        }
    }
}
