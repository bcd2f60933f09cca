import Foundation
import StrataDiagnostics
import Testing

@testable import StrataPublish

#if canImport(Glibc)
import Glibc
#endif

/// A registry's archive is compared with a staged package by what it holds: two archives of one
/// folder differ in bytes (each entry carries its file's time) but never in their files.
@Suite struct ArchiveComparisonTests {
    static func makePackage(in folder: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/Sources/Network/Deep", withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: \"Network\", targets: [.target(name: \"Network\")])\n"
            .write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try "public struct Network {}\n".write(toFile: folder + "/Sources/Network/Network.swift", atomically: true, encoding: .utf8)
        try "// deep\n".write(toFile: folder + "/Sources/Network/Deep/Deep.swift", atomically: true, encoding: .utf8)
        try "hidden\n".write(toFile: folder + "/Sources/Network/.hidden", atomically: true, encoding: .utf8)
        #expect(symlink("Network.swift", folder + "/Sources/Network/Alias.swift") == 0)
    }

    @Test func theToolchainsArchiveOfAFolderHoldsWhatTheFolderHoldsAndEveryChangeIsNamed() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-archive-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let package = scratch + "/iss-core.Network"
        try Self.makePackage(in: package)
        let archive = try await SourceArchive.make(folder: package, name: "Network", version: "1.0.0", scratch: scratch + "/out")
        #expect(try ArchiveComparison.differences(archive: archive, folder: package, scratch: scratch + "/compare") == [])
        // The package staged again (its files with other times) is archived with other bytes and the same files.
        for file in ["Package.swift", "Sources/Network/Network.swift", "Sources/Network/Deep/Deep.swift"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: package + "/" + file)
        }
        let again = try await SourceArchive.make(folder: package, name: "Network", version: "1.0.0", scratch: scratch + "/again")
        #expect(again != archive)
        #expect(try ArchiveComparison.differences(archive: again, folder: package, scratch: scratch + "/compare") == [])

        try "public struct Network { public init() {} }\n".write(toFile: package + "/Sources/Network/Network.swift", atomically: true, encoding: .utf8)
        try "new\n".write(toFile: package + "/Sources/Network/New.swift", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: package + "/Sources/Network/Deep/Deep.swift")
        try FileManager.default.removeItem(atPath: package + "/Sources/Network/Alias.swift")
        #expect(symlink("Deep", package + "/Sources/Network/Alias.swift") == 0)
        #expect(
            try ArchiveComparison.differences(archive: archive, folder: package, scratch: scratch + "/compare") == [
                "Sources/Network/Alias.swift", "Sources/Network/Deep/Deep.swift", "Sources/Network/Network.swift", "Sources/Network/New.swift",
            ])
    }

    @Test func anArchiveThatIsNotAZipIsAnErrorNotADifference() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-archive-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Self.makePackage(in: scratch + "/package")
        #expect {
            try ArchiveComparison.differences(archive: Data("<html>proxy error</html>".utf8), folder: scratch + "/package", scratch: scratch)
        } throws: { error in
            (error as? InputErrors)?.diagnostics.map(\.id) == ["registry-archive-unreadable"]
        }
    }
}
