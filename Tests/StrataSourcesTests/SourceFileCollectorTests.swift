import Foundation
import StrataFileSystem
import Testing

@testable import StrataSources

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
        #expect(found.problems.map(\.problem.kind).sorted(by: { $0.rawValue < $1.rawValue }) == [.brokenLink, .symlinkLoop])
    }

    @Test func aMissingFolderHoldsNoSources() {
        let found = SourceFileCollector.collect(TargetSources(directory: "/nonexistent/strata/T"))
        #expect(found.files.isEmpty && found.problems.isEmpty)
    }
}
