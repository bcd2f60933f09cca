import Foundation
import StrataFileSystem
import Testing

@testable import StrataSources

@Suite struct SourceFileReaderTests {
    @Test func badFilesBecomeProblemsNotCrashes() {
        #expect(SourceFileReader.scan(bytes: []).problems.map(\.kind) == [.empty])
        #expect(SourceFileReader.scan(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1]).problems.map(\.kind) == [.binary])
        let latin1 = SourceFileReader.scan(bytes: Array("import A\n// caf".utf8) + [0xE9] + Array("\nimport B\n".utf8))
        #expect(latin1.problems.map(\.kind) == [.invalidUTF8])
        #expect(latin1.problems.first?.line == 2)
        #expect(latin1.imports.map(\.module) == ["A", "B"])
        let open = SourceFileReader.scan(bytes: Array("import A\n/* open".utf8))
        #expect(open.problems.map(\.kind) == [.unterminated])
    }

    /// The UTF-8 check agrees with the standard library's validation on random and tricky bytes.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var random = SystemRandomNumberGenerator()
        let tricky: [[UInt8]] = [
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x9A, 0x80],
            [0xE2, 0x80], [0xC3, 0xA9], [0xFF], Array("ascii only".utf8), Array("Ünïcödé — ✓ 🚀".utf8),
        ]
        let samples =
            tricky
            + (0..<20_000).map { _ in
                (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    [UInt8.random(in: 0...0x7F, using: &random), UInt8.random(in: 0x80...0xFF, using: &random)].randomElement(using: &random)!
                }
            }
        for bytes in samples {
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((SourceFileReader.firstInvalidUTF8(bytes) == nil) == valid, "\(bytes)")
        }
        // Behind ASCII runs of every length (the check skips ASCII eight bytes at a time), a bad
        // sequence is found exactly where it starts.
        for sequence in tricky {
            let valid = String(validating: sequence, as: UTF8.self) != nil
            for prefix in 0...20 {
                for suffix in [0, 1, 7, 8, 9] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence + Array(repeating: UInt8(ascii: "z"), count: suffix)
                    #expect(SourceFileReader.firstInvalidUTF8(bytes) == (valid ? nil : prefix), "\(bytes)")
                }
            }
        }
    }

    /// A file that grew or shrank between being found and being read is read as it is then.
    @Test func aFileIsReadWholeWhateverSizeItWasFoundWith() throws {
        let scratch = try Scratch()
        let text = (0..<2_000).map { "import Module\($0)\n" }.joined()
        try scratch.write("T/Changing.swift", text)
        for size: Int64 in [1, 100, Int64(text.utf8.count) - 1, Int64(text.utf8.count), Int64(text.utf8.count) + 1, 1_000_000] {
            let stamp = FileStamp(path: scratch.root + "/T/Changing.swift", size: size, modified: 0, inode: 0)
            let imports = SourceFileReader.scan(stamp).imports.map(\.module)
            #expect(imports.count == 2_000 && imports.last == "Module1999", "found with size \(size)")
        }
    }

    @Test func hugeFilesAreSkippedAndUnreadableOnesReported() throws {
        let scratch = try Scratch()
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: Int(SourceFileReader.maximumSize) + 1)
        try scratch.write("T/Huge.swift", huge)
        let entry = try #require(SourceFileCollector.collect(TargetSources(directory: scratch.root + "/T")).files.first)
        #expect(SourceFileReader.scan(entry).problems.map(\.kind) == [.tooLarge])
        let gone = FileStamp(path: scratch.root + "/T/Gone.swift", size: 10, modified: 0, inode: 0)
        #expect(SourceFileReader.scan(gone).problems.map(\.kind) == [.unreadable])
    }
}
