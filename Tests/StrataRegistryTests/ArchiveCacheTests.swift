import Foundation
import Testing

@testable import StrataRegistry

/// The replica's memory of recently served archives: bounded in bytes, least recently used out
/// first, and only ever holding bytes that match their checksum.
@Suite struct ArchiveCacheTests {
    static func archive(_ text: String) -> (Data, String) {
        let data = Data(text.utf8)
        return (data, Checksum.sha256Hex(data))
    }

    @Test func theLeastRecentlyUsedGoFirstWithinTheBound() {
        let cache = ArchiveCache(capacity: 30)
        let (a, aSum) = Self.archive(String(repeating: "a", count: 10))
        let (b, bSum) = Self.archive(String(repeating: "b", count: 10))
        let (c, cSum) = Self.archive(String(repeating: "c", count: 10))
        let (d, dSum) = Self.archive(String(repeating: "d", count: 10))
        cache.keep(a, checksum: aSum)
        cache.keep(b, checksum: bSum)
        cache.keep(c, checksum: cSum)
        #expect(cache.archive(aSum) == a)  // a is now the most recently used
        cache.keep(d, checksum: dSum)  // 40 bytes > 30: b, the least recently used, goes
        #expect(cache.archive(bSum) == nil)
        #expect(cache.archive(aSum) == a && cache.archive(cSum) == c && cache.archive(dSum) == d)
        #expect(cache.statistics.bytes == 30)
    }

    @Test func wrongBytesAndArchivesLargerThanTheCacheAreNotKept() {
        let cache = ArchiveCache(capacity: 100)
        let (a, aSum) = Self.archive("archive")
        cache.keep(Data("corrupted".utf8), checksum: aSum)
        #expect(cache.archive(aSum) == nil)
        let (large, largeSum) = Self.archive(String(repeating: "x", count: 101))
        cache.keep(large, checksum: largeSum)
        #expect(cache.archive(largeSum) == nil)
        cache.keep(a, checksum: aSum)
        #expect(cache.archive(aSum) == a)
        let off = ArchiveCache(capacity: 0)
        off.keep(a, checksum: aSum)
        #expect(off.archive(aSum) == nil)
    }
}
