import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileContentsTests {
    @Test func aFileIsReadWholeAndWhatIsNoFileIsNil() throws {
        try withTemporaryFolder { folder in
            let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = folder + "/data.bin"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(FileContents.bytes(atPath: path) == bytes)
            #expect(FileManager.default.createFile(atPath: folder + "/empty", contents: Data()))
            #expect(FileContents.bytes(atPath: folder + "/empty") == [])
            #expect(FileContents.bytes(atPath: folder + "/missing") == nil)
            #expect(FileContents.bytes(atPath: folder) == nil)
            #expect(ByteReader(contentsOf: path).map { $0.isAtEnd } == false)
        }
    }
}
