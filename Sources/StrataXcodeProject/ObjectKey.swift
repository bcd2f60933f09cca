/// An object's id as a dictionary key, made without a `String`: a project of 5,000 targets holds
/// some 150,000 objects and names them a million times, and a string per id was a fifth of the
/// reading (making it, hashing it, freeing it).
///
/// Xcode writes ids as 24 hexadecimal digits; any id up to 32 bytes is packed as it is into four
/// words. A longer one (no tool writes one) keeps its first 24 bytes and a 64-bit hash of the
/// rest: two such ids in one file would have to agree in both to be mistaken for each other.
public struct ObjectKey: Hashable, Sendable, CustomStringConvertible {
    /// The id's first 32 bytes as they lie in memory, zero after its end; for a longer id, its
    /// first 24 bytes and the hash of the rest.
    private var a: UInt64 = 0
    private var b: UInt64 = 0
    private var c: UInt64 = 0
    private var d: UInt64 = 0
    /// The id's length in bytes, or `UInt8.max` for an id longer than 32 bytes.
    private var count: UInt8 = 0

    /// The key of the id whose UTF-8 bytes these are.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let isLong = bytes.count > 32
        count = isLong ? .max : UInt8(bytes.count)
        let kept = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(isLong ? 24 : 32))
        // A tuple of one type lies contiguously in memory, as the bytes are copied in.
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: kept) }
        (a, b, c, d) = words
        if isLong {
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

    /// One word of the four into the hasher, where the synthesised conformance fed it all 33
    /// bytes: ids differ in every word, and equality still compares them whole.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F) ^ d ^ UInt64(count))
    }

    /// Four random words an ``ObjectIndex`` mixes keys with.
    struct Seed: Sendable {
        fileprivate let words: (UInt64, UInt64, UInt64, UInt64)

        init(using generator: inout some RandomNumberGenerator) {
            words = (generator.next(), generator.next(), generator.next(), generator.next())
        }
    }

    /// The key's words mixed with `seed` into one: each pair multiplied into 128 bits and the
    /// halves folded (as wyhash does), so that every byte of the id moves every bit.
    func hash(_ seed: Seed) -> UInt64 {
        Self.fold(a ^ seed.words.0, b ^ seed.words.1) ^ Self.fold(c ^ seed.words.2, d ^ seed.words.3 ^ UInt64(count) << 56)
    }

    private static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let (high, low) = x.multipliedFullWidth(by: y)
        return high ^ low
    }

    /// The id as text (for a longer id, its first 24 bytes and `…`): what messages show.
    public var description: String {
        let length = count == .max ? 24 : Int(count)
        let text = withUnsafeBytes(of: (a, b, c, d)) { String(decoding: $0.prefix(length), as: UTF8.self) }
        return text + (count == .max ? "…" : "")
    }
}
