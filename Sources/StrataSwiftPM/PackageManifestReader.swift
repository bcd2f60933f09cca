import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataLexer
import StrataManifest
public import StrataProjectFormat
public import StrataSources

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

    /// Reads manifest bytes without running the compiler; `path` is used for locations. `#if`
    /// in the manifest is decided for `host`, the machine it is compiled on (this one by default).
    public static func readStatically(path: String, bytes: [UInt8], host: Platform? = ManifestConditions.thisHost) -> StaticResult {
        readStatically(path: path, bytes: bytes, host: host).result
    }

    private static func readStatically(
        path: String, bytes: [UInt8], host: Platform?
    ) -> (result: StaticResult, hostConditions: [ManifestConditions.HostCondition]) {
        var reader = StaticPackageReader(path: path, bytes: bytes, host: host)
        let result = readStatically(&reader, path: path)
        return (result, reader.hostConditions)
    }

    private static func readStatically(_ reader: inout StaticPackageReader, path: String) -> StaticResult {
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
    /// `host` is the machine the manifest is taken to be compiled on: the static reader decides
    /// its `#if`s for it; dump-package can only evaluate it on this machine. `external`: the
    /// package is outside the workspace. `log` records the read, or the way it failed.
    public static func read(
        path: String, reading: PackageReading, files: any WorkspaceFiles = LocalFiles(),
        host: Platform? = ManifestConditions.thisHost, external: Bool = false, log: PackageReadLog? = nil
    ) async throws(InputErrors) -> (PackageManifest, PackageReadReport) {
        let bytes = try contents(of: path, in: files)
        let (planned, staticManifest) = plan(path: path, bytes: bytes, reading: reading, host: host)
        var report = planned
        report.isExternal = external
        if let staticManifest {
            log?.record(report)
            return (staticManifest, report)
        }
        do throws(InputErrors) {
            let manifest: PackageManifest
            if let evaluating = files as? any PackageEvaluating {
                manifest = try await evaluating.evaluatePackage(at: path)
            } else {
                manifest = try await DumpPackageReader.read(path: path)
            }
            log?.record(report)
            return (manifest, report)
        } catch {
            report.failed = true
            log?.record(report)
            throw error
        }
    }

    /// How `path` is read: statically (with the manifest read) when `reading` allows it and the
    /// static reader is certain, else with dump-package, saying why.
    private static func plan(
        path: String, bytes: [UInt8], reading: PackageReading, host: Platform?
    ) -> (PackageReadReport, PackageManifest?) {
        guard reading == .automatic else { return (evaluatedReport(path: path, bytes: bytes, reason: "dump-package was requested"), nil) }
        let (result, conditions) = readStatically(path: path, bytes: bytes, host: host)
        switch result {
        case .read(let manifest):
            var report = PackageReadReport(path: path, method: .static, reason: nil)
            report.host = host
            report.hostConditions = conditions.map { condition(path: path, bytes: bytes, $0) }
            report.environment = ManifestEnvironment.current(bytes)
            return (report, manifest)
        case .uncertain(let reason, let location):
            let place = location.map { " (line \($0.line))" } ?? ""
            return (evaluatedReport(path: path, bytes: bytes, reason: reason + place), nil)
        }
    }

    /// dump-package evaluated the manifest on this machine.
    private static func evaluatedReport(path: String, bytes: [UInt8], reason: String) -> PackageReadReport {
        var report = PackageReadReport(path: path, method: .dumpPackage, reason: reason)
        report.host = ManifestConditions.thisHost
        report.hostConditions = ManifestConditions.hostConditions(in: bytes).map { condition(path: path, bytes: bytes, $0) }
        report.environment = ManifestEnvironment.current(bytes)
        return report
    }

    private static func condition(path: String, bytes: [UInt8], _ condition: ManifestConditions.HostCondition) -> Located<String> {
        let (line, column) = SourceText(bytes: bytes).lineAndColumn(of: condition.offset)
        return Located(condition.text, at: SourceLocation(path: path, line: line, column: column))
    }

    private static func contents(of path: String, in files: any WorkspaceFiles = LocalFiles()) throws(InputErrors) -> [UInt8] {
        switch files.read(path) {
        case .success(let data): return data
        case .failure(.missing):
            throw InputErrors(
                .inputError("missing-package", "cannot read '\(path)': it does not exist", at: nil, hint: "check that the Package.swift exists"))
        case .failure(let failure):
            throw InputErrors(InputFile.problem(path, failure))
        }
    }
}

/// Files that evaluate a Package.swift their own way when the static reader is not certain of
/// it: a revision that is not checked out writes the package out first. Other files are on
/// disk, and a manifest is evaluated where it is.
public protocol PackageEvaluating: WorkspaceFiles {
    func evaluatePackage(at path: String) async throws(InputErrors) -> PackageManifest
}
