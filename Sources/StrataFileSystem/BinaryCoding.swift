#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thrown when binary data ends early or holds a value that cannot be.
public struct CorruptData: Error, Sendable {
    public init() {}
}

/// Little-endian binary writing, for Strata's cache files.
///
/// The caches are read on every warm command (a 5,000-module graph is millions of values), so
/// the primitives are inlinable: a call across the module boundary per number costs more than
/// the number.
public struct ByteWriter: Sendable {
    /// What was written so far.
    public var buffer: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        buffer.reserveCapacity(capacity)
    }

    /// Raw bytes, as they are.
    @inlinable public mutating func bytes(_ values: some Sequence<UInt8>) { buffer.append(contentsOf: values) }
    /// Fixed-width integers, little-endian.
    @inlinable public mutating func u8(_ value: UInt8) { buffer.append(value) }
    @inlinable public mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    @inlinable public mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    @inlinable public mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

    /// An unsigned number in as few bytes as it needs (LEB128: seven bits a byte, low bits
    /// first, the high bit set on every byte but the last): most numbers in a cache are small.
    @inlinable public mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        buffer.append(UInt8(value))
    }

    /// A signed number as a `varint`, zigzag-encoded so that small negative numbers stay short.
    @inlinable public mutating func zigzag(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A length-prefixed UTF-8 string.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            buffer.append(contentsOf: utf8)
        }
    }
}

/// Little-endian binary reading that throws instead of reading past the end.
public struct ByteReader: Sendable {
    @usableFromInline let buffer: [UInt8]
    @usableFromInline var position = 0

    /// How many bytes were read.
    public var offset: Int { position }

    /// A reader at the start of `buffer`.
    public init(_ buffer: [UInt8]) { self.buffer = buffer }

    /// A reader over the whole file at `path`, or nil if it cannot be read.
    public init?(contentsOf path: String) {
        guard let bytes = FileContents.bytes(atPath: path) else { return nil }
        self.init(bytes)
    }

    /// True once every byte was read.
    @inlinable public var isAtEnd: Bool { position == buffer.count }

    /// How many bytes are left to read.
    public var remaining: Int { buffer.count - position }

    /// The next `count` bytes, without copying.
    public mutating func slice(_ count: Int) throws(CorruptData) -> ArraySlice<UInt8> {
        guard count >= 0, count <= buffer.count - position else { throw CorruptData() }
        defer { position += count }
        return buffer[position..<(position + count)]
    }

    /// True, and past them, if the next bytes are exactly `expected` (compared as memory).
    public mutating func skip(ifNextAre expected: [UInt8]) -> Bool {
        guard expected.count <= buffer.count - position else { return false }
        let equal = buffer.withUnsafeBytes { all in
            expected.withUnsafeBytes { expected in
                expected.isEmpty || memcmp(all.baseAddress! + position, expected.baseAddress!, expected.count) == 0
            }
        }
        if equal { position += expected.count }
        return equal
    }

    /// The next `count` bytes, copied.
    public mutating func bytes(_ count: Int) throws(CorruptData) -> [UInt8] { Array(try slice(count)) }

    /// A length-prefixed UTF-8 string.
    public mutating func string() throws(CorruptData) -> String {
        let count = Int(try u32())
        guard count <= buffer.count - position else { throw CorruptData() }
        defer { position += count }
        return buffer.withUnsafeBufferPointer { String(decoding: $0[position..<(position + count)], as: UTF8.self) }
    }

    /// Fixed-width integers, little-endian.
    @inlinable public mutating func u8() throws(CorruptData) -> UInt8 { try load(UInt8.self) }
    @inlinable public mutating func u32() throws(CorruptData) -> UInt32 { try load(UInt32.self) }
    @inlinable public mutating func u64() throws(CorruptData) -> UInt64 { try load(UInt64.self) }
    @inlinable public mutating func i64() throws(CorruptData) -> Int64 { Int64(bitPattern: try u64()) }

    /// A number written by `ByteWriter.varint`; more than ten bytes, or bits beyond 64, are corrupt.
    @inlinable public mutating func varint() throws(CorruptData) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < buffer.count {
            let byte = buffer[position]
            position += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw CorruptData() }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw CorruptData()
    }

    /// A number written by `ByteWriter.zigzag`.
    @inlinable public mutating func zigzag() throws(CorruptData) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    @inlinable mutating func load<Value: FixedWidthInteger>(_: Value.Type) throws(CorruptData) -> Value {
        let size = MemoryLayout<Value>.size
        guard size <= buffer.count - position else { throw CorruptData() }
        defer { position += size }
        return Value(littleEndian: buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: Value.self) })
    }
}

extension ByteWriter {
    /// A file stamp: path, size, modification time, inode.
    public mutating func stamp(_ stamp: FileStamp) {
        string(stamp.path)
        i64(stamp.size)
        i64(stamp.modified)
        u64(stamp.inode)
    }
}

extension ByteReader {
    /// A file stamp written by `ByteWriter.stamp(_:)`.
    public mutating func stamp() throws(CorruptData) -> FileStamp {
        FileStamp(path: try string(), size: try i64(), modified: try i64(), inode: try u64())
    }
}
