import Foundation
import StrataFileSystem
import Testing

@testable import StrataSources

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
        #expect(taken.isUnchanged())
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
        #expect(!taken.isUnchanged())
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
