import Crypto

/// The payload of an age file: a 16-byte nonce, then the plaintext in 64 KiB chunks, each sealed
/// with ChaCha20-Poly1305 under the payload key and a nonce of an 11-byte big-endian counter and
/// a last-chunk flag (STREAM).
enum Payload {
    static let chunkSize = 64 * 1024
    static let tagSize = 16
    static let nonceSize = 16

    static func key(fileKey: [UInt8], nonce: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce, info: Array("payload".utf8), outputByteCount: 32)
    }

    /// The nonce and the sealed chunks of `plaintext`, appended to `output`.
    static func seal(_ plaintext: [UInt8], fileKey: [UInt8], into output: inout [UInt8]) {
        let nonce = SecureBytes.random(count: nonceSize)
        let key = key(fileKey: fileKey, nonce: nonce)
        output.reserveCapacity(output.count + nonceSize + plaintext.count + (plaintext.count / chunkSize + 1) * tagSize)
        output += nonce
        var start = 0
        var counter: UInt64 = 0
        repeat {
            let end = min(start + chunkSize, plaintext.count)
            let box = try! ChaChaPoly.seal(plaintext[start..<end], using: key, nonce: chunkNonce(counter, last: end == plaintext.count))
            output += box.ciphertext
            output += box.tag
            start = end
            counter += 1
        } while start < plaintext.count
    }

    /// The plaintext of the payload `bytes[start...]`.
    static func open(_ bytes: [UInt8], from start: Int, fileKey: [UInt8]) throws(AgeError) -> [UInt8] {
        guard bytes.count - start >= nonceSize + tagSize else { throw .truncatedPayload }
        let key = key(fileKey: fileKey, nonce: Array(bytes[start..<(start + nonceSize)]))
        var plaintext: [UInt8] = []
        plaintext.reserveCapacity(bytes.count - start)
        var position = start + nonceSize
        var counter: UInt64 = 0
        while true {
            // A full chunk followed by more bytes is not the last; whatever ends the file is.
            let sealedSize = chunkSize + tagSize
            let last = bytes.count - position <= sealedSize
            let end = last ? bytes.count : position + sealedSize
            guard end - position >= tagSize else { throw .truncatedPayload }
            if last && end - position == tagSize && counter > 0 { throw .emptyFinalChunk }
            guard let chunk = try? open(bytes[position..<end], key: key, counter: counter, last: last) else {
                // A full last chunk sealed as not-last means the file was cut after it.
                if last && end - position == sealedSize, (try? open(bytes[position..<end], key: key, counter: counter, last: false)) != nil {
                    throw .truncatedPayload
                }
                throw .payloadAuthenticationFailed(chunk: Int(counter))
            }
            plaintext += chunk
            if last { return plaintext }
            position = end
            counter += 1
        }
    }

    /// The plaintext of the sealed chunk `counter` (its ciphertext and tag), as the last chunk or not.
    private static func open(_ sealed: ArraySlice<UInt8>, key: SymmetricKey, counter: UInt64, last: Bool) throws -> [UInt8] {
        let box = try ChaChaPoly.SealedBox(
            nonce: chunkNonce(counter, last: last), ciphertext: sealed.dropLast(tagSize), tag: sealed.suffix(tagSize))
        return Array(try ChaChaPoly.open(box, using: key))
    }

    private static func chunkNonce(_ counter: UInt64, last: Bool) -> ChaChaPoly.Nonce {
        var nonce = [UInt8](repeating: 0, count: 12)
        for index in 0..<8 { nonce[10 - index] = UInt8(truncatingIfNeeded: counter >> (8 * UInt64(index))) }
        nonce[11] = last ? 1 : 0
        return try! ChaChaPoly.Nonce(data: nonce)
    }
}
