import Crypto
public import Foundation

/// SHA-256 in lowercase hex: a release's checksum (what `swift package compute-checksum`
/// prints) and a token's stored hash.
public enum Checksum {
    public static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
