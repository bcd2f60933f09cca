import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FNV1aTests {
    /// Published FNV-1a 64-bit test vectors.
    @Test(arguments: [("", 0xCBF2_9CE4_8422_2325 as UInt64), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8)])
    func matchesTheReferenceVectors(text: String, expected: UInt64) {
        var hash = FNV1a()
        for byte in text.utf8 { hash.add(byte: byte) }
        #expect(hash.value == expected)
    }

    @Test func stringsAreSeparatedSoThatSplitsDiffer() {
        var joined = FNV1a()
        joined.add("ab")
        joined.add("c")
        var split = FNV1a()
        split.add("a")
        split.add("bc")
        #expect(joined.value != split.value)
    }
}
