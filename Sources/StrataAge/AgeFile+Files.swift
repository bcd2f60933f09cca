import Foundation
import StrataFileSystem

/// Encrypting and decrypting files as streams, one 64 KiB chunk at a time, as the `age` tool does:
/// memory stays small whatever the file's size.
///
/// The output is written to a temporary file beside it (mode 0600) and renamed over it only once
/// everything succeeded, so a file that fails to decrypt, at any chunk, leaves no plaintext behind
/// and the output as it was.
extension AgeFile {
    /// Encrypts the file at `input` to `recipients`, writing the age file `output`.
    public static func encryptFile(at input: String, to output: String, recipients: [any AgeRecipient]) throws(AgeError) {
        let (header, fileKey) = try header(to: recipients)
        var reader = try ChunkReader(path: input)
        defer { reader.close() }
        try AtomicWriter.write(to: output) { writer throws(AgeError) in
            var sealer = Payload.Sealer(fileKey: fileKey)
            var pending = Data(header)
            pending.append(contentsOf: sealer.nonce)
            var chunk = try reader.read(Payload.chunkSize)
            while true {
                // The last chunk is the one nothing follows: a full chunk needs a look ahead.
                let next = chunk.count == Payload.chunkSize ? try reader.read(Payload.chunkSize) : Data()
                sealer.seal(chunk, last: next.isEmpty, into: &pending)
                try writer.write(&pending)
                if next.isEmpty { break }
                chunk = next
            }
        }
    }

    /// Decrypts the age file at `input` with the first of `identities` it is addressed to,
    /// writing the plaintext to `output` only if every chunk authenticates.
    public static func decryptFile(at input: String, to output: String, identities: [any AgeIdentity]) throws(AgeError) {
        var reader = try ChunkReader(path: input)
        defer { reader.close() }
        let start = try reader.readHeader()
        let (header, payloadStart) = try Header.parse(start)
        let fileKey = try fileKey(of: header, with: identities)
        reader.pushBack(Data(start[payloadStart...]))
        let nonce = try reader.read(Payload.nonceSize)
        guard nonce.count == Payload.nonceSize else { throw .truncatedPayload }
        try AtomicWriter.write(to: output) { writer throws(AgeError) in
            var opener = Payload.Opener(fileKey: fileKey, nonce: nonce)
            var sealed = try reader.read(Payload.sealedChunkSize)
            while true {
                // A full chunk followed by more bytes is not the last; whatever ends the file is.
                let next = sealed.count == Payload.sealedChunkSize ? try reader.read(Payload.sealedChunkSize) : Data()
                var plaintext = try opener.open(sealed, last: next.isEmpty)
                try writer.write(&plaintext)
                if next.isEmpty { break }
                sealed = next
            }
        }
    }
}

/// Reads a file in chunks of the size asked for (short only at its end).
struct ChunkReader {
    let path: String
    private let descriptor: Int32
    private var pushedBack = Data()

    init(path: String) throws(AgeError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileError(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Bytes read ahead that the next reads give first.
    mutating func pushBack(_ bytes: Data) { pushedBack = bytes + pushedBack }

    /// The next `count` bytes, fewer only at the end of the file.
    mutating func read(_ count: Int) throws(AgeError) -> Data {
        var bytes = Data(count: count)
        let filled = min(pushedBack.count, count)
        if filled > 0 {
            bytes.replaceSubrange(0..<filled, with: pushedBack.prefix(filled))
            pushedBack.removeFirst(filled)
        }
        let (read, failure) = bytes.withUnsafeMutableBytes { buffer in
            FileDescriptorIO.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), from: descriptor)
        }
        if let failure { throw .fileError(path: path, reason: FileDescriptorIO.describe(failure)) }
        bytes.count = filled + read
        return bytes
    }

    /// The file's first bytes, up to and past the end of its header (its `---` line), or all of
    /// them if it is shorter; at most 1 MiB, more than any header of a file to a few thousand
    /// recipients. `Header.parse` judges what it gets.
    mutating func readHeader() throws(AgeError) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < 1 << 20 {
            let block = try read(16 * 1024)
            bytes += block
            if block.isEmpty || Self.hasMACLine(bytes) { break }
        }
        return bytes
    }

    /// Whether `bytes` hold a whole line starting with `---` (the header's last line).
    private static func hasMACLine(_ bytes: [UInt8]) -> Bool {
        guard let marker = bytes.firstRange(of: Array("\n--- ".utf8)) else { return false }
        return bytes[marker.upperBound...].contains(UInt8(ascii: "\n"))
    }

    func close() { FileDescriptorIO.close(descriptor) }
}

/// Writes a file through a temporary file beside it (mode 0600), renamed over it by ``commit()``.
struct AtomicWriter {
    let path: String
    let temporary: String
    private let descriptor: Int32
    private var buffered = Data()

    init(path: String) throws(AgeError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        temporary = (folder.isEmpty ? "" : folder + "/") + "." + name + ".age-" + String(UInt64.random(in: .min ... .max), radix: 16) + ".tmp"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .fileError(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Queues `bytes` (emptying them), writing once a megabyte has gathered.
    mutating func write(_ bytes: inout Data) throws(AgeError) {
        buffered.append(bytes)
        bytes.removeAll(keepingCapacity: true)
        if buffered.count >= 1 << 20 { try flush() }
    }

    private mutating func flush() throws(AgeError) {
        if let failure = buffered.withUnsafeBytes({ FileDescriptorIO.writeAll($0, to: descriptor) }) {
            throw .fileError(path: path, reason: FileDescriptorIO.describe(failure))
        }
        buffered.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, and puts the file in place. (No fsync, as for every file Strata
    /// writes: the rename is atomic, and durability across a power cut is the file system's.)
    mutating func commit() throws(AgeError) {
        try flush()
        guard FileDescriptorIO.close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .fileError(path: path, reason: reason)
        }
    }

    /// Runs `body` with a writer for `path`, and puts the file in place if it succeeds; if it
    /// throws, the temporary file is removed and `path` stays as it was.
    static func write(to path: String, _ body: (inout AtomicWriter) throws(AgeError) -> Void) throws(AgeError) {
        var writer = try AtomicWriter(path: path)
        do throws(AgeError) {
            try body(&writer)
            try writer.commit()
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Removes the temporary file: the output stays as it was.
    func abandon() {
        FileDescriptorIO.close(descriptor)
        unlink(temporary)
    }
}
