/// Thrown when binary data ends early or holds a value that cannot be.
public struct CorruptData: Error, Sendable {
    public init() {}
}

/// Little-endian binary writing, for Strata's cache files.
public struct ByteWriter: Sendable {
    /// What was written so far.
    public var buffer: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        buffer.reserveCapacity(capacity)
    }

    /// Raw bytes, as they are.
    public mutating func bytes(_ values: some Sequence<UInt8>) { buffer.append(contentsOf: values) }
    /// Fixed-width integers, little-endian.
    public mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

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
    let buffer: [UInt8]
    public private(set) var offset = 0

    /// A reader at the start of `buffer`.
    public init(_ buffer: [UInt8]) { self.buffer = buffer }

    /// True once every byte was read.
    public var isAtEnd: Bool { offset == buffer.count }

    /// The next `count` bytes, without copying.
    public mutating func slice(_ count: Int) throws(CorruptData) -> ArraySlice<UInt8> {
        guard count >= 0, count <= buffer.count - offset else { throw CorruptData() }
        defer { offset += count }
        return buffer[offset..<(offset + count)]
    }

    /// The next `count` bytes, copied.
    public mutating func bytes(_ count: Int) throws(CorruptData) -> [UInt8] { Array(try slice(count)) }

    /// A length-prefixed UTF-8 string.
    public mutating func string() throws(CorruptData) -> String {
        let count = Int(try u32())
        guard count <= buffer.count - offset else { throw CorruptData() }
        defer { offset += count }
        return buffer.withUnsafeBufferPointer { String(decoding: $0[offset..<(offset + count)], as: UTF8.self) }
    }

    /// Fixed-width integers, little-endian.
    public mutating func u32() throws(CorruptData) -> UInt32 { try load(UInt32.self) }
    public mutating func u64() throws(CorruptData) -> UInt64 { try load(UInt64.self) }
    public mutating func i64() throws(CorruptData) -> Int64 { Int64(bitPattern: try u64()) }

    private mutating func load<Value: FixedWidthInteger>(_: Value.Type) throws(CorruptData) -> Value {
        let size = MemoryLayout<Value>.size
        guard size <= buffer.count - offset else { throw CorruptData() }
        defer { offset += size }
        return Value(littleEndian: buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) })
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
