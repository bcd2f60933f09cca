/// Bech32 (BIP 173) as age uses it for keys: no limit on the length, and either all upper or all
/// lower case, with the checksum computed over the lower-case text.
///
/// Not a cryptographic primitive but an encoding with a checksum, which no library in reach
/// provides; the BIP's own test strings check it (Bech32Tests).
enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    /// `hrp` and `data` (bytes) as Bech32, lower-case.
    static func encode(hrp: String, data: [UInt8]) -> String {
        let hrp = hrp.lowercased()
        let values = convertBits(data, from: 8, to: 5, pad: true)!
        let checksum = self.checksum(hrp: hrp, values: values)
        return hrp + "1" + String(decoding: (values + checksum).map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// The 32-byte key `text` encodes under `hrp` (`age`, `age-secret-key-`); `noun` and `prefix`
    /// word the error ("a recipient starts with 'age1'"; what it starts with instead is not
    /// echoed, since an identity file's line may be a secret).
    static func decodeKey(_ text: String, hrp expected: String, noun: String, prefix: String) throws(AgeError) -> [UInt8] {
        let (hrp, data) = try decode(text)
        guard hrp == expected else { throw .invalidKey(reason: "\(noun) starts with '\(prefix)'") }
        guard data.count == 32 else { throw .invalidKey(reason: "\(noun) holds 32 bytes, not \(data.count)") }
        return data
    }

    /// The human-readable part (lower-cased) and the bytes of `text`.
    static func decode(_ text: String) throws(AgeError) -> (hrp: String, data: [UInt8]) {
        let lower = text.lowercased()
        guard text == lower || text == text.uppercased() else { throw .invalidKey(reason: "it mixes upper and lower case") }
        guard let separator = lower.utf8.lastIndex(of: UInt8(ascii: "1")) else { throw .invalidKey(reason: "it has no '1' separator") }
        let hrp = String(lower[..<separator])
        let encoded = lower.utf8[lower.utf8.index(after: separator)...]
        guard !hrp.isEmpty, hrp.utf8.allSatisfy({ $0 >= 33 && $0 <= 126 }) else { throw .invalidKey(reason: "its prefix is empty or not printable") }
        guard encoded.count >= 6 else { throw .invalidKey(reason: "it is too short for a checksum") }
        var values: [UInt8] = []
        for byte in encoded {
            guard let value = alphabet.firstIndex(of: byte) else {
                throw .invalidKey(reason: "'\(Character(Unicode.Scalar(byte)))' is not a Bech32 character")
            }
            values.append(UInt8(value))
        }
        guard polymod(expand(hrp) + values) == 1 else { throw .invalidKey(reason: "its checksum does not match (a typo?)") }
        guard let data = convertBits(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else {
            throw .invalidKey(reason: "its data has non-zero padding")
        }
        return (hrp, data)
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for index in 0..<5 where (top >> index) & 1 == 1 { check ^= generator[index] }
        }
        return check
    }

    private static func expand(_ hrp: String) -> [UInt8] {
        hrp.utf8.map { $0 >> 5 } + [0] + hrp.utf8.map { $0 & 31 }
    }

    private static func checksum(hrp: String, values: [UInt8]) -> [UInt8] {
        let check = polymod(expand(hrp) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        return (0..<6).map { UInt8((check >> (5 * (5 - $0))) & 31) }
    }

    /// Regroups `data` from `from`-bit to `to`-bit values; `nil` when, without `pad`, leftover
    /// bits are too many or not zero.
    private static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        var result: [UInt8] = []
        let maximum = (1 << to) - 1
        for value in data {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & maximum))
            }
        }
        if pad {
            if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & maximum)) }
        } else if bits >= from || (accumulator << (to - bits)) & maximum != 0 {
            return nil
        }
        return result
    }
}
