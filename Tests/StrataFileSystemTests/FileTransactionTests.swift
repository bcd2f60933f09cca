import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileTransactionTests {
    @Test func nothingIsVisibleUntilCommitThenEverythingIs() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.write("old", to: folder + "/a.txt")
            try AtomicFileWriter.write("gone", to: folder + "/b.txt")
            var transaction = FileTransaction()
            try transaction.stage(Data("new".utf8), at: folder + "/a.txt")
            try transaction.stage(Data("deep".utf8), at: folder + "/x/y/c.txt")
            transaction.stageRemoval(of: folder + "/b.txt")
            #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "old")
            #expect(!FileManager.default.fileExists(atPath: folder + "/x/y/c.txt"))
            try transaction.commit()
            #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "new")
            #expect(try String(contentsOfFile: folder + "/x/y/c.txt", encoding: .utf8) == "deep")
            #expect(!FileManager.default.fileExists(atPath: folder + "/b.txt"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.txt", "x"])
        }
    }

    @Test func aStagingFailureRollsBackToTheTreeAsItWas() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.write("old", to: folder + "/a.txt")
            try AtomicFileWriter.write("a file", to: folder + "/blocker")
            var transaction = FileTransaction()
            try transaction.stage(Data("new".utf8), at: folder + "/a.txt")
            try transaction.stage(Data("new".utf8), at: folder + "/made/for/it.txt")
            #expect(throws: AtomicFileWriter.WriteError.self) { try transaction.stage(Data("x".utf8), at: folder + "/blocker/inside.txt") }
            transaction.rollback()
            #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.txt", "blocker"])
        }
    }
}
