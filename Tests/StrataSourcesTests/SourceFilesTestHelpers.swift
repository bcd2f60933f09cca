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
