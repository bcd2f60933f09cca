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

    @Test func whatIsNotARegularFileIsRefusedAtOnceNeverWaitedOn() throws {
        try withTemporaryFolder { folder in
            // A named pipe with no writer: opening it to read would block for ever.
            #expect(mkfifo(folder + "/pipe", 0o644) == 0)
            let start = ContinuousClock.now
            #expect(FileContents.read(folder + "/pipe") == .failure(.notAFile("a named pipe")))
            #expect(ContinuousClock.now - start < .seconds(5))
            #expect(FileContents.read(folder) == .failure(.notAFile("a folder")))
            #expect(FileContents.read(folder + "/missing") == .failure(.missing))
            #expect(FileContents.read("/dev/null") == .failure(.notAFile("a character device")))
            #expect(symlink(folder + "/pipe", folder + "/link") == 0)
            #expect(FileContents.read(folder + "/link") == .failure(.notAFile("a named pipe")))
        }
    }
}
