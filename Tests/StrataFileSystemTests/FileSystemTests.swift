import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder under the system's temporary folder, removed after `body`.
func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer {
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }
    try body(path)
}

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

@Suite struct BinaryCodingTests {
    @Test func valuesReadBackAsWritten() throws {
        var writer = ByteWriter()
        writer.u32(0xDEAD_BEEF)
        writer.u64(.max - 1)
        writer.i64(-42)
        writer.string("Grüße, 🛰")
        writer.string("")
        writer.bytes([9, 8, 7])
        var reader = ByteReader(writer.buffer)
        #expect(try reader.u32() == 0xDEAD_BEEF)
        #expect(try reader.u64() == .max - 1)
        #expect(try reader.i64() == -42)
        #expect(try reader.string() == "Grüße, 🛰")
        #expect(try reader.string() == "")
        #expect(try reader.bytes(3) == [9, 8, 7])
        #expect(reader.isAtEnd)
    }

    @Test func numbersAreLittleEndian() {
        var writer = ByteWriter()
        writer.u32(0x0102_0304)
        #expect(writer.buffer == [4, 3, 2, 1])
    }

    @Test func readingPastTheEndThrowsAndNeverTraps() throws {
        var writer = ByteWriter()
        writer.u32(1000)  // a string length far beyond the data
        writer.bytes([65, 66])
        for cut in 0...writer.buffer.count {
            var reader = ByteReader(Array(writer.buffer.prefix(cut)))
            #expect(throws: CorruptData.self) { _ = try reader.string() }
        }
        var short = ByteReader([1, 2, 3])
        #expect(throws: CorruptData.self) { _ = try short.u64() }
        #expect(throws: CorruptData.self) { _ = try short.bytes(-1) }
        #expect(throws: CorruptData.self) { _ = try short.bytes(4) }
        #expect(try short.bytes(3) == [1, 2, 3])
    }

    @Test func varintsAreShortForSmallNumbersAndReadBackAsWritten() throws {
        let unsigned: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), .max - 1, .max]
        let signed: [Int64] = [0, -1, 1, -64, 63, -65, 64, .min, .max, -1_000_000]
        var writer = ByteWriter()
        for value in unsigned { writer.varint(value) }
        for value in signed { writer.zigzag(value) }
        var reader = ByteReader(writer.buffer)
        for value in unsigned { #expect(try reader.varint() == value) }
        for value in signed { #expect(try reader.zigzag() == value) }
        #expect(reader.isAtEnd)

        func length(unsigned value: UInt64) -> Int {
            var writer = ByteWriter()
            writer.varint(value)
            return writer.buffer.count
        }
        func length(signed value: Int64) -> Int {
            var writer = ByteWriter()
            writer.zigzag(value)
            return writer.buffer.count
        }
        #expect(length(unsigned: 127) == 1 && length(unsigned: 128) == 2 && length(unsigned: .max) == 10)
        #expect(length(signed: -64) == 1 && length(signed: 63) == 1 && length(signed: 64) == 2)
        var bytes = ByteWriter()
        bytes.varint(300)
        #expect(bytes.buffer == [0xAC, 0x02])
    }

    @Test func aVarintThatNeverEndsOrOverflowsIsCorrupt() {
        for corrupt: [UInt8] in [[], [0x80], [0xFF, 0xFF], Array(repeating: 0xFF, count: 11), Array(repeating: 0x80, count: 9) + [0x02]] {
            var reader = ByteReader(corrupt)
            #expect(throws: CorruptData.self, "\(corrupt)") { _ = try reader.varint() }
        }
        var byte = ByteReader([7])
        let first = try? byte.u8()
        #expect(first == 7)
        #expect(throws: CorruptData.self) { _ = try byte.u8() }
    }

    @Test func skippingExpectedBytesMovesOnlyWhenEveryByteMatches() {
        var reader = ByteReader([1, 2, 3, 4])
        let mismatch = reader.skip(ifNextAre: [1, 2, 4])
        #expect(!mismatch && reader.offset == 0)
        let beyondTheEnd = reader.skip(ifNextAre: [1, 2, 3, 4, 5])
        let nothing = reader.skip(ifNextAre: [])
        #expect(!beyondTheEnd && nothing && reader.offset == 0)
        let two = reader.skip(ifNextAre: [1, 2])
        #expect(two && reader.offset == 2)
        let rest = reader.skip(ifNextAre: [3, 4])
        #expect(rest && reader.isAtEnd)
    }
}

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

@Suite struct FNV1aTests {
    /// Published FNV-1a 64-bit test vectors.
    @Test(arguments: [("", 0xCBF2_9CE4_8422_2325 as UInt64), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8)])
    func matchesTheReferenceVectors(text: String, expected: UInt64) {
        var hash = FNV1a()
        for byte in text.utf8 { hash.add(byte: byte) }
        #expect(hash.value == expected)
    }

    @Test func stringsAreSeparatedSoThatSplitsDiffer() {
        var joined = FNV1a()
        joined.add("ab")
        joined.add("c")
        var split = FNV1a()
        split.add("a")
        split.add("bc")
        #expect(joined.value != split.value)
    }
}

@Suite struct PathResolutionTests {
    static let cases: [(relative: String, folder: String)] = [
        ("Sources/A", "/work/ws"), ("./Sources/./A/", "/work/ws"), ("../Shared/B", "/work/ws/Packages/A"),
        ("../../..", "/work"), ("/abs/./x/../y", "/ignored"), ("a//b///c", "/r"), (".", "/r/s"), ("..", "/"),
        ("Sources/Ünïcode Folder/A", "/work/with space"), ("x/..", "/r"), ("...", "/r"), ("..a/b", "/r"),
    ]

    /// Foundation's URL is the oracle: the same paths without asking the file system.
    @Test(arguments: cases)
    func agreesWithFoundation(relative: String, folder: String) {
        let url =
            relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative)
            : URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(relative)
        #expect(PathResolution.resolve(relative, in: folder) == url.standardizedFileURL.path)
    }

    @Test func aPathInsideAFolderIsTheRestAfterItsSlash() {
        #expect(PathResolution.path("/w/Sources/A", inside: "/w") == "Sources/A")
        #expect(PathResolution.path("/w", inside: "/w") == "")
        #expect(PathResolution.path("/w/", inside: "/w/") == "")
        #expect(PathResolution.path("/w/a", inside: "/w/") == "a")
        #expect(PathResolution.path("/a", inside: "/") == "a")
        #expect(PathResolution.path("/work", inside: "/w") == nil)
        #expect(PathResolution.path("/w", inside: "/w/a") == nil)
        #expect(PathResolution.path("/x/w/a", inside: "/w") == nil)
        #expect(PathResolution.path("/w/Ünï côde/🛰.swift", inside: "/w/Ünï côde") == "🛰.swift")
        // Byte for byte, as the file system compares names: é composed is not é decomposed.
        #expect(PathResolution.path("/w/caf\u{E9}/a", inside: "/w/cafe\u{301}") == nil)
    }

    @Test func standardizeKeepsTheRootAndDropsATrailingSlash() {
        #expect(PathResolution.standardize("/") == "/")
        #expect(PathResolution.standardize("/a/b/") == "/a/b")
        #expect(PathResolution.standardize("/../a") == "/a")
    }

    /// The fast path for paths that are already standard answers exactly as splitting and joining does.
    @Test func theFastPathAgreesWithTheComponentWalkOnEveryShapeOfPath() {
        let parts = ["a", ".", "..", "", "...", ".a", "a.", "a..b", "Sources", "..x"]
        var checked = 0
        for first in parts {
            for second in parts {
                for third in parts {
                    for prefix in ["/", "//", ""] {
                        for suffix in ["", "/"] {
                            let path = prefix + [first, second, third].joined(separator: "/") + suffix
                            guard path.hasPrefix("/") else { continue }
                            #expect(PathResolution.standardize(path) == PathResolution.walkingComponents(path), "\(path)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 4_200)
    }
}

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
