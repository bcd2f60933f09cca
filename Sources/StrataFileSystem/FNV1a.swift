/// The 64-bit FNV-1a hash: a fast, stable fingerprint (not for security).
public struct FNV1a: Sendable {
    /// The hash of everything added so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of nothing (the FNV offset basis).
    public init() {}

    /// Adds one byte.
    public mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds a number's eight bytes, least significant first.
    public mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    /// Adds a string's UTF-8 bytes and a separator, so that "ab" + "c" and "a" + "bc" differ.
    public mutating func add(_ string: String) {
        for byte in string.utf8 { add(byte: byte) }
        add(byte: 0xFF)  // a separator no UTF-8 text contains
    }
}
