import Foundation
import StrataRegistry
import Testing
import ZIPFoundation

/// The archive validator on hostile zips: traversal names, absolute paths, links out of the
/// package, several roots, bombs, and random corruption (never a crash, always an answer).
@Suite struct SourceArchiveValidatorTests {
    let validator = SourceArchiveValidator()

    func problem(_ data: Data, _ validator: SourceArchiveValidator = SourceArchiveValidator()) -> SourceArchiveValidator.Problem? {
        do {
            _ = try validator.validate(data)
            return nil
        } catch {
            return error
        }
    }

    /// A zip whose entries are exactly `entries` (path → contents; nil for a folder).
    func zip(_ entries: [(String, String?)], symlinks: [(String, String)] = []) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in entries {
            let data = Data((text ?? "").utf8)
            try archive.addEntry(
                with: path, type: text == nil ? .directory : .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) })
        }
        for (path, target) in symlinks {
            let data = Data(target.utf8)
            try archive.addEntry(
                with: path, type: .symlink, uncompressedSize: Int64(data.count),
                provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) })
        }
        return archive.data!
    }

    static let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Network\")\n"

    @Test func aValidArchiveYieldsItsManifestsAndDependencies() throws {
        let data = try zip([
            ("Network/", nil),
            ("Network/Package.swift", Self.manifest.replacingOccurrences(of: "name: \"Network\")", with: "name: \"Network\", dependencies: [.package(id: \"iss-core.Log\", from: \"1.0.0\")])")),
            ("Network/Package@swift-5.9.swift", "// swift-tools-version:5.9\n"), ("Network/Package@swift-x.swift", "// not a manifest name\n"),
            ("Network/Sources/Network/Network.swift", "public struct Network {}\n"),
        ])
        let contents = try validator.validate(data)
        #expect(contents.root == "Network")
        #expect(Set(contents.manifests.keys) == ["Package.swift", "Package@swift-5.9.swift"])
        #expect(contents.packageName == "Network")
        #expect(contents.registryDependencies == ["iss-core.Log"])
    }

    @Test(arguments: [
        ("../evil.swift", "'..'"), ("Network/../../evil", "'..'"), ("/etc/passwd", "absolute"), ("Network/./x", "'.'"),
        ("Network//x", "empty"), ("C:/Windows/x", "absolute"), ("Network\\..\\x", "absolute"),
    ])
    func pathsOutsideThePackageAreRefused(path: String, word: String) throws {
        let data = try zip([("Network/", nil), ("Network/Package.swift", Self.manifest), (path, "x")])
        let refusal = try #require(problem(data))
        #expect(refusal.status == 422)
        #expect(refusal.detail.contains(word) || refusal.detail.contains("top-level"), "\(refusal.detail)")
    }

    @Test func linksMustStayInsideThePackage() throws {
        let base: [(String, String?)] = [("Network/", nil), ("Network/Package.swift", Self.manifest)]
        #expect(problem(try zip(base, symlinks: [("Network/Sources/link", "../Package.swift")])) == nil)
        #expect(problem(try zip(base, symlinks: [("Network/link", "../../etc/passwd")]))?.detail.contains("outside the package") == true)
        #expect(problem(try zip(base, symlinks: [("Network/link", "/etc/passwd")]))?.detail.contains("absolute") == true)
    }

    @Test func exactlyOneTopLevelFolderWithAManifest() throws {
        #expect(problem(try zip([("Network/", nil), ("Other/", nil), ("Network/Package.swift", Self.manifest)]))?.detail.contains("more than one") == true)
        #expect(problem(try zip([("Package.swift", Self.manifest)]))?.detail.contains("not a folder") == true)
        #expect(problem(try zip([("Network/", nil), ("Network/Sources/Package.swift", Self.manifest)]))?.detail.contains("no Package.swift") == true)
        #expect(problem(try zip([("Network/", nil), ("Network/Package.swift", "import PackageDescription\n")]))?.detail.contains("swift-tools-version") == true)
        #expect(problem(Data("PK\u{3}\u{4}not really".utf8))?.status == 422)
        #expect(problem(Data())?.status == 422)
    }

    @Test func bombsAndOversizedArchivesAreRefusedBeforeInflating() throws {
        // 64 MiB of one character deflates to about 64 KiB: a ratio near 1000.
        let zeros = String(repeating: "0", count: 64 << 20)
        let bomb = try zip([("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/zeros.bin", zeros)])
        #expect(bomb.count < 1 << 20)
        let refusal = try #require(problem(bomb))
        #expect(refusal.status == 413 && refusal.detail.contains("zip bomb"))

        var small = SourceArchiveValidator.Limits()
        small.uncompressedBytes = 1000
        let large = try zip([("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/a.txt", String(repeating: "abcdefghij", count: 200))])
        #expect(problem(large, SourceArchiveValidator(limits: small))?.status == 413)
        small = SourceArchiveValidator.Limits()
        small.archiveBytes = 100
        #expect(problem(large, SourceArchiveValidator(limits: small))?.status == 413)
        small = SourceArchiveValidator.Limits()
        small.entries = 2
        #expect(problem(large, SourceArchiveValidator(limits: small))?.status == 413)
    }

    /// Random corruption of a valid archive: the validator answers every time, without crashing,
    /// and a changed byte never yields a manifest that is not the archive's.
    @Test func corruptedArchivesAreAnsweredNotCrashedOn() throws {
        let valid = try zip([
            ("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/Sources/Network/Network.swift", "public struct Network {}\n"),
        ])
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            var bytes = [UInt8](valid)
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 7 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))) }
            do {
                let contents = try validator.validate(Data(bytes))
                // The CRC is checked while inflating: an accepted manifest is the archive's own.
                #expect(contents.manifests["Package.swift"] == Self.manifest)
            } catch {
                #expect([413, 422].contains(error.status))
                #expect(!error.detail.isEmpty)
            }
        }
    }
}
