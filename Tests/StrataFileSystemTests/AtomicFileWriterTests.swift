import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct AtomicFileWriterTests {
    @Test func writesANewFileAndReplacesAnOldOneLeavingNoTemporaryFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/out.txt"
            try AtomicFileWriter.write("first\n", to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
            try AtomicFileWriter.write(Data([0, 1, 2]), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data([0, 1, 2]))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.txt"])
        }
    }

    @Test func aWriteIntoAMissingFolderFailsWithThePathAndAReason() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/missing/out.txt"
            do throws(AtomicFileWriter.WriteError) {
                try AtomicFileWriter.write("text", to: path)
                Issue.record("the write should have failed")
            } catch {
                #expect(error.path == path)
                #expect(error.description.contains(path))
                #expect(!error.reason.isEmpty)
            }
        }
    }

    @Test(.enabled(if: getuid() != 0, "root ignores folder permissions, which this test relies on"))
    func aFailedWriteLeavesTheOldFileAsItWas() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/kept.txt"
            try AtomicFileWriter.write("old", to: path)
            chmod(folder, 0o555)
            #expect(throws: AtomicFileWriter.WriteError.self) { try AtomicFileWriter.write("new", to: path) }
            chmod(folder, 0o755)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["kept.txt"])
        }
    }

    @Test func aFailedRenameRemovesTheTemporaryFileAndKeepsWhatWasThere() throws {
        try withTemporaryFolder { folder in
            // A non-empty folder where the file should go: the bytes are written, the rename fails.
            let path = folder + "/taken"
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            #expect(throws: AtomicFileWriter.WriteError.self) { try AtomicFileWriter.write("new", to: path) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])
        }
    }
}
