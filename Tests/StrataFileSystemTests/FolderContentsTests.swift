import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FolderContentsTests {
    @Test func everyEntryIsListedHiddenOnesTooAndLinksAreNotFollowed() throws {
        try withTemporaryFolder { folder in
            let module = folder + "/Sources/Network"
            try AtomicFileWriter.write(Data("a".utf8), to: module + "/A.swift", creatingFolder: true)
            try AtomicFileWriter.write(Data("b".utf8), to: module + "/Deep/.hidden", creatingFolder: true)
            try AtomicFileWriter.write(Data("shared".utf8), to: folder + "/Shared/S.swift", creatingFolder: true)
            chmod(module + "/A.swift", 0o600)
            #expect(symlink("/", module + "/root") == 0)  // never followed: the walk stays in the folder
            #expect(symlink("../../Shared/S.swift", module + "/S.swift") == 0)
            #expect(symlink("A.swift", module + "/Deep/inner") == 0)
            let contents = FolderContents.read(module)
            #expect(contents.problems.isEmpty)
            #expect(contents.entries.map(\.path) == ["A.swift", "Deep/.hidden", "Deep/inner", "S.swift", "root"])
            #expect(contents.entries[0].contents == .bytes(Data("a".utf8), mode: 0o600))
            #expect(contents.entries[4].contents == .link(to: "/"))

            // Moved two folders deeper: a relative link out of the folder still leads to the same
            // file; one within it, and an absolute one, are unchanged.
            let destination = folder + "/Packages/Net/Sources/Net"
            func newPlace(_ path: String) -> String {
                PathResolution.path(path, inside: module).map { $0.isEmpty ? destination : destination + "/" + $0 } ?? path
            }
            let moved = contents.entries.map { contents.moved($0, to: newPlace(contents.folder + "/" + $0.path), newPlace: newPlace) }
            #expect(moved[2].contents == .link(to: "A.swift"))
            #expect(moved[3].contents == .link(to: "../../../../Shared/S.swift"))
            #expect(moved[3].path == destination + "/S.swift")
            #expect(moved[4].contents == .link(to: "/"))
            // A link to a file that moves too follows it.
            func alsoShared(_ path: String) -> String {
                path == folder + "/Shared/S.swift" ? folder + "/Common/S.swift" : newPlace(path)
            }
            #expect(
                contents.moved(contents.entries[3], to: destination + "/S.swift", newPlace: alsoShared).contents
                    == .link(to: "../../../../Common/S.swift"))

            #expect(FolderContents.read(folder + "/missing").entries.isEmpty)
            #expect(FolderContents.read(folder + "/missing").problems.isEmpty)
        }
    }

    @Test func whatCannotBeMovedIsAProblemAtItsPath() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.write("a", to: folder + "/A.swift")
            #expect(mkfifo(folder + "/pipe", 0o644) == 0)
            let contents = FolderContents.read(folder)
            #expect(contents.entries.map(\.path) == ["A.swift"])
            #expect(contents.problems.map(\.path) == [folder + "/pipe"])
            #expect(contents.problems.first?.reason == "it is a named pipe, not a file")
            #expect(FolderContents.read(folder + "/A.swift").problems.first?.reason == "it is a file, not a folder")
        }
    }
}
