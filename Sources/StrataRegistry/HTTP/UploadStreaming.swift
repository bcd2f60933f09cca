import Foundation
import NIOCore
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a byte string has occurred in a stream read chunk by chunk, across chunk boundaries
/// too, found with `memchr` and `memcmp`, never by copying the stream.
struct DelimiterWatch {
    let needle: [UInt8]
    private(set) var found = false
    /// The last `needle.count - 1` bytes seen: a match may begin in them.
    private var carry: [UInt8] = []

    init(_ text: String) {
        needle = Array(text.utf8)
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !found, !bytes.isEmpty else { return }
        let overlap = needle.count - 1
        let joint = carry + bytes.prefix(overlap)
        if Self.contains(needle, in: joint) || Self.contains(needle, in: bytes) {
            found = true
            return
        }
        carry = Array((carry + bytes.suffix(overlap)).suffix(overlap))
    }

    private static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { contains(needle, in: $0) }
    }

    private static func contains(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        return needle.withUnsafeBytes { needleBytes in
            // memchr finds each candidate first byte; memcmp compares the rest.
            var offset = 0
            while offset + needle.count <= haystack.count {
                guard let hit = memchr(base + offset, Int32(needle[0]), haystack.count - needle.count - offset + 1) else { return false }
                if memcmp(hit, needleBytes.baseAddress!, needle.count) == 0 { return true }
                offset = UnsafeRawPointer(hit) - base + 1
            }
            return false
        }
    }
}

/// Base64 decoded as it arrives, whatever the chunks: characters outside the alphabet (line
/// breaks) are skipped, as `Data(base64Encoded:options: .ignoreUnknownCharacters)` does, and a
/// group of four split between chunks waits for the rest of it.
struct Base64Stream {
    private var pending: [UInt8] = []

    /// Whether no partial group of four is left over.
    var isFinished: Bool { pending.isEmpty }

    /// The bytes the complete groups so far decode to; nil when they are not base64.
    mutating func decode(_ chunk: some Sequence<UInt8>) -> Data? {
        pending.append(contentsOf: chunk.lazy.filter(Self.isInAlphabet))
        let whole = pending.count - pending.count % 4
        guard whole > 0 else { return Data() }
        guard let decoded = Data(base64Encoded: Data(pending[..<whole])) else { return nil }
        pending.removeFirst(whole)
        return decoded
    }

    private static func isInAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}

/// A new file written in large blocks, whatever the size of the pieces handed to it: the
/// multipart parser hands over a piece per line of binary data.
final class BufferedFileWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    private var descriptor: SystemPackage.FileDescriptor?
    private var buffer = ByteBuffer()
    private static let blockSize = 256 << 10

    /// Creates the file (it must not exist), readable by this user only.
    init(path: String) throws(Failure) {
        self.path = path
        do {
            descriptor = try SystemPackage.FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: [.ownerReadWrite])
        } catch {
            throw Failure(description: "cannot create '\(path)': \(error)")
        }
        buffer.reserveCapacity(Self.blockSize)
    }

    deinit { close() }

    func write(_ piece: ByteBuffer) throws(Failure) {
        var piece = piece
        buffer.writeBuffer(&piece)
        if buffer.readableBytes >= Self.blockSize { try flush() }
    }

    /// Writes what is buffered and closes the file.
    func finish() throws(Failure) {
        try flush()
        close()
    }

    func close() {
        try? descriptor?.close()
        descriptor = nil
    }

    private func flush() throws(Failure) {
        guard let descriptor else { throw Failure(description: "'\(path)' is closed") }
        do {
            _ = try buffer.withUnsafeReadableBytes { try descriptor.writeAll($0) }
        } catch {
            throw Failure(description: "cannot write '\(path)': \(error)")
        }
        buffer.clear()
    }
}
