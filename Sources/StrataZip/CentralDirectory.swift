import Foundation

/// The little of a zip file's structure the reader needs beyond what ZIPFoundation makes public:
/// where each entry's local header is, and where its data starts after that header (APPNOTE.TXT
/// 4.3: end of central directory record, ZIP64 locator and record, central and local headers).
enum CentralDirectory {
    struct Record {
        let crc32: UInt32
        let compressedSize: UInt64
        let localHeaderOffset: UInt64
    }

    static let endSignature: UInt32 = 0x0605_4b50
    static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    static let zip64EndSignature: UInt32 = 0x0606_4b50
    static let headerSignature: UInt32 = 0x0201_4b50

    /// The central directory's records, in the order the archive lists them.
    static func records(in file: ArchiveFile) throws(ZipReadError) -> [Record] {
        let (offset, total, size) = try end(of: file)
        var count = total
        var records: [Record] = []
        let directory = try file.read(checked: size, at: offset, "its central directory")
        var cursor = 0
        while count > 0 {
            count -= 1
            guard cursor + 46 <= directory.count, directory.uint32(at: cursor) == headerSignature else {
                throw ZipReadError("its central directory is damaged")
            }
            let nameLength = Int(directory.uint16(at: cursor + 28))
            let extraLength = Int(directory.uint16(at: cursor + 30))
            let commentLength = Int(directory.uint16(at: cursor + 32))
            let next = cursor + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { throw ZipReadError("its central directory is damaged") }
            var uncompressed = UInt64(directory.uint32(at: cursor + 24))
            var compressed = UInt64(directory.uint32(at: cursor + 20))
            var localHeader = UInt64(directory.uint32(at: cursor + 42))
            let extra = directory.subdata(in: (cursor + 46 + nameLength)..<(cursor + 46 + nameLength + extraLength))
            try readZip64Extra(extra, uncompressed: &uncompressed, compressed: &compressed, localHeader: &localHeader)
            records.append(Record(crc32: directory.uint32(at: cursor + 16), compressedSize: compressed, localHeaderOffset: localHeader))
            cursor = next
        }
        return records
    }

    /// The central directory's offset, entry count and size, from the end of central directory
    /// record (the last one in the file's tail) and, where its fields are full, the ZIP64 record.
    private static func end(of file: ArchiveFile) throws(ZipReadError) -> (offset: UInt64, count: UInt64, size: UInt64) {
        let tailLength = Int(min(file.size, 22 + 0xFFFF))
        let tailStart = file.size - UInt64(tailLength)
        let tail = try file.read(tailLength, at: tailStart)
        guard tail.count >= 22, let at = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32(at: $0) == endSignature })
        else {
            throw ZipReadError("it has no end of central directory record")
        }
        var count = UInt64(tail.uint16(at: at + 10))
        var size = UInt64(tail.uint32(at: at + 12))
        var offset = UInt64(tail.uint32(at: at + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            let locatorAt = tailStart + UInt64(at)
            guard locatorAt >= 20 else { throw ZipReadError("its ZIP64 end of central directory locator is missing") }
            let locator = try file.read(20, at: locatorAt - 20)
            guard locator.uint32(at: 0) == zip64LocatorSignature else { throw ZipReadError("its ZIP64 end of central directory locator is missing") }
            let record = try file.read(checked: 56, at: locator.uint64(at: 8), "its ZIP64 end of central directory record")
            guard record.uint32(at: 0) == zip64EndSignature else { throw ZipReadError("its ZIP64 end of central directory record is damaged") }
            count = record.uint64(at: 32)
            size = record.uint64(at: 40)
            offset = record.uint64(at: 48)
        }
        return (offset, count, size)
    }

    /// Sizes and offsets a central header leaves at 0xFFFFFFFF are in its ZIP64 extra field
    /// (tag 1), in this order, each present only if its header field is full.
    private static func readZip64Extra(
        _ extra: Data, uncompressed: inout UInt64, compressed: inout UInt64, localHeader: inout UInt64
    ) throws(ZipReadError) {
        guard uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF || localHeader == 0xFFFF_FFFF else { return }
        var cursor = 0
        while cursor + 4 <= extra.count {
            let tag = extra.uint16(at: cursor)
            let length = Int(extra.uint16(at: cursor + 2))
            let end = cursor + 4 + length
            guard end <= extra.count else { break }
            if tag == 1 {
                var field = cursor + 4
                var fields = Zip64Fields(uncompressed: uncompressed, compressed: compressed, localHeader: localHeader)
                for key in [\Zip64Fields.uncompressed, \.compressed, \.localHeader] where fields[keyPath: key] == 0xFFFF_FFFF {
                    guard field + 8 <= end else { throw ZipReadError("a ZIP64 extra field of its central directory is too short") }
                    fields[keyPath: key] = extra.uint64(at: field)
                    field += 8
                }
                (uncompressed, compressed, localHeader) = (fields.uncompressed, fields.compressed, fields.localHeader)
                return
            }
            cursor = end
        }
        throw ZipReadError("an entry's sizes are in a ZIP64 extra field its central directory lacks")
    }

    private struct Zip64Fields {
        var uncompressed: UInt64
        var compressed: UInt64
        var localHeader: UInt64
    }
}

/// The archive's file, read at offsets.
struct ArchiveFile {
    static let localHeaderSignature: UInt32 = 0x0403_4b50
    let path: String
    let size: UInt64

    /// `count` bytes at `offset`, or an error naming `what` if the file ends before them.
    func read(checked count: UInt64, at offset: UInt64, _ what: String) throws(ZipReadError) -> Data {
        let (end, overflow) = offset.addingReportingOverflow(count)
        guard !overflow, end <= size else { throw ZipReadError("\(what) reaches past the end of the archive") }
        return try read(Int(count), at: offset)
    }

    func read(_ count: Int, at offset: UInt64) throws(ZipReadError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ZipReadError("the archive cannot be read") }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ZipReadError("the archive ends before its last entry does") }
            return data
        } catch let error as ZipReadError {
            throw error
        } catch {
            throw ZipReadError("the archive cannot be read: \(error.localizedDescription)")
        }
    }

    /// The compression method of the entry whose local header is at `offset`, and where its data
    /// starts: after the header's 30 bytes, its name and its extra field.
    func localHeader(at offset: UInt64, of path: String) throws(ZipReadError) -> (method: UInt16, dataOffset: UInt64) {
        let header = try read(checked: 30, at: offset, "the local header of '\(path)'")
        guard header.uint32(at: 0) == Self.localHeaderSignature else { throw ZipReadError("the local header of '\(path)' is damaged") }
        return (header.uint16(at: 8), offset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28)))
    }
}

extension Data {
    /// The little-endian integer at `offset` from the data's start.
    func uint16(at offset: Int) -> UInt16 { integer(at: offset, bytes: 2).map(UInt16.init) ?? 0 }
    func uint32(at offset: Int) -> UInt32 { integer(at: offset, bytes: 4).map(UInt32.init) ?? 0 }
    func uint64(at offset: Int) -> UInt64 { integer(at: offset, bytes: 8) ?? 0 }

    private func integer(at offset: Int, bytes: Int) -> UInt64? {
        guard offset >= 0, offset + bytes <= count else { return nil }
        var value: UInt64 = 0
        for index in (0..<bytes).reversed() { value = value << 8 | UInt64(self[startIndex + offset + index]) }
        return value
    }
}
