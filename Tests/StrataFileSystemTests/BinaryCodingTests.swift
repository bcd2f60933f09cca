import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct BinaryCodingTests {
    @Test func valuesReadBackAsWritten() throws {
        var writer = ByteWriter()
        writer.u32(0xDEAD_BEEF)
        writer.u64(.max - 1)
        writer.i64(-42)
        writer.string("Grüße, 🛰")
        writer.string("")
        writer.bytes([9, 8, 7])
        var reader = ByteReader(writer.buffer)
        #expect(try reader.u32() == 0xDEAD_BEEF)
        #expect(try reader.u64() == .max - 1)
        #expect(try reader.i64() == -42)
        #expect(try reader.string() == "Grüße, 🛰")
        #expect(try reader.string() == "")
        #expect(try reader.bytes(3) == [9, 8, 7])
        #expect(reader.isAtEnd)
    }

    @Test func numbersAreLittleEndian() {
        var writer = ByteWriter()
        writer.u32(0x0102_0304)
        #expect(writer.buffer == [4, 3, 2, 1])
    }

    @Test func readingPastTheEndThrowsAndNeverTraps() throws {
        var writer = ByteWriter()
        writer.u32(1000)  // a string length far beyond the data
        writer.bytes([65, 66])
        for cut in 0...writer.buffer.count {
            var reader = ByteReader(Array(writer.buffer.prefix(cut)))
            #expect(throws: CorruptData.self) { _ = try reader.string() }
        }
        var short = ByteReader([1, 2, 3])
        #expect(throws: CorruptData.self) { _ = try short.u64() }
        #expect(throws: CorruptData.self) { _ = try short.bytes(-1) }
        #expect(throws: CorruptData.self) { _ = try short.bytes(4) }
        #expect(try short.bytes(3) == [1, 2, 3])
    }

    @Test func varintsAreShortForSmallNumbersAndReadBackAsWritten() throws {
        let unsigned: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), .max - 1, .max]
        let signed: [Int64] = [0, -1, 1, -64, 63, -65, 64, .min, .max, -1_000_000]
        var writer = ByteWriter()
        for value in unsigned { writer.varint(value) }
        for value in signed { writer.zigzag(value) }
        var reader = ByteReader(writer.buffer)
        for value in unsigned { #expect(try reader.varint() == value) }
        for value in signed { #expect(try reader.zigzag() == value) }
        #expect(reader.isAtEnd)

        func length(unsigned value: UInt64) -> Int {
            var writer = ByteWriter()
            writer.varint(value)
            return writer.buffer.count
        }
        func length(signed value: Int64) -> Int {
            var writer = ByteWriter()
            writer.zigzag(value)
            return writer.buffer.count
        }
        #expect(length(unsigned: 127) == 1 && length(unsigned: 128) == 2 && length(unsigned: .max) == 10)
        #expect(length(signed: -64) == 1 && length(signed: 63) == 1 && length(signed: 64) == 2)
        var bytes = ByteWriter()
        bytes.varint(300)
        #expect(bytes.buffer == [0xAC, 0x02])
    }

    @Test func aVarintThatNeverEndsOrOverflowsIsCorrupt() {
        for corrupt: [UInt8] in [[], [0x80], [0xFF, 0xFF], Array(repeating: 0xFF, count: 11), Array(repeating: 0x80, count: 9) + [0x02]] {
            var reader = ByteReader(corrupt)
            #expect(throws: CorruptData.self, "\(corrupt)") { _ = try reader.varint() }
        }
        var byte = ByteReader([7])
        let first = try? byte.u8()
        #expect(first == 7)
        #expect(throws: CorruptData.self) { _ = try byte.u8() }
    }

    @Test func skippingExpectedBytesMovesOnlyWhenEveryByteMatches() {
        var reader = ByteReader([1, 2, 3, 4])
        let mismatch = reader.skip(ifNextAre: [1, 2, 4])
        #expect(!mismatch && reader.offset == 0)
        let beyondTheEnd = reader.skip(ifNextAre: [1, 2, 3, 4, 5])
        let nothing = reader.skip(ifNextAre: [])
        #expect(!beyondTheEnd && nothing && reader.offset == 0)
        let two = reader.skip(ifNextAre: [1, 2])
        #expect(two && reader.offset == 2)
        let rest = reader.skip(ifNextAre: [3, 4])
        #expect(rest && reader.isAtEnd)
    }
}
