import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileStampTests {
    @Test func aStampChangesWhenTheFileIsEditedOrReplaced() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/a.swift"
            try AtomicFileWriter.write("import A\n", to: path)
            let first = FileStamp.of(path)
            #expect(first.size == 9)
            #expect(FileStamp.of(path) == first)
            try AtomicFileWriter.write("import B\n", to: path)  // same size, a new inode
            #expect(FileStamp.of(path) != first)
        }
    }

    @Test func aMissingPathHasSizeMinusOne() {
        let stamp = FileStamp.of("/nonexistent/strata/\(UUID().uuidString)")
        #expect(stamp.size == -1)
        #expect(stamp.inode == 0)
    }
}
