import Foundation
import StrataRegistry
import StrataZip
import Testing
import ZIPFoundation

/// The zip reader the registry's validator and `strata publish`'s comparison read archives with:
/// what it reads of a sound archive is what ZIPFoundation reads (the oracle), and a damaged one
/// is an error at once, where ZIPFoundation 0.9.20's extract spins forever.
struct ZipReaderTests {
    /// One entry of a zip written byte by byte.
    struct RawEntry {
        var name: String
        var method: UInt16 = 8
        var data: [UInt8]
        var crc32: UInt32
        var uncompressedSize: UInt32
        /// Sizes and offset in a ZIP64 extra field, the header's fields at 0xFFFFFFFF.
        var zip64 = false
    }

    /// A zip file of `entries`: local headers and data, the central directory, its end record.
    static func rawZip(_ entries: [RawEntry]) -> Data {
        var file: [UInt8] = []
        var central: [UInt8] = []
        func le(_ value: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for entry in entries {
            let offset = UInt64(file.count)
            let name = Array(entry.name.utf8)
            let full: UInt64 = 0xFFFF_FFFF
            let compressed = entry.zip64 ? full : UInt64(entry.data.count)
            let uncompressed = entry.zip64 ? full : UInt64(entry.uncompressedSize)
            file += le(0x0403_4b50, 4) + le(20, 2) + le(0, 2) + le(UInt64(entry.method), 2) + le(0, 4) + le(UInt64(entry.crc32), 4)
            file += le(UInt64(entry.data.count), 4) + le(UInt64(entry.uncompressedSize), 4) + le(UInt64(name.count), 2) + le(0, 2) + name
            file += entry.data
            let extra = entry.zip64 ? le(1, 2) + le(24, 2) + le(UInt64(entry.uncompressedSize), 8) + le(UInt64(entry.data.count), 8) + le(offset, 8) : []
            central += le(0x0201_4b50, 4) + le(0x0314, 2) + le(entry.zip64 ? 45 : 20, 2) + le(0, 2) + le(UInt64(entry.method), 2) + le(0, 4)
            central += le(UInt64(entry.crc32), 4) + le(compressed, 4) + le(uncompressed, 4) + le(UInt64(name.count), 2) + le(UInt64(extra.count), 2)
            central += le(0, 2) + le(0, 2) + le(0, 2) + le(0o100644 << 16, 4) + le(entry.zip64 ? full : offset, 4) + name + extra
        }
        let directoryOffset = UInt64(file.count)
        file += central
        file += le(0x0605_4b50, 4) + le(0, 2) + le(0, 2) + le(UInt64(entries.count), 2) + le(UInt64(entries.count), 2)
        file += le(UInt64(central.count), 4) + le(directoryOffset, 4) + le(0, 2)
        return Data(file)
    }

    /// A deflate stream that opens a stored block of 65,535 bytes and holds only three of them:
    /// inflating it goes on through whatever follows, to the end of the file and past it.
    static let streamCutShort: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + Array("let".utf8)

    static func file(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-zip-\(UUID().uuidString).zip").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aStreamThatRunsPastItsEntryIsAnErrorNotASpin() throws {
        let path = try Self.file(Self.rawZip([RawEntry(name: "Network/Package.swift", data: Self.streamCutShort, crc32: 0, uncompressedSize: 3)]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ZipReader(path: path)
        #expect(throws: ZipReadError.self) { _ = try reader.extract(reader.items[0]) { _ in } }
        do {
            _ = try reader.extract(reader.items[0]) { _ in }
        } catch {
            #expect("\(error)" == "'Network/Package.swift' ends before its compressed stream does")
        }

        // The registry's validator answers such an upload with 422.
        do {
            _ = try SourceArchiveValidator().validate(file: path)
            Issue.record("a damaged archive was accepted")
        } catch {
            #expect(error.status == 422 && error.detail.contains("ends before its compressed stream does"), "\(error.detail)")
        }
    }

    @Test func anEntryWhoseBytesLieOutsideTheFileIsAnError() throws {
        var archive = [UInt8](Self.rawZip([RawEntry(name: "a/b.txt", method: 0, data: Array("hello".utf8), crc32: 0x3610_a686, uncompressedSize: 5)]))
        // The central directory's compressed size (offset 20 of its header) made huge.
        let central = try #require(archive.indices.first { archive[$0..<($0 + 4)] == [0x50, 0x4b, 0x01, 0x02] })
        archive.replaceSubrange((central + 20)..<(central + 24), with: [0x00, 0x00, 0x00, 0x7F])
        let path = try Self.file(Data(archive))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let reader = try ZipReader(path: path)
            _ = try reader.extract(reader.items[0]) { _ in }
            Issue.record("an entry reaching past the end was read")
        } catch {
            #expect("\(error)".contains("past the end of the archive") || "\(error)".contains("cannot be read consistently"), "\(error)")
        }
    }

    /// Stored, deflated (over several of ZIPFoundation's 16 KiB chunks), empty, a folder and a
    /// link: the reader gives what ZIPFoundation's extract gives, checksum and bytes.
    @Test func aSoundArchiveReadsAsZIPFoundationReadsIt() throws {
        let archive = try Archive(data: Data(), accessMode: .create)
        let letters = Array("abcdefgh".utf8)
        let large = Data((0..<200_000).map { (index: Int) -> UInt8 in letters[(index * 7 + index / 13) % 8] })
        let files: [(String, Data, CompressionMethod)] = [
            ("root/stored.txt", Data("stored as it is\n".utf8), .none), ("root/large.txt", large, .deflate),
            ("root/empty.txt", Data(), .deflate), ("root/Package.swift", Data("// swift-tools-version: 6.0\n".utf8), .deflate),
        ]
        try archive.addEntry(with: "root/", type: .directory, uncompressedSize: 0, provider: { (_: Int64, _: Int) in Data() })
        for (path, data, method) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method,
                provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) })
        }
        let target = Data("../shared".utf8)
        try archive.addEntry(with: "root/link", type: .symlink, uncompressedSize: Int64(target.count), provider: { (_: Int64, _: Int) in target })
        let path = try Self.file(try #require(archive.data))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let oracle = try #require(Archive(url: URL(fileURLWithPath: path), accessMode: .read))
        let reader = try ZipReader(path: path)
        #expect(reader.items.map(\.path) == oracle.map(\.path))
        for (item, entry) in zip(reader.items, oracle) {
            var ours = Data()
            var theirs = Data()
            let ourChecksum = try reader.extract(item) { ours += $0 }
            let theirChecksum = try oracle.extract(entry) { theirs += $0 }
            #expect(ours == theirs && ourChecksum == theirChecksum, "\(item.path)")
            if item.type != .directory { #expect(ourChecksum == item.checksum, "\(item.path)") }
        }
    }

    /// Sizes and the local header's offset in a ZIP64 extra field are read from there.
    @Test func zip64SizesAndOffsetsAreReadFromTheExtraField() throws {
        let text = Array("zip64\n".utf8)
        let first = RawEntry(name: "root/a.txt", method: 0, data: text, crc32: Data(text).crc32(checksum: 0), uncompressedSize: UInt32(text.count))
        var second = first
        second.name = "root/b.txt"
        second.zip64 = true
        let path = try Self.file(Self.rawZip([first, second]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ZipReader(path: path)
        for item in reader.items {
            var read = Data()
            #expect(try reader.extract(item) { read += $0 } == item.checksum)
            #expect(read == Data(text), "\(item.path)")
        }
    }

    @Test func whatIsNotAZipIsAnError() throws {
        let path = try Self.file(Data("not a zip at all".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ZipReadError.self) { try ZipReader(path: path) }
    }
}
