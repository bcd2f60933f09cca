import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataRules
import StrataSources
import StrataToolchain
import StrataWorkspace

/// The findings of the last complete check, kept with a fingerprint of everything they were
/// computed from, so that a re-run over unchanged input answers without loading the manifest,
/// reading a file or running a rule.
///
/// The fingerprint covers the `strata` executable itself and the scanner's version, the options
/// that change findings, strata.yml and every Package.swift read (with the folders adopt mode
/// searched for packages), the environment variables those manifests read when SwiftPM
/// evaluated them (`PackageReadReport.environment`; a check is not kept when one reads
/// variables its text does not name), and the path, size, modification time and inode of every
/// source file of every target. Anything different — a file edited, added, removed or touched —
/// means a full check, which still reuses unchanged files' scans from the scan cache.
///
/// To find that out, a run stats the folders and files the last check walked (its
/// `SourceFileCollector.Snapshot`): a folder's time moves when an entry is added, removed or
/// renamed in it. Where that cannot be trusted (folders changed just before the walk) or shows
/// a change, the folders are walked again as the check would walk them.
struct CheckCache {
    /// What the findings depend on besides files: where the workspace is (a cache copied or
    /// moved with it describes another place), versions, options and the Swift toolchain
    /// (it evaluates manifests and decides which version-specific manifest is read).
    static func key(manifestPath: String, options: SourceOptions, packageReading: WorkspaceLoader.PackageReading) -> String {
        [
            "format=3", "manifest=\(manifestPath)", "executable=\(FileStamp.currentExecutable)",
            "scanner=\(ImportScanner.version)", "rules=\(RuleRegistry.all.map(\.id).joined(separator: ","))",
            "reading=\(packageReading.rawValue)", "sources=\(options.scan)", "platform=\(options.platform?.rawValue ?? "-")",
            "defines=\(options.defines.sorted().joined(separator: ","))", "undefines=\(options.undefines.sorted().joined(separator: ","))",
            "strict=\(options.strictImports)", "configuration=\(options.xcodeConfiguration)", "swift=\(SwiftToolchain.identity)",
        ].joined(separator: "|")
    }

    /// The file next to the scan cache: one for checks with sources and one for `--no-sources`,
    /// so that running both in turn does not make each miss the other's findings.
    static func path(root: String, sources: Bool) -> String {
        WorkspaceCacheFolder.path(forWorkspace: root) + "/check-cache" + (sources ? "" : "-no-sources")
    }

    struct Record {
        var key: String
        var stamps: [FileStamp]
        var environment: [EnvironmentVariable]
        var sources: [TargetSources]
        var fingerprint: SourceFileCollector.Fingerprint
        var snapshot: SourceFileCollector.Snapshot?
        var summary: WorkspaceSummary
        var findings: [Diagnostic]
        var warnings: [Diagnostic]
    }

    enum Lookup {
        /// Nothing changed: the stored findings stand. `proof` says how that was found.
        case hit(Record, proof: String)
        /// Something changed. The source folders walked to find out, by target, for the check to reuse.
        case miss(walked: [TargetSources: SourceFileCollector.Result])
    }

    /// The stored record, if its key matches and every input is as it was.
    static func lookup(root: String, sources: Bool, key: String) async -> Lookup {
        guard let bytes = FileContents.bytes(atPath: path(root: root, sources: sources)),
            let record = try? decode(bytes), record.key == key,
            record.stamps.allSatisfy({ FileStamp.of($0.path) == $0 }), record.environment.allSatisfy(\.holds)
        else { return .miss(walked: [:]) }
        // One `stat` per folder and file, where the last walks can be trusted for it.
        if let snapshot = record.snapshot, snapshot.isUnchanged() {
            return .hit(record, proof: "\(snapshot.folders.count) folders and \(snapshot.files.count) files as they were")
        }
        let walks = SourceFileCollector.collectAll(record.sources)
        guard SourceFileCollector.Fingerprint(walks) == record.fingerprint else {
            return .miss(walked: Dictionary(zip(record.sources, walks), uniquingKeysWith: { first, _ in first }))
        }
        // The same files, though the snapshot could not show it (a folder touched, a hidden
        // file added, walks too recent to trust): keep these walks' snapshot for next time.
        if let snapshot = SourceFileCollector.Snapshot(walks), snapshot != record.snapshot {
            var refreshed = record
            refreshed.snapshot = snapshot
            write(refreshed, to: path(root: root, sources: sources))
        }
        return .hit(record, proof: "the source folders walked again")
    }

    /// Stores the outcome of a complete check. `sources` are the targets whose files were
    /// scanned and `fingerprint` identifies those files as they were found (before they were
    /// read, so an edit made during the check makes the next run check again); `snapshot` is
    /// what those walks stat'ed, if it can be trusted.
    static func store(
        root: String, scanned: Bool, key: String, workspace: Workspace, packageReports: [PackageReadReport], inputs: [String],
        sources: [TargetSources],
        fingerprint: SourceFileCollector.Fingerprint, snapshot: SourceFileCollector.Snapshot?, summary: WorkspaceSummary,
        findings: [Diagnostic], warnings: [Diagnostic]
    ) {
        // What evaluating the manifests read of the environment: a check that read variables no
        // manifest's text names cannot tell when it is stale, so it is not kept.
        var environment: Set<EnvironmentVariable> = []
        for report in packageReports {
            guard let read = report.environment else { return }
            environment.formUnion(read)
        }
        // Each package's folder too: adding or removing a `Package@swift-….swift` there may
        // change which manifest SwiftPM reads.
        var stamped = [workspace.manifest.path] + packageReports.map(\.path) + packageReports.map { ($0.path as NSString).deletingLastPathComponent }
        stamped += Array(Set(inputs)).sorted()
        if let adopt = workspace.manifest.adopt {
            // Folders searched with a pattern: a package added or removed there changes them.
            for entry in adopt.packages where Glob.isPattern(entry.value) {
                let fixed = entry.value.split(separator: "/").prefix { !Glob.isPattern(String($0)) }.joined(separator: "/")
                stamped.append(fixed.isEmpty ? root : root + "/" + fixed)
            }
        }
        write(
            Record(
                key: key, stamps: stamped.map(FileStamp.of), environment: environment.sorted { $0.name < $1.name }, sources: sources,
                fingerprint: fingerprint, snapshot: snapshot,
                summary: summary, findings: findings, warnings: warnings),
            to: path(root: root, sources: scanned))
    }

    /// Failing to write is not an error: the cache only saves time.
    private static func write(_ record: Record, to path: String) {
        guard let bytes = try? encode(record) else { return }
        try? AtomicFileWriter.write(Data(bytes), to: path, creatingFolder: true)
    }

    // MARK: - Format

    /// The format's name and version: a cache of another version is not read.
    static let magic = Array("STRATACK8".utf8)

    static func encode(_ record: Record) throws -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes(magic)
        writer.string(record.key)
        writer.u32(UInt32(record.stamps.count))
        for stamp in record.stamps { writer.stamp(stamp) }
        writer.u32(UInt32(record.environment.count))
        for variable in record.environment {
            writer.string(variable.name)
            writer.u8(variable.value == nil ? 0 : 1)
            writer.string(variable.value ?? "")
        }
        writer.u32(UInt32(record.sources.count))
        for sources in record.sources {
            writer.string(sources.directory)
            writer.u32(sources.only.map { UInt32($0.count) } ?? UInt32.max)
            for path in sources.only ?? [] { writer.string(path) }
            writer.u32(UInt32(sources.excluded.count))
            for path in sources.excluded { writer.string(path) }
            writer.string(sources.boundary ?? "")
            writer.u32(UInt32(sources.opaqueFolders.rawValue))
            writer.u32(UInt32(sources.filters.count))
            for filter in sources.filters {
                writer.string(filter.root)
                for patterns in [filter.includes, filter.excludes] {
                    writer.u32(UInt32(patterns.count))
                    for pattern in patterns { writer.string(pattern) }
                }
            }
        }
        writer.u32(UInt32(record.fingerprint.files))
        writer.u64(record.fingerprint.hash)
        writer.u8(record.snapshot == nil ? 0 : 1)
        if let snapshot = record.snapshot {
            writer.stampList(snapshot.folders)
            writer.stampList(snapshot.files)
        }
        writer.string(record.summary.name)
        writer.u32(UInt32(record.summary.targets))
        writer.u32(UInt32(record.summary.dependencies))
        writer.u32(UInt32(record.summary.layers))
        writer.u32(UInt32(record.summary.targetNames.count))
        for name in record.summary.targetNames { writer.string(name) }
        writer.diagnostics(record.findings)
        writer.diagnostics(record.warnings)
        return writer.buffer
    }

    static func decode(_ bytes: [UInt8]) throws -> Record {
        var reader = ByteReader(bytes)
        guard try reader.bytes(magic.count) == magic else { throw CorruptData() }
        let key = try reader.string()
        var stamps: [FileStamp] = []
        for _ in 0..<(try reader.u32()) {
            stamps.append(try reader.stamp())
        }
        var environment: [EnvironmentVariable] = []
        for _ in 0..<(try reader.u32()) {
            let name = try reader.string()
            let isSet = try reader.u8()
            let value = try reader.string()
            guard isSet <= 1 else { throw CorruptData() }
            environment.append(EnvironmentVariable(name: name, value: isSet == 1 ? value : nil))
        }
        var sources: [TargetSources] = []
        for _ in 0..<(try reader.u32()) {
            let directory = try reader.string()
            let onlyCount = try reader.u32()
            var only: [String]?
            if onlyCount != UInt32.max {
                only = []
                for _ in 0..<onlyCount { only!.append(try reader.string()) }
            }
            var excluded: [String] = []
            for _ in 0..<(try reader.u32()) { excluded.append(try reader.string()) }
            let boundary = try reader.string()
            guard let raw = UInt8(exactly: try reader.u32()), let opaque = TargetSources.OpaqueFolders(rawValue: raw) else { throw CorruptData() }
            var filters: [SourceFilter] = []
            for _ in 0..<(try reader.u32()) {
                let root = try reader.string()
                var lists: [[String]] = [[], []]
                for list in lists.indices {
                    for _ in 0..<(try reader.u32()) { lists[list].append(try reader.string()) }
                }
                filters.append(SourceFilter(root: root, includes: lists[0], excludes: lists[1]))
            }
            sources.append(
                TargetSources(
                    directory: directory, only: only, excluded: excluded, boundary: boundary.isEmpty ? nil : boundary, opaqueFolders: opaque,
                    filters: filters))
        }
        let fingerprint = SourceFileCollector.Fingerprint(files: Int(try reader.u32()), hash: try reader.u64())
        var snapshot: SourceFileCollector.Snapshot?
        switch try reader.u8() {
        case 0: break
        case 1: snapshot = SourceFileCollector.Snapshot(folders: try reader.stampList(), files: try reader.stampList())
        default: throw CorruptData()
        }
        var summary = WorkspaceSummary(
            name: try reader.string(), targets: Int(try reader.u32()), dependencies: Int(try reader.u32()), layers: Int(try reader.u32()))
        for _ in 0..<(try reader.u32()) { summary.targetNames.append(try reader.string()) }
        let findings = try reader.diagnostics()
        let warnings = try reader.diagnostics()
        guard reader.isAtEnd else { throw CorruptData() }
        return Record(
            key: key, stamps: stamps, environment: environment, sources: sources, fingerprint: fingerprint, snapshot: snapshot, summary: summary,
            findings: findings, warnings: warnings)
    }
}
