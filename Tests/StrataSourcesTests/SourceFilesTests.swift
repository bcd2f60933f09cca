import Foundation
import StrataFileSystem
import Testing

@testable import StrataSources

/// A scratch folder with files, removed at the end.
final class Scratch {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sources-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: destination)
    }

    /// Sets the modification time of everything inside to an hour ago, as if nothing had
    /// changed for a while.
    func backdate() throws {
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        for relative in try FileManager.default.subpathsOfDirectory(atPath: root) + ["."] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: root + "/" + relative)
        }
    }
}

@Suite struct SourceFileCollectorTests {
    @Test func swiftFilesAreFoundLessExcludedAndHiddenOnes() throws {
        let scratch = try Scratch()
        try scratch.write("T/A.swift", "import X")
        try scratch.write("T/Sub/B.swift", "")
        try scratch.write("T/.hidden/C.swift", "")
        try scratch.write("T/Generated/D.swift", "")
        try scratch.write("T/readme.md", "")
        let found = SourceFileCollector.collect(TargetSources(directory: scratch.root + "/T", excluded: [scratch.root + "/T/Generated"]))
        #expect(found.files.map { $0.path.replacingOccurrences(of: scratch.root + "/", with: "") } == ["T/A.swift", "T/Sub/B.swift"])
        #expect(found.files[0].size == 8)
        let only = SourceFileCollector.collect(TargetSources(directory: scratch.root + "/T", only: [scratch.root + "/T/Sub"]))
        #expect(only.files.count == 1)
    }

    @Test func aSymbolicLinkLoopIsReportedOnceAndSkipped() throws {
        let scratch = try Scratch()
        try scratch.write("T/A.swift", "")
        try scratch.link("T/loop", to: scratch.root + "/T")
        try scratch.link("T/Broken.swift", to: scratch.root + "/nowhere.swift")
        let found = SourceFileCollector.collect(TargetSources(directory: scratch.root + "/T"))
        #expect(found.files.count == 1)
        #expect(found.problems.map(\.problem.kind).sorted(by: { $0.rawValue < $1.rawValue }) == [.symlinkLoop, .unreadable])
    }

    @Test func aMissingFolderHoldsNoSources() {
        let found = SourceFileCollector.collect(TargetSources(directory: "/nonexistent/strata/T"))
        #expect(found.files.isEmpty && found.problems.isEmpty)
    }
}

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

@Suite struct ScanCacheTests {
    private func entry(_ path: String, size: Int64 = 10, modified: Int64 = 1, inode: UInt64 = 7) -> FileStamp {
        FileStamp(path: path, size: size, modified: modified, inode: inode)
    }

    private let scan = FileScan(
        imports: [
            ImportDeclaration(
                path: ["Network", "Sub"], kind: .struct, attributes: [ImportAttribute(name: "_spi", arguments: "X")],
                accessLevel: "public", line: 3, column: 1, moduleLine: 3, moduleColumn: 22,
                conditions: [IfConfigClause(negated: ["os ( Linux )"], condition: "DEBUG")])
        ],
        problems: [SourceProblem(.unterminated, "unterminated string literal", line: 9, column: 2)])

    @Test func resultsSurviveARoundTripThroughTheFile() throws {
        let scratch = try Scratch()
        var cache = ScanCache()
        cache.store(scan, for: entry("/w/A.swift"))
        cache.store(FileScan(imports: [], problems: [], isExportedSecrets: true), for: entry("/w/B.swift"))
        let path = scratch.root + "/cache"
        #expect(cache.write(path: path) == nil)
        let loaded = ScanCache.load(path: path)
        #expect(loaded.count == 2)
        #expect(loaded.result(for: entry("/w/A.swift")) == scan)
        #expect(loaded.result(for: entry("/w/B.swift"))?.isExportedSecrets == true)
        #expect(loaded.result(for: entry("/w/A.swift"))?.isExportedSecrets == false)
    }

    @Test func aFileStrataSecretsExportWroteIsKnownByItsFirstLine() {
        let exported = Array("// Generated by 'strata secrets export'. Do not edit.\npublic enum Secrets {}\n".utf8)
        #expect(SourceFileReader.scan(bytes: exported).isExportedSecrets)
        for other in [
            "public enum Secrets {}\n// Generated by 'strata secrets export'\n", "  // Generated by 'strata secrets export'\n",
            "// Generated by strata\n",
        ] {
            #expect(!SourceFileReader.scan(bytes: Array(other.utf8)).isExportedSecrets, "\(other)")
        }
    }

    @Test func aChangedFileIsNotTakenFromTheCache() {
        var cache = ScanCache()
        cache.store(scan, for: entry("/w/A.swift"))
        #expect(cache.result(for: entry("/w/A.swift", size: 11)) == nil)
        #expect(cache.result(for: entry("/w/A.swift", modified: 2)) == nil)
        #expect(cache.result(for: entry("/w/A.swift", inode: 8)) == nil)
        #expect(cache.result(for: entry("/w/B.swift")) == nil)
    }

    @Test func aCorruptOrForeignCacheIsIgnored() throws {
        let scratch = try Scratch()
        var cache = ScanCache()
        cache.store(scan, for: entry("/w/A.swift"))
        let bytes = cache.encode()
        for broken in [Array(bytes.prefix(bytes.count / 2)), Array(repeating: 0, count: 100), Array("STRATASC".utf8) + [9, 0, 0, 0]] {
            try scratch.write("cache", broken)
            #expect(ScanCache.load(path: scratch.root + "/cache").count == 0)
        }
    }

    @Test func theScannerReusesAndRefreshesTheCache() async throws {
        let scratch = try Scratch()
        try scratch.write("T/A.swift", "import One")
        try scratch.write("T/B.swift", "import Two")
        let scanner = SourceScanner(cachePath: scratch.root + "/cache")
        let targets = [(target: 0, sources: TargetSources(directory: scratch.root + "/T"))]
        let first = await scanner.scan(targets)
        #expect((first.scannedFiles, first.cachedFiles) == (2, 0))
        #expect(await first.cacheWrite?.value.failure == nil)
        let second = await scanner.scan(targets)
        #expect((second.scannedFiles, second.cachedFiles) == (0, 2))
        #expect(second.cacheWrite == nil)  // nothing to write: the cache holds exactly these files
        try scratch.write("T/B.swift", "import Three, Four")
        let third = await scanner.scan(targets)
        #expect((third.scannedFiles, third.cachedFiles) == (1, 1))
        #expect(third.files.flatMap(\.scan.imports).map(\.module).sorted() == ["One", "Three"])
        _ = await third.cacheWrite?.value
        // A file removed: the cache is rewritten without it.
        try FileManager.default.removeItem(atPath: scratch.root + "/T/A.swift")
        let fourth = await scanner.scan(targets)
        #expect((fourth.scannedFiles, fourth.cachedFiles) == (0, 1))
        #expect(await fourth.cacheWrite?.value.failure == nil)
        #expect(ScanCache.load(path: scratch.root + "/cache").count == 1)
    }
}

@Suite struct SourceSnapshotTests {
    private func snapshot(_ scratch: Scratch, _ sources: [TargetSources]) -> SourceFileCollector.Snapshot? {
        SourceFileCollector.Snapshot(sources.map { SourceFileCollector.collect($0) })
    }

    private func targets(_ scratch: Scratch) -> [TargetSources] {
        [
            TargetSources(directory: scratch.root + "/A", boundary: scratch.root),
            TargetSources(directory: scratch.root + "/B", boundary: scratch.root),
            TargetSources(directory: scratch.root + "/Missing", boundary: scratch.root),
        ]
    }

    private func tree() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("A/One.swift", "import X\n")
        try scratch.write("A/Deep/Two.swift", "import Y\n")
        try scratch.write("B/Three.swift", "")
        try scratch.backdate()
        return scratch
    }

    @Test func unchangedFoldersAndFilesProveNothingChanged() async throws {
        let scratch = try tree()
        let taken = try #require(snapshot(scratch, targets(scratch)))
        // A, A/Deep and B walked, Missing stamped as missing; three files.
        #expect(taken.folders.count == 4 && taken.files.count == 3)
        #expect(await taken.isUnchanged())
    }

    @Test(arguments: ["add in a subfolder", "remove", "edit", "rename", "make the missing folder", "hidden file"])
    func everyKindOfChangeIsSeen(_ change: String) async throws {
        let scratch = try tree()
        let taken = try #require(snapshot(scratch, targets(scratch)))
        switch change {
        case "add in a subfolder": try scratch.write("A/Deep/New.swift", "")
        case "remove": try FileManager.default.removeItem(atPath: scratch.root + "/A/Deep/Two.swift")
        case "edit": try scratch.write("B/Three.swift", "import Z\n")
        case "rename": try FileManager.default.moveItem(atPath: scratch.root + "/A/One.swift", toPath: scratch.root + "/A/Uno.swift")
        case "make the missing folder": try FileManager.default.createDirectory(atPath: scratch.root + "/Missing", withIntermediateDirectories: false)
        default: try scratch.write("A/.DS_Store", "")  // harmless, but the walk must tell
        }
        #expect(await !taken.isUnchanged())
    }

    @Test func foldersChangedJustBeforeTheWalkGiveNoSnapshot() throws {
        let scratch = try tree()
        try scratch.write("A/Deep/Fresh.swift", "")  // A/Deep changes "now": a minute ahead, however slow the machine
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: scratch.root + "/A/Deep")
        #expect(snapshot(scratch, targets(scratch)) == nil)
        // Files changed just now are fine: their stamps are compared whole, as a walk would.
        try scratch.backdate()
        try scratch.write("A/Deep/Fresh.swift", "import Q\n")
        #expect(snapshot(scratch, targets(scratch)) != nil)
    }

    @Test func walksThatMetAProblemGiveNoSnapshot() throws {
        let scratch = try tree()
        try scratch.link("A/loop", to: scratch.root + "/A")
        try scratch.backdate()
        #expect(snapshot(scratch, targets(scratch)) == nil)
    }

    @Test func targetFoldersResolveAsRealpathResolvesThem() throws {
        let scratch = try Scratch()
        try scratch.write("real/T/A.swift", "")
        try scratch.write("real/U/B.swift", "")
        try scratch.link("linked", to: scratch.root + "/real")
        try scratch.link("real/L", to: scratch.root + "/real/T")
        let paths = [
            "/real/T", "/linked/T", "/linked/U", "/real/L", "/linked/L", "/real/Missing", "/linked/Missing", "/gone/T", "/real/T/../U",
        ].map { scratch.root + $0 }
        let folders = SourceFileCollector.ResolvedFolders(parentsOf: paths.map { TargetSources(directory: $0, boundary: scratch.root) })
        for path in paths {
            #expect(folders.resolvingLinks(path) == PathResolution.resolvingLinks(path), "\(path)")
        }
        #expect(folders.resolvingLinks(scratch.root + "/linked/T") == PathResolution.resolvingLinks(scratch.root + "/real/T"))
    }
}
