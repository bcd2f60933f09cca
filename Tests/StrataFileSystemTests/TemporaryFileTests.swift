import Foundation
import StrataFileSystem
import Synchronization
import Testing

@Suite struct TemporaryFileTests {
    @Test func recognisesStrataTemporaryNamesOfEveryVersionAndNothingElse() {
        #expect(TemporaryFile.isTemporary(".Package.swift.strata-0123456789abcdef.tmp"))
        #expect(TemporaryFile.isTemporary(".Package.swift.strata-4242-17.tmp"))
        #expect(TemporaryFile.isTemporary(".strata.yml.strata-6F9619FF-8B86-D011-B42D-00C04FC964FF.tmp"))
        #expect(!TemporaryFile.isTemporary("Package.swift.strata-0123456789abcdef.tmp"))
        #expect(!TemporaryFile.isTemporary(".notes.strata-draft.tmp"))
        #expect(!TemporaryFile.isTemporary(".Package.swift.strata-.tmp"))
        #expect(!TemporaryFile.isTemporary(".Package.swift.tmp"))
    }

    @Test func removesOnlyStaleTemporaryFilesOfTheFoldersGiven() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
            let stale = folder + "/.Package.swift.strata-00000000000000aa.tmp"
            let elsewhere = folder + "/other/.Package.swift.strata-00000000000000bb.tmp"
            let mine = folder + "/.keep.tmp"
            for path in [stale, elsewhere, mine] { try "x".write(toFile: path, atomically: false, encoding: .utf8) }
            // Written after the cut-off: a run that started after the lock was taken is not stale.
            let cutOff = Date().addingTimeInterval(-60)
            #expect(TemporaryFile.removeStale(in: [folder], modifiedBefore: cutOff).isEmpty)
            #expect(TemporaryFile.removeStale(in: [folder, folder], modifiedBefore: Date().addingTimeInterval(1)) == [stale])
            #expect(!FileManager.default.fileExists(atPath: stale))
            #expect(FileManager.default.fileExists(atPath: elsewhere))
            #expect(FileManager.default.fileExists(atPath: mine))
        }
    }

    @Test func aLeftoverWithAnyNameNeverStopsAWrite() throws {
        try withTemporaryFolder { folder in
            // The names the old scheme would have picked for this process are taken.
            for counter in 1...3 {
                try "old".write(toFile: folder + "/.out.txt.strata-\(getpid())-\(counter).tmp", atomically: false, encoding: .utf8)
            }
            var transaction = FileTransaction(workspace: folder)
            transaction.stage(Data("new\n".utf8), at: folder + "/out.txt")
            try transaction.commit()
            #expect(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8) == "new\n")
            try AtomicFileWriter.write("newer\n", to: folder + "/out.txt")
            #expect(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8) == "newer\n")
        }
    }
}
