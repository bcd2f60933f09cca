/// An object's id as a dictionary key, made without a `String`: a project of 5,000 targets holds
/// some 150,000 objects and names them a million times, and a string per id was a fifth of the
/// reading (making it, hashing it, freeing it).
///
/// Xcode writes ids as 24 hexadecimal digits; any id up to 32 bytes is packed as it is into four
/// words. A longer one (no tool writes one) keeps its first 24 bytes and a 64-bit hash of the
/// rest: two such ids in one file would have to agree in both to be mistaken for each other.
public struct ObjectKey: Hashable, Sendable, CustomStringConvertible {
    private var a: UInt64 = 0
    private var b: UInt64 = 0
    private var c: UInt64 = 0
    private var d: UInt64 = 0
    /// The id's length in bytes, or `UInt8.max` for an id longer than 32 bytes.
    private var count: UInt8 = 0

    /// The key of the id whose UTF-8 bytes these are.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 32 {
            count = UInt8(bytes.count)
            for (index, byte) in bytes.enumerated() { set(byte, at: index) }
        } else {
            count = .max
            for index in 0..<24 { set(bytes[index], at: index) }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
            for byte in bytes[24...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            d = hash
        }
    }

    /// The key of an id given as text.
    public init(_ id: String) {
        var id = id
        self = id.withUTF8 { ObjectKey($0) }
    }

    private mutating func set(_ byte: UInt8, at index: Int) {
        let shift = UInt64((index & 7) * 8)
        switch index >> 3 {
        case 0: a |= UInt64(byte) << shift
        case 1: b |= UInt64(byte) << shift
        case 2: c |= UInt64(byte) << shift
        default: d |= UInt64(byte) << shift
        }
    }

    /// One word of the four into the hasher, where the synthesised conformance fed it all 33
    /// bytes: ids differ in every word, and equality still compares them whole.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F) ^ d ^ UInt64(count))
    }

    /// The id as text (for a longer id, its first 24 bytes and `…`): what messages show.
    public var description: String {
        let length = count == .max ? 24 : Int(count)
        let words = [a, b, c, d]
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: words[$0 >> 3] >> UInt64(($0 & 7) * 8)) }
        return String(decoding: bytes, as: UTF8.self) + (count == .max ? "…" : "")
    }
}
