import Crypto
public import Foundation

/// SHA-256 in lowercase hex: a release's checksum (what `swift package compute-checksum`
/// prints) and a token's stored hash.
public enum Checksum {
    public static func sha256Hex(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// Bytes (a digest, an authentication code) in lowercase hex.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `text` is a SHA-256 in lowercase hex, as a checksum is stored and an archive keyed:
    /// anything else (a client's typo, a path) never reaches storage.
    public static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The same digest in base64, as the `Digest: sha-256=…` header gives it: derived from the
    /// stored hex checksum, so that no download hashes its archive again.
    public static func base64(ofHex hex: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), let byte = UInt8(hex[index..<next], radix: 16)
        {
            bytes.append(byte)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }
}
