import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataZip
import ZIPFoundation

/// Whether a registry's source archive holds what a staged package folder holds.
///
/// Archives are not byte-for-byte reproducible (`swift package archive-source` stamps each entry
/// with its file's time), so two archives of one folder have different checksums. What is compared
/// is their contents: the same files at the same paths (below the archive's one top-level folder)
/// with the same bytes, and the same symbolic links to the same targets. Folders count only
/// through what they hold.
enum ArchiveComparison {
    /// What may be inflated from an archive being compared: the registry checked it on upload,
    /// but the answer of a registry is input like any other.
    static let inflatedLimit: UInt64 = 1 << 30

    /// One item of a package: a file's bytes or a link's target.
    enum Item: Equatable {
        case file([UInt8])
        case link(String)
    }

    /// The paths that differ between `archive` and `folder`, sorted; empty when they hold the same.
    static func differences(archive: Data, folder: String, scratch: String) throws(InputErrors) -> [String] {
        let archived = try items(inArchive: archive, scratch: scratch)
        let staged = try items(inFolder: folder)
        return Set(archived.keys).union(staged.keys).filter { archived[$0] != staged[$0] }.sorted()
    }

    /// The archive's files and links by their path below its top-level folder.
    static func items(inArchive data: Data, scratch: String) throws(InputErrors) -> [String: Item] {
        // Read from a file: ZIPFoundation's in-memory reader traps on an offset past the end.
        let file = scratch + "/registry-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var items: [String: Item] = [:]
        var inflated: UInt64 = 0
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: file))
            let archive = try ZipReader(path: file)
            for entry in archive.items where entry.type != .directory {
                let components = entry.path.split(separator: "/", omittingEmptySubsequences: true)
                guard components.count > 1 else { throw Unreadable(detail: "'\(entry.path)' is outside the archive's top-level folder") }
                var bytes: [UInt8] = []
                let checksum = try archive.extract(entry) { chunk in
                    inflated += UInt64(chunk.count)
                    guard inflated <= inflatedLimit, bytes.count + chunk.count <= entry.uncompressedSize else {
                        throw Unreadable(detail: "'\(entry.path)' inflates past its declared size or the \(inflatedLimit >> 20) MiB limit")
                    }
                    bytes += chunk
                }
                guard checksum == entry.checksum, bytes.count == entry.uncompressedSize else {
                    throw Unreadable(detail: "'\(entry.path)' is damaged: its contents do not match the archive's checksum")
                }
                let path = components.dropFirst().joined(separator: "/")
                items[path] = entry.type == .symlink ? .link(String(decoding: bytes, as: UTF8.self)) : .file(bytes)
            }
        } catch {
            let detail = (error as? Unreadable)?.detail ?? "\(error)"
            throw InputErrors(
                .inputError(
                    "registry-archive-unreadable", "the registry's source archive cannot be read: \(detail)", at: nil,
                    hint: "download it (GET …/<version>.zip) and look; the registry may be damaged"))
        }
        return items
    }

    /// The staged folder's files and links by their path inside it; links are not followed.
    static func items(inFolder folder: String) throws(InputErrors) -> [String: Item] {
        let contents = FolderContents.read(folder)
        if let problem = contents.problems.first {
            throw InputErrors(
                .inputError("archive-failed", "cannot read the staged package's \(problem.path): \(problem.reason)", at: nil, hint: nil))
        }
        var items: [String: Item] = [:]
        for entry in contents.entries {
            switch entry.contents {
            case .bytes(let data, _): items[entry.path] = .file(Array(data))
            case .link(let target): items[entry.path] = .link(target)
            }
        }
        return items
    }

    private struct Unreadable: Error {
        var detail: String
    }
}
