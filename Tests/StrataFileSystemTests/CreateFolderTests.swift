import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct CreateFolderTests {
    @Test func createsMissingParentsAndAcceptsAFolderThatExists() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/a/b/c"
            try AtomicFileWriter.createFolder(path)
            try AtomicFileWriter.createFolder(path)
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        }
    }

    /// A relative path is under the current directory, never under the root (`--data ./registry`).
    @Test func aRelativePathIsUnderTheCurrentDirectory() throws {
        let top = ".strata-test-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: top)
            try? FileManager.default.removeItem(atPath: "/" + top)
        }
        try AtomicFileWriter.write(Data("x".utf8), to: top + "/a/b/file", creatingFolder: true)
        #expect(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + top + "/a/b/file"))
        #expect(!FileManager.default.fileExists(atPath: "/" + top))
    }

    @Test func aFileInTheWayIsNamed() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.write("x", to: folder + "/file")
            do throws(AtomicFileWriter.WriteError) {
                try AtomicFileWriter.write(Data("y".utf8), to: folder + "/file/inside/out", creatingFolder: true)
                Issue.record("the write should have failed")
            } catch {
                #expect(error.description == "cannot write '\(folder)/file/inside/out': '\(folder)/file' exists and is not a folder")
            }
        }
    }
}
