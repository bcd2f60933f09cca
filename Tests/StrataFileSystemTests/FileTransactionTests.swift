import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileTransactionTests {
    /// Every file and link under `folder` (relative path → contents, or "→ destination" for a
    /// link), and the folders, so that two trees can be compared whole.
    static func tree(_ folder: String) -> [String: String] {
        var tree: [String: String] = [:]
        for path in FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [] {
            let full = folder + "/" + path
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: tree[path] = "<folder>"
            case S_IFLNK: tree[path] = "→ " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            default: tree[path] = String(decoding: FileContents.bytes(atPath: full) ?? [], as: UTF8.self)
            }
        }
        return tree
    }

    /// A workspace with a file to replace, one to remove (alone in its folder), and a
    /// transaction that replaces the first, writes one in a new folder, links a third and
    /// removes the second.
    static func prepared(_ folder: String) throws -> FileTransaction {
        try AtomicFileWriter.write("old", to: folder + "/a.txt")
        try AtomicFileWriter.createFolder(folder + "/Old")
        try AtomicFileWriter.write("gone", to: folder + "/Old/b.txt")
        var transaction = FileTransaction(workspace: folder)
        transaction.stage(Data("new".utf8), at: folder + "/a.txt")
        transaction.stage(Data("deep".utf8), at: folder + "/x/y/c.txt")
        transaction.stageLink(to: "../../a.txt", at: folder + "/x/y/link.txt")
        try transaction.stageRemoval(of: folder + "/Old/b.txt")
        return transaction
    }

    static let committed = [
        "a.txt": "new", "x": "<folder>", "x/y": "<folder>", "x/y/c.txt": "deep", "x/y/link.txt": "→ ../../a.txt",
    ]

    @Test func nothingIsVisibleUntilCommitThenEverythingIs() throws {
        try withTemporaryFolder { folder in
            var transaction = try Self.prepared(folder)
            let before = Self.tree(folder)
            #expect(before == ["a.txt": "old", "Old": "<folder>", "Old/b.txt": "gone"])
            try transaction.commit()
            // The removal's folder is gone with it; no journal, no .strata folder, no temporary file.
            #expect(Self.tree(folder) == Self.committed)
        }
    }

    @Test func aStagingFailureChangesNothing() throws {
        try withTemporaryFolder { folder in
            var transaction = try Self.prepared(folder)
            try AtomicFileWriter.write("a file", to: folder + "/blocker")
            transaction.stage(Data("x".utf8), at: folder + "/blocker/inside.txt")
            let before = Self.tree(folder)
            #expect {
                try transaction.commit()
            } throws: { error in
                (error as? FileTransaction.CommitError)?.changedTree == false
            }
            #expect(Self.tree(folder) == before)
        }
    }

    @Test func aRunKilledWhileStagingIsUndoneByTheNext() throws {
        try withTemporaryFolder { folder in
            var transaction = try Self.prepared(folder)
            let before = Self.tree(folder)
            transaction.killed = .staging(after: 2)
            try transaction.commit()
            #expect(FileTransaction.isInterrupted(in: folder))
            #expect(Self.tree(folder).keys.contains { $0.hasSuffix(".tmp") }, "the kill left staged files to undo")
            let recovery = try #require(try FileTransaction.finishInterrupted(in: folder))
            #expect(recovery.undone)
            #expect(recovery.command == CommandLine.arguments)
            #expect(Self.tree(folder) == before)
            #expect(try FileTransaction.finishInterrupted(in: folder) == nil)
        }
    }

    @Test func aRunKilledWhileCommittingIsFinishedByTheNext() throws {
        for done in 0...4 {
            try withTemporaryFolder { folder in
                var transaction = try Self.prepared(folder)
                transaction.killed = .committing(after: done)
                try transaction.commit()
                #expect(FileTransaction.isInterrupted(in: folder))
                let recovery = try #require(try FileTransaction.finishInterrupted(in: folder))
                #expect(!recovery.undone)
                #expect(recovery.finished.count == 4 - done, "after \(done) steps")
                #expect(Self.tree(folder) == Self.committed, "after \(done) steps")
            }
        }
    }

    /// A run killed between removing its journal and the journal's folder (or between making
    /// the folder and writing the journal) leaves the folder empty: the next run removes it. A
    /// folder holding anything else is left alone and is no sign of a killed run.
    @Test func anEmptyJournalFolderAKilledRunLeftIsRemovedByTheNext() throws {
        try withTemporaryFolder { folder in
            #expect(!FileTransaction.isInterrupted(in: folder))
            try FileManager.default.createDirectory(atPath: folder + "/.strata", withIntermediateDirectories: true)
            #expect(FileTransaction.isInterrupted(in: folder))
            #expect(try FileTransaction.finishInterrupted(in: folder) == nil)
            #expect(!FileManager.default.fileExists(atPath: folder + "/.strata"))

            try FileManager.default.createDirectory(atPath: folder + "/.strata/secrets", withIntermediateDirectories: true)
            #expect(!FileTransaction.isInterrupted(in: folder))
            #expect(try FileTransaction.finishInterrupted(in: folder) == nil)
            #expect(FileManager.default.fileExists(atPath: folder + "/.strata/secrets"))
        }
    }

    @Test func aFileChangedSinceTheKillIsLeftAloneAndNamed() throws {
        try withTemporaryFolder { folder in
            var transaction = try Self.prepared(folder)
            transaction.killed = .committing(after: 0)
            try transaction.commit()
            // The user edits a file the change would replace, and one it would remove.
            try "mine".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
            try "mine too".write(toFile: folder + "/Old/b.txt", atomically: true, encoding: .utf8)
            let recovery = try #require(try FileTransaction.finishInterrupted(in: folder))
            #expect(Set(recovery.leftAlone) == [folder + "/a.txt", folder + "/Old/b.txt"])
            var expected = Self.committed
            expected["a.txt"] = "mine"
            expected["Old"] = "<folder>"
            expected["Old/b.txt"] = "mine too"
            #expect(Self.tree(folder) == expected)
        }
    }

    @Test func aDamagedJournalIsAnErrorAndIsKept() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.write(Data("{\"version\": 1, \"phase\": ".utf8), to: FileTransaction.journalPath(in: folder), creatingFolder: true)
            #expect(throws: AtomicFileWriter.WriteError.self) { try FileTransaction.finishInterrupted(in: folder) }
            #expect(FileTransaction.isInterrupted(in: folder))
        }
    }

    @Test func rewrittenFilesKeepTheirModeAndMovedOnesTakeTheirs() throws {
        try withTemporaryFolder { folder in
            for (name, mode) in [("secret", mode_t(0o600)), ("frozen", 0o444), ("script", 0o755)] {
                try AtomicFileWriter.write("old", to: folder + "/" + name)
                chmod(folder + "/" + name, mode)
            }
            var transaction = FileTransaction(workspace: folder)
            for name in ["secret", "frozen", "script"] { transaction.stage(Data("new".utf8), at: folder + "/" + name) }
            transaction.stage(Data("moved".utf8), at: folder + "/moved", mode: 0o640)
            try transaction.commit()
            func mode(_ name: String) -> mode_t {
                var info = stat()
                stat(folder + "/" + name, &info)
                return info.st_mode & 0o7777
            }
            #expect([mode("secret"), mode("frozen"), mode("script"), mode("moved")] == [0o600, 0o444, 0o755, 0o640])
            #expect(try String(contentsOfFile: folder + "/frozen", encoding: .utf8) == "new")
            // An atomic write keeps the mode too.
            try AtomicFileWriter.write("newer", to: folder + "/secret")
            #expect(mode("secret") == 0o600)
        }
    }
}
