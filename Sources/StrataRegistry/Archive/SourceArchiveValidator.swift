public import Foundation
import StrataZip
import ZIPFoundation

/// What a source archive must be before it is published, and what is read from it.
///
/// The archive is a zip (as `swift package archive-source` makes) with exactly one top-level
/// folder holding `Package.swift`. Nothing in it may name a path outside that folder: no
/// absolute paths, no `..`, no symbolic link leading out however links chain (`ArchiveLayout`).
/// Sizes are bounded before anything is inflated (the entries' declared sizes and each entry's
/// compression ratio) and again while every entry is inflated, in chunks that are not kept: an
/// entry holding more than its headers declare is a corrupt archive, and every CRC is checked.
public struct SourceArchiveValidator: Sendable {
    public struct Limits: Sendable {
        /// The archive itself (the request is refused with 413 before it is read further).
        public var archiveBytes = 100 << 20
        /// All entries inflated together.
        public var uncompressedBytes = 1 << 30
        /// Entries in the archive.
        public var entries = 100_000
        /// Inflated size over compressed size, for an entry larger than 1 MiB inflated.
        public var compressionRatio = 200
        /// A manifest file.
        public var manifestBytes = 1 << 20
        /// The release metadata (the publish request's `metadata` part): every GET of the release
        /// returns it.
        public var metadataBytes = 1 << 20

        public init() {}
    }

    /// A refusal: the HTTP status (413 for sizes, 422 otherwise) and the reason, for the problem document.
    public struct Problem: Error, Sendable, Equatable {
        public var status: Int
        public var detail: String
    }

    /// What was read from a valid archive.
    public struct Contents: Sendable, Equatable {
        /// The single top-level folder.
        public var root: String
        /// `Package.swift` and every `Package@swift-X.swift` at the root, by file name.
        public var manifests: [String: String]
        /// The `name:` of `Package(…)` in Package.swift, when it is a string literal.
        public var packageName: String?
        /// Registry identities the manifest depends on (`.package(id: "scope.name", …)`).
        public var registryDependencies: [String]
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Checks an archive in memory (written to a temporary file first).
    public func validate(_ data: Data) throws(Problem) -> Contents {
        if data.count > limits.archiveBytes { throw Self.tooLarge(data.count, limits) }
        // Read from a file, not from memory: ZIPFoundation's in-memory reader traps on an offset
        // past the end, which a crafted zip can hold; reading a file past its end only fails.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-registry-upload-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try data.write(to: file)
        } catch {
            throw Problem(status: 500, detail: "the source archive cannot be written to a temporary file: \(error.localizedDescription)")
        }
        return try validate(file: file.path)
    }

    /// Checks the archive in the file at `path`, reading it in chunks.
    public func validate(file path: String) throws(Problem) -> Contents {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > limits.archiveBytes { throw Self.tooLarge(size, limits) }
        let archive: ZipReader
        do {
            archive = try ZipReader(path: path)
        } catch {
            throw Problem(status: 422, detail: "the source archive is not a readable zip file: \(error)")
        }
        var root: String?
        var total: UInt64 = 0
        var count = 0
        var manifestEntries: [String: ZipReader.Item] = [:]
        var files: [ZipReader.Item] = []
        var layout = ArchiveLayout()
        for entry in archive.items {
            count += 1
            if count > limits.entries {
                throw Problem(status: 413, detail: "the source archive has more than \(limits.entries) entries")
            }
            let path = entry.path
            let components = try Self.components(of: path)
            if root == nil { root = components[0] }
            guard components[0] == root else {
                throw Problem(
                    status: 422,
                    detail:
                        "the source archive has more than one top-level entry ('\(root!)' and '\(components[0])'); it must hold exactly one folder with the package"
                )
            }
            if components.count == 1 && entry.type != .directory {
                throw Problem(status: 422, detail: "the source archive's top-level entry '\(path)' is not a folder")
            }
            try checkDeclaredSize(of: entry, total: &total)
            let inside = Array(components.dropFirst())
            switch entry.type {
            case .symlink:
                let target = try inflate(entry, in: archive, limit: 4096)
                layout.links[inside.joined(separator: "/")] = String(decoding: target, as: UTF8.self)
            case .file:
                files.append(entry)
                if components.count == 2 && Self.isManifestName(components[1]) { manifestEntries[components[1]] = entry }
            case .directory:
                break
            }
            layout.entries.append(inside)
        }
        guard let root else { throw Problem(status: 422, detail: "the source archive is empty") }
        try layout.check()
        // Every file is inflated, in chunks that are not kept: what an entry declares is checked
        // against what it holds, so no header can lie its way past the limits.
        var inflated: UInt64 = 0
        for entry in files { try check(entry, in: archive, inflatedSoFar: &inflated) }
        guard manifestEntries["Package.swift"] != nil else {
            throw Problem(status: 422, detail: "the source archive has no Package.swift in its top-level folder '\(root)'")
        }
        let manifests = try readManifests(manifestEntries, root: root, in: archive)
        let main = manifests["Package.swift"]!
        return Contents(
            root: root, manifests: manifests, packageName: ManifestText.packageName(of: main),
            registryDependencies: ManifestText.registryDependencies(of: main))
    }

    /// What an entry declares it inflates to: within the archive's total, and not a zip bomb's
    /// ratio. (What it really holds is checked when it is inflated.)
    private func checkDeclaredSize(of entry: ZipReader.Item, total: inout UInt64) throws(Problem) {
        total += entry.uncompressedSize
        if total > UInt64(limits.uncompressedBytes) {
            throw Problem(status: 413, detail: "the source archive inflates to more than \(limits.uncompressedBytes) bytes")
        }
        if entry.uncompressedSize > 1 << 20,
            entry.compressedSize == 0 || entry.uncompressedSize / max(entry.compressedSize, 1) > UInt64(limits.compressionRatio)
        {
            throw Problem(
                status: 413,
                detail:
                    "'\(entry.path)' inflates \(entry.uncompressedSize / max(entry.compressedSize, 1)) times its compressed size; this registry refuses more than \(limits.compressionRatio) (a zip bomb)"
            )
        }
    }

    /// The package manifests of the top-level folder, by name: UTF-8 text starting with the
    /// tools version, each within the manifest size limit.
    private func readManifests(_ entries: [String: ZipReader.Item], root: String, in archive: ZipReader) throws(Problem) -> [String: String] {
        var manifests: [String: String] = [:]
        for (name, entry) in entries {
            let bytes = try inflate(entry, in: archive, limit: limits.manifestBytes)
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                throw Problem(status: 422, detail: "\(root)/\(name) is not UTF-8 text")
            }
            guard ManifestText.toolsVersion(of: text) != nil else {
                throw Problem(status: 422, detail: "\(root)/\(name) does not start with a '// swift-tools-version:' line")
            }
            manifests[name] = text
        }
        return manifests
    }

    static func tooLarge(_ size: Int, _ limits: Limits) -> Problem {
        Problem(status: 413, detail: "the source archive is \(size) bytes; this registry accepts at most \(limits.archiveBytes)")
    }

    /// `Package.swift` or `Package@swift-X[.Y[.Z]].swift`.
    static func isManifestName(_ name: String) -> Bool {
        if name == "Package.swift" { return true }
        guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") else { return false }
        let version = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// The path's components; refuses absolute paths, `..`, `.`, empty components and backslashes.
    static func components(of path: String) throws(Problem) -> [String] {
        if path.hasPrefix("/") || path.contains("\\") || (path.count > 1 && path.dropFirst().first == ":") {
            throw Problem(status: 422, detail: "the source archive holds an absolute or non-portable path '\(path)'")
        }
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if components.last == "" { components.removeLast() }  // a folder entry ends with '/'
        if components.isEmpty || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw Problem(status: 422, detail: "the source archive holds a path with an empty, '.' or '..' component: '\(path)'")
        }
        return components
    }

    /// Inflates `entry` without keeping its bytes: refused past its declared size (a corrupt
    /// archive, 422), past the archive's inflated limit (413) or with a wrong checksum (422).
    private func check(_ entry: ZipReader.Item, in archive: ZipReader, inflatedSoFar inflated: inout UInt64) throws(Problem) {
        var size: UInt64 = 0
        var total = inflated
        let limit = UInt64(limits.uncompressedBytes)
        do {
            let checksum = try archive.extract(entry) { chunk in
                size += UInt64(chunk.count)
                total += UInt64(chunk.count)
                if size > entry.uncompressedSize {
                    throw Problem(
                        status: 422, detail: "'\(entry.path)' inflates past the \(entry.uncompressedSize) bytes it declares: the archive is corrupt")
                }
                if total > limit { throw Problem(status: 413, detail: "the source archive inflates to more than \(limit) bytes") }
            }
            guard checksum == entry.checksum, size == entry.uncompressedSize else {
                throw Problem(status: 422, detail: "'\(entry.path)' is damaged: its contents do not match the archive's checksum")
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(status: 422, detail: "'\(entry.path)' cannot be read from the source archive: \(error)")
        }
        inflated = total
    }

    /// An entry's bytes, stopping past `limit` or past what it declared.
    private func inflate(_ entry: ZipReader.Item, in archive: ZipReader, limit: Int) throws(Problem) -> Data {
        let declared = Int(min(entry.uncompressedSize, UInt64(Int.max)))
        if declared > limit { throw Problem(status: 413, detail: "'\(entry.path)' is \(declared) bytes; at most \(limit) are read") }
        var data = Data()
        do {
            let checksum = try archive.extract(entry) { chunk in
                data.append(chunk)
                if data.count > declared || data.count > limit {
                    throw Problem(status: 413, detail: "'\(entry.path)' inflates past its declared size")
                }
            }
            // The reader computes the CRC of what it inflated; comparing it is the caller's part.
            guard checksum == entry.checksum, data.count == declared else {
                throw Problem(status: 422, detail: "'\(entry.path)' is damaged: its contents do not match the archive's checksum")
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(status: 422, detail: "'\(entry.path)' cannot be read from the source archive: \(error)")
        }
        return data
    }
}

/// What the registry reads from a manifest's text without running it.
enum ManifestText {
    /// `5.9` from `// swift-tools-version: 5.9` (or `:5.9.0;…`) on the first line.
    static func toolsVersion(of text: String) -> String? {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        let line = first.trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("//") else { return nil }
        let rest = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
        guard rest.lowercased().hasPrefix("swift-tools-version:") else { return nil }
        let version = rest.dropFirst("swift-tools-version:".count).trimmingCharacters(in: .whitespaces)
        let number = version.prefix { $0.isNumber || $0 == "." }
        return number.split(separator: ".").count >= 2 ? String(number) : nil
    }

    /// The first string literal after `Package(` and `name:`.
    static func packageName(of text: String) -> String? {
        guard let call = text.range(of: "Package(") else { return nil }
        let after = text[call.upperBound...]
        guard let label = after.range(of: "name:") else { return nil }
        let rest = after[label.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(rest[rest.index(after: rest.startIndex)..<end])
    }

    /// Every `.package(id: "scope.name"` in the text.
    static func registryDependencies(of text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let range = rest.range(of: ".package(id:") {
            let after = rest[range.upperBound...].drop { $0 == " " }
            if after.first == "\"", let end = after.dropFirst().firstIndex(of: "\"") {
                found.append(String(after[after.index(after: after.startIndex)..<end]))
            }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
