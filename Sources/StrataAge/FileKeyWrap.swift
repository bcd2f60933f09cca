import Crypto

/// How every native stanza wraps the 16-byte file key: ChaCha20-Poly1305 under the stanza's wrap
/// key with an all-zero nonce (each wrap key is used once).
enum FileKeyWrap {
    static func seal(_ fileKey: [UInt8], with key: SymmetricKey) -> [UInt8] {
        // The nonce is 12 bytes and the key 32: neither can be refused.
        let box = try! ChaChaPoly.seal(fileKey, using: key, nonce: try! ChaChaPoly.Nonce(data: [UInt8](repeating: 0, count: 12)))
        return Array(box.ciphertext) + Array(box.tag)
    }

    /// The file key in `body`, or `nil` when `key` does not open it.
    static func open(_ body: [UInt8], with key: SymmetricKey) -> [UInt8]? {
        guard body.count == 32,
            let box = try? ChaChaPoly.SealedBox(
                nonce: ChaChaPoly.Nonce(data: [UInt8](repeating: 0, count: 12)), ciphertext: body[..<16], tag: body[16...]),
            let fileKey = try? ChaChaPoly.open(box, using: key)
        else { return nil }
        return Array(fileKey)
    }
}

/// Random bytes from the system's secure source, through swift-crypto's key generation.
enum SecureBytes {
    static func random(count: Int) -> [UInt8] {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}
