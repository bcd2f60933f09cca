import Crypto
public import Foundation

/// SHA-256 in lowercase hex: a release's checksum (what `swift package compute-checksum`
/// prints) and a token's stored hash.
public enum Checksum {
    public static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
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
