import Foundation

/// The base64 of age: standard alphabet, no `=` padding, and only the canonical encoding of each
/// value (RFC 4648, 3.5: the unused low bits of the last character are zero).
///
/// Decoding goes through Foundation; canonical form is checked by encoding the result again and
/// comparing, so that a second encoding of the same bytes (which would make the header
/// malleable) is refused.
enum Base64 {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes `text` encodes, or `nil` when it is not canonical unpadded base64.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.contains("="), text.utf8.allSatisfy({ isAlphabet($0) }), text.utf8.count % 4 != 1 else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: padded) else { return nil }
        let bytes = [UInt8](data)
        return encode(bytes) == text ? bytes : nil
    }

    static func isAlphabet(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
    }
}
