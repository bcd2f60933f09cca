import Foundation
public import StrataDiagnostics
import StrataLexer

/// Reads Package.swift files: statically where the static reader is certain, otherwise (or
/// when asked) with `swift package dump-package`.
public enum PackageManifestReader {
    /// The static reader's answer: the manifest, or why it is unsure.
    public enum StaticResult: Sendable {
        case read(PackageManifest)
        case uncertain(reason: String, location: SourceLocation?)
    }

    /// Reads `path` (an absolute Package.swift path) without running the compiler.
    public static func readStatically(path: String) throws(InputErrors) -> StaticResult {
        let bytes = try contents(of: path)
        return readStatically(path: path, bytes: bytes)
    }

    /// Reads manifest bytes without running the compiler; `path` is used for locations.
    public static func readStatically(path: String, bytes: [UInt8]) -> StaticResult {
        var reader = StaticPackageReader(path: path, bytes: bytes)
        do {
            return .read(try reader.read())
        } catch {
            let location = error.offset.map { offset -> SourceLocation in
                let (line, column) = reader.source.lineAndColumn(of: offset)
                return SourceLocation(path: path, line: line, column: column)
            }
            return .uncertain(reason: error.reason, location: location)
        }
    }

    /// Reads `path` with `swift package dump-package`.
    public static func readWithDumpPackage(path: String) async throws(InputErrors) -> PackageManifest {
        _ = try contents(of: path)
        return try await DumpPackageReader.read(path: path)
    }

    /// Reads `path` from `files` the way `reading` says, reporting which way was used and why.
    public static func read(
        path: String, reading: WorkspaceLoader.PackageReading, files: any WorkspaceFiles = LocalFiles()
    ) async throws(InputErrors) -> (PackageManifest, PackageReadReport) {
        let bytes = try contents(of: path, in: files)
        if reading == .automatic {
            switch readStatically(path: path, bytes: bytes) {
            case .read(let manifest):
                return (manifest, PackageReadReport(path: path, method: .static, reason: nil))
            case .uncertain(let reason, let location):
                let place = location.map { " (line \($0.line))" } ?? ""
                let manifest = try await files.evaluatePackage(at: path)
                return (manifest, PackageReadReport(path: path, method: .dumpPackage, reason: reason + place))
            }
        }
        let manifest = try await files.evaluatePackage(at: path)
        return (manifest, PackageReadReport(path: path, method: .dumpPackage, reason: "dump-package was requested"))
    }

    private static func contents(of path: String, in files: any WorkspaceFiles = LocalFiles()) throws(InputErrors) -> [UInt8] {
        guard let data = files.contents(of: path) else {
            throw InputErrors(
                .inputError(
                    "missing-package", "cannot read '\(path)'", at: nil, hint: "check that the Package.swift exists and is readable"))
        }
        return data
    }
}
