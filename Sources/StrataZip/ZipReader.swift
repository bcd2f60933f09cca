public import Foundation
public import ZIPFoundation

/// A zip archive read from a file, every entry's bytes held to the range the archive gives it.
///
/// ZIPFoundation lists the entries; this reader inflates them. ZIPFoundation's own `extract`
/// (0.9.20) spins forever on Linux when a deflate stream reaches the end of the file before it
/// ends (a truncated or damaged archive): its inflate loop asks for more input, gets none and asks
/// again (weichsel/ZIPFoundation#389, open). An uploaded archive could so hold a registry thread
/// at full CPU for good, and random corruption in the validator's tests stalled whole CI runs.
/// Here each entry's compressed bytes are read whole, from where its local header says they start
/// to the size the central directory gives, and a stream that needs more than that is damaged.
public struct ZipReader {
    /// One entry: what ZIPFoundation read of it, and where its bytes lie in the file.
    public struct Item {
        public let entry: Entry
        /// The offset of its local header, from the central directory.
        let localHeaderOffset: UInt64

        public var path: String { entry.path }
        public var type: Entry.EntryType { entry.type }
        public var checksum: CRC32 { entry.checksum }
        public var uncompressedSize: UInt64 { entry.uncompressedSize }
        public var compressedSize: UInt64 { entry.compressedSize }
    }

    public let items: [Item]
    private let path: String
    private let fileSize: UInt64

    /// Opens the archive at `path`; throws when it is not a zip file both ZIPFoundation and the
    /// central directory reader read alike.
    public init(path: String) throws(ZipReadError) {
        self.path = path
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber else {
            throw ZipReadError("the archive cannot be read")
        }
        fileSize = size.uint64Value
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ZipReadError("it is not a readable zip file")
        }
        let entries = Array(archive)
        let records = try CentralDirectory.records(in: ArchiveFile(path: path, size: fileSize))
        guard records.count == entries.count else {
            throw ZipReadError("its central directory lists \(records.count) entries where \(entries.count) were read")
        }
        var items: [Item] = []
        items.reserveCapacity(entries.count)
        for (entry, record) in zip(entries, records) {
            guard record.crc32 == entry.checksum, record.compressedSize == entry.compressedSize else {
                throw ZipReadError("its central directory cannot be read consistently at '\(entry.path)'")
            }
            items.append(Item(entry: entry, localHeaderOffset: record.localHeaderOffset))
        }
        self.items = items
    }

    /// Passes the entry's contents to `consumer` in chunks and returns their CRC-32, which the
    /// caller compares with `item.checksum`. A folder has no contents; a link's are its target.
    public func extract(_ item: Item, consumer: (Data) throws -> Void) throws -> CRC32 {
        switch item.type {
        case .directory:
            return 0
        case .symlink:
            // Stored as they are, whatever the header says, as ZIPFoundation and unzip read them.
            let bytes = try stored(item).bytes
            try consumer(bytes)
            return bytes.crc32(checksum: 0)
        case .file:
            return try extractFile(item, consumer: consumer)
        }
    }

    private func extractFile(_ item: Item, consumer: (Data) throws -> Void) throws -> CRC32 {
        let (method, bytes) = try stored(item)
        switch method {
        case 0:
            try consumer(bytes)
            return bytes.crc32(checksum: 0)
        case 8:
            // One chunk of exactly the entry's bytes: ZIPFoundation's inflater takes every chunk
            // to be a whole buffer long, and asks again only if the stream has not ended in it.
            var given = false
            return try Data.decompress(
                size: Int64(bytes.count), bufferSize: max(bytes.count, 1), skipCRC32: false,
                provider: { _, _ in
                    guard !given else { throw ZipReadError("'\(item.path)' ends before its compressed stream does") }
                    given = true
                    return bytes
                }, consumer: consumer)
        default:
            throw ZipReadError("'\(item.path)' is compressed with method \(method), which only 'stored' (0) and 'deflate' (8) archives may use")
        }
    }

    /// The entry's compression method (its local header's, which ZIPFoundation and unzip go by)
    /// and its bytes as stored: from the end of that header, as many as the central directory
    /// says, all inside the file.
    private func stored(_ item: Item) throws(ZipReadError) -> (method: UInt16, bytes: Data) {
        let file = ArchiveFile(path: path, size: fileSize)
        let header = try file.localHeader(at: item.localHeaderOffset, of: item.path)
        let bytes = try file.read(checked: item.compressedSize, at: header.dataOffset, "'\(item.path)'")
        return (header.method, bytes)
    }
}

/// Why an archive or one of its entries cannot be read.
public struct ZipReadError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
