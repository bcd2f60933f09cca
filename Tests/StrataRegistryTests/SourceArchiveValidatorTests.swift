import Foundation
import StrataRegistry
import Testing
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#endif

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

    /// Links resolved through links, as the file system resolves them after `unzip`.
    @Test func aChainOfLinksIsResolvedThroughEveryLinkOnTheWay() throws {
        let base: [(String, String?)] = [("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/Sources/", nil)]
        // l1 -> ., lK -> l(K-1)/.. : each link alone stays inside; followed, l24 is 23 levels up.
        var chain = [("Network/l1", ".")]
        for level in 2...24 { chain.append(("Network/l\(level)", "l\(level - 1)/..")) }
        let escape = try #require(problem(try zip(base, symlinks: chain + [("Network/passwd", "l24/etc/passwd")])))
        #expect(escape.status == 422 && escape.detail.contains("outside the package"), "\(escape.detail)")
        // Links that loop, or take too many links to resolve.
        let loop = problem(try zip(base, symlinks: [("Network/a", "b"), ("Network/b", "a")]))
        #expect(loop?.detail.contains("loops") == true, "\(String(describing: loop))")
        var long: [(String, String)] = [("Network/k0", "Sources")]
        for step in 1...41 { long.append(("Network/k\(step)", "k\(step - 1)")) }
        #expect(problem(try zip(base, symlinks: long))?.detail.contains("more than 40 links") == true)
        // A link through another link to an absolute path.
        #expect(problem(try zip(base, symlinks: [("Network/root", "/"), ("Network/etc", "root/etc")]))?.detail.contains("absolute") == true)
        // An entry inside a link would be written wherever the link leads.
        let through = try zip(base + [("Network/lib/x.swift", "x")], symlinks: [("Network/lib", "Sources")])
        #expect(problem(through)?.detail.contains("'lib/x.swift' lies inside the symbolic link 'lib'") == true)
        // Chains that stay inside are accepted.
        #expect(problem(try zip(base, symlinks: [("Network/a", "Sources"), ("Network/Sources/b", "../a/.."), ("Network/c", "Sources/b/Package.swift")])) == nil)
        #expect(problem(try zip(base, symlinks: Array(long.prefix(40)))) == nil)
    }

    /// Random links, the real file system the oracle: whatever resolves outside the package, or
    /// loops, once the links are made on disk is refused; a layout whose links all resolve inside
    /// is accepted.
    @Test func randomLinkLayoutsAreJudgedAsTheFileSystemResolvesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let names = ["a", "b", "c", "d", "e"]
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("strata-links-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: scratch) }
        var refused = 0
        for round in 0..<300 {
            // Links at the top of the package and in Sources, each to a path of names, '..' and '.'.
            var links: [(String, String)] = []
            for name in names.shuffled(using: &generator).prefix(Int.random(in: 1...5, using: &generator)) {
                let folder = Bool.random(using: &generator) ? "" : "Sources/"
                let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    ["..", ".", "Sources", names.randomElement(using: &generator)!].randomElement(using: &generator)!
                }
                links.append((folder + name, parts.joined(separator: "/")))
            }
            let verdict = problem(
                try zip(
                    [("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/Sources/", nil)],
                    symlinks: links.map { ("Network/" + $0.0, $0.1) }))
            // The same links on disk, three folders deep so that '..' has somewhere to go.
            let root = scratch + "/\(round)/x/y/Network"
            try manager.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
            for (path, target) in links { try manager.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: target) }
            let canonicalRoot = try #require(realpath(root, nil).map { path in defer { free(path) }; return String(cString: path) })
            var escapes = false
            var allInside = true
            for (path, _) in links {
                errno = 0
                if let resolved = realpath(root + "/" + path, nil) {
                    let text = String(cString: resolved)
                    free(resolved)
                    if text != canonicalRoot && !text.hasPrefix(canonicalRoot + "/") { escapes = true }
                } else {
                    allInside = false
                    if errno == ELOOP { escapes = true }
                }
            }
            if escapes { #expect(verdict != nil, "accepted \(links), which leave the package on disk") }
            if allInside && !escapes { #expect(verdict == nil, "refused \(links): \(verdict?.detail ?? "")") }
            if verdict != nil { refused += 1 }
        }
        #expect(refused > 30 && refused < 270, "the generator should make both kinds: \(refused) of 300 refused")
    }

    /// An entry's headers declare a small size; it inflates to much more.
    func lyingAboutSize(_ data: Data, entry name: String, declared: UInt32) -> Data {
        var bytes = [UInt8](data)
        func uint(_ offset: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
        func write(_ value: UInt32, at offset: Int) { for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) } }
        let nameBytes = Array(name.utf8)
        var offset = 0
        while offset + 46 < bytes.count {
            let signature = uint(offset, 4)
            if signature == 0x0403_4b50, Array(bytes[(offset + 30)..<(offset + 30 + uint(offset + 26, 2))]) == nameBytes {
                write(declared, at: offset + 22)  // the local header's uncompressed size
            } else if signature == 0x0201_4b50, Array(bytes[(offset + 46)..<(offset + 46 + uint(offset + 28, 2))]) == nameBytes {
                write(declared, at: offset + 24)  // the central directory's
            }
            offset += 1
        }
        return Data(bytes)
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeIsRefused() throws {
        // 2 MiB of text deflates well under the ratio limit's 1 MiB threshold once it declares 1,000 bytes.
        let text = (0..<(2 << 20) / 16).map { String(format: "%015d\n", $0) }.joined()
        let honest = try zip([("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/big.txt", text)])
        #expect(problem(honest) == nil)
        let lying = lyingAboutSize(honest, entry: "Network/big.txt", declared: 1_000)
        let refusal = try #require(problem(lying))
        #expect(refusal.status == 422 && refusal.detail.contains("inflates past the 1000 bytes it declares"), "\(refusal.detail)")
        // One that declares more than it holds is damaged too.
        let short = lyingAboutSize(honest, entry: "Network/big.txt", declared: UInt32(text.utf8.count + 10))
        #expect(problem(short)?.status == 422)
        // Any size but the true one, on any entry, manifests included: refused, never accepted.
        let small = try zip([("Network/", nil), ("Network/Package.swift", Self.manifest), ("Network/Sources/A.swift", String(repeating: "let a = 1\n", count: 300))])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let entry = Bool.random(using: &generator) ? "Network/Package.swift" : "Network/Sources/A.swift"
            let truth = entry.hasSuffix("A.swift") ? 3_000 : Self.manifest.utf8.count
            var declared = UInt32.random(in: 0...UInt32(4 * truth), using: &generator)
            if declared == UInt32(truth) { declared += 1 }
            let refusal = problem(lyingAboutSize(small, entry: entry, declared: declared))
            #expect([413, 422].contains(refusal?.status), "\(entry) declaring \(declared) of \(truth) bytes: \(String(describing: refusal))")
        }
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
