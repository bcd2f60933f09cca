import Crypto
import Foundation

/// The payload of an age file: a 16-byte nonce, then the plaintext in 64 KiB chunks, each sealed
/// with ChaCha20-Poly1305 under the payload key and a nonce of an 11-byte big-endian counter and
/// a last-chunk flag (STREAM).
///
/// ``Sealer`` and ``Opener`` do one chunk at a time, so that a file is encrypted or decrypted as a
/// stream (`AgeFile.encryptFile`) with the same code as in memory.
enum Payload {
    static let chunkSize = 64 * 1024
    static let tagSize = 16
    static let nonceSize = 16
    static let sealedChunkSize = chunkSize + tagSize

    static func key(fileKey: [UInt8], nonce: some DataProtocol) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce, info: Array("payload".utf8), outputByteCount: 32)
    }

    /// Seals the chunks of one payload, in order.
    struct Sealer {
        /// The payload's nonce, which goes before the first chunk.
        let nonce: [UInt8]
        private let key: SymmetricKey
        private var counter: UInt64 = 0

        init(fileKey: [UInt8]) {
            nonce = SecureBytes.random(count: nonceSize)
            key = Payload.key(fileKey: fileKey, nonce: nonce)
        }

        /// Seals the next chunk (at most `chunkSize` bytes; only the last may be shorter, or
        /// empty when it is the only one) and appends its ciphertext and tag to `output`.
        mutating func seal(_ chunk: some DataProtocol, last: Bool, into output: inout Data) {
            let box = try! ChaChaPoly.seal(chunk, using: key, nonce: chunkNonce(counter, last: last))
            output.append(box.ciphertext)
            output.append(box.tag)
            counter += 1
        }
    }

    /// Opens the chunks of one payload, in order.
    struct Opener {
        private let key: SymmetricKey
        private var counter: UInt64 = 0

        init(fileKey: [UInt8], nonce: some DataProtocol) {
            key = Payload.key(fileKey: fileKey, nonce: nonce)
        }

        /// The plaintext of the next sealed chunk (ciphertext and tag), `last` if nothing follows
        /// it in the file.
        mutating func open(_ sealed: Data, last: Bool) throws(AgeError) -> Data {
            guard sealed.count >= tagSize else { throw .truncatedPayload }
            if last && sealed.count == tagSize && counter > 0 { throw .emptyFinalChunk }
            defer { counter += 1 }
            if let plaintext = try? open(sealed, as: last) { return plaintext }
            // A full last chunk sealed as not-last means the file was cut after it.
            if last && sealed.count == sealedChunkSize, (try? open(sealed, as: false)) != nil { throw .truncatedPayload }
            throw .payloadAuthenticationFailed(chunk: Int(counter))
        }

        private func open(_ sealed: Data, as last: Bool) throws -> Data {
            let box = try ChaChaPoly.SealedBox(
                nonce: chunkNonce(counter, last: last), ciphertext: sealed.prefix(sealed.count - tagSize), tag: sealed.suffix(tagSize))
            return try ChaChaPoly.open(box, using: key)
        }
    }

    /// The nonce and the sealed chunks of `plaintext`, appended to `output`.
    static func seal(_ plaintext: [UInt8], fileKey: [UInt8], into output: inout [UInt8]) {
        var sealer = Sealer(fileKey: fileKey)
        var sealed = Data(capacity: nonceSize + plaintext.count + (plaintext.count / chunkSize + 1) * tagSize)
        sealed.append(contentsOf: sealer.nonce)
        var start = 0
        repeat {
            let end = min(start + chunkSize, plaintext.count)
            // As `Data`: swift-crypto reads an `ArraySlice` byte by byte.
            sealer.seal(plaintext[start..<end].withUnsafeBytes { Data($0) }, last: end == plaintext.count, into: &sealed)
            start = end
        } while start < plaintext.count
        // Through the raw bytes: appending `Data` to an array element by element is slow.
        sealed.withUnsafeBytes { output.append(contentsOf: $0) }
    }

    /// The plaintext of the payload `bytes[start...]`.
    static func open(_ bytes: [UInt8], from start: Int, fileKey: [UInt8]) throws(AgeError) -> [UInt8] {
        guard bytes.count - start >= nonceSize + tagSize else { throw .truncatedPayload }
        var opener = Opener(fileKey: fileKey, nonce: bytes[start..<(start + nonceSize)])
        var plaintext = Data(capacity: bytes.count - start)
        var position = start + nonceSize
        while true {
            // A full chunk followed by more bytes is not the last; whatever ends the file is.
            let last = bytes.count - position <= sealedChunkSize
            let end = last ? bytes.count : position + sealedChunkSize
            plaintext.append(try opener.open(bytes[position..<end].withUnsafeBytes { Data($0) }, last: last))
            if last { return plaintext.withUnsafeBytes { Array($0) } }
            position = end
        }
    }

    private static func chunkNonce(_ counter: UInt64, last: Bool) -> ChaChaPoly.Nonce {
        var nonce = [UInt8](repeating: 0, count: 12)
        for index in 0..<8 { nonce[10 - index] = UInt8(truncatingIfNeeded: counter >> (8 * UInt64(index))) }
        nonce[11] = last ? 1 : 0
        return try! ChaChaPoly.Nonce(data: nonce)
    }
}
