import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataWorkspace

/// The proof that `strata generate` has nothing to do, kept from the last run that found every
/// generated file up to date, so that a re-run over an unchanged workspace answers with one
/// `stat` per file instead of rendering thousands of files and comparing them with the disk
/// (at 5,000 modules that is half a second).
///
/// It is kept the way the graph is (`WorkspaceResultCache`: strata.yml's exact bytes and the
/// `strata` executable), and holds the stamps of everything else the run read: each generated
/// file and each place where one generated earlier may lie (and their folders: a killed run's
/// temporary files land there), the folders listed to find those places, strata.versions.yml;
/// and whether each target's source folder exists (the missing-sources warnings follow from it)
/// and where `.git` is above the workspace (CODEOWNERS paths start at the repository's root).
/// Any stamp that differs means a full run. A run whose files changed less than
/// `FileStamp.racyMargin` before it ended keeps nothing: a file edited again within the same
/// clock tick could keep its stamp.
public struct GenerateCache: Sendable {
    private let results: WorkspaceResultCache

    /// What the last run found, shown again.
    public struct Outcome: Sendable, Equatable {
        /// Every generated file, relative to the workspace root, all up to date.
        public var files: [String]
        public var warnings: [Diagnostic]
        /// The registry modules that come from their folders (local development).
        public var localModules: [String]
    }

    /// The cache for `loaded`; nil if the workspace does not qualify (see `WorkspaceResultCache`).
    public init?(_ loaded: LoadedWorkspace) {
        guard let results = WorkspaceResultCache(loaded, kind: "generated", format: 2, dependsOn: "generate") else { return nil }
        self.results = results
    }

    /// The last run's outcome, if nothing it read has changed since.
    public func lookup() -> Outcome? {
        guard let bytes = results.read(), let record = try? Record(bytes) else { return nil }
        let stampsHold = !ParallelMap.map(record.stamps) { FileStamp.of($0.path) == $0 }.contains(false)
        guard stampsHold, ParallelMap.map(record.presence, { Presence.of($0.path) == $0.presence }).allSatisfy({ $0 }) else {
            return nil
        }
        return record.outcome
    }

    /// Keeps `plan`'s outcome after it was applied (or found to change nothing), made with
    /// `localModules` from their folders; nothing if the plan still has changes, or if what it
    /// read changed too recently to be trusted later.
    public func store(_ plan: GenerationPlan, localModules: [String]) {
        guard plan.changes.isEmpty else { return }
        let root = plan.root
        let relative = Set(plan.unchanged + plan.candidates)
        var paths = Set(relative.map { root + "/" + $0 })
        paths.formUnion(paths.map { ($0 as NSString).deletingLastPathComponent })
        paths.formUnion(["Packages", "Sources", "Xcode", VersionRecord.fileName].map { root + "/" + $0 })
        let startedAt = FileStamp.now()
        let stamps = ParallelMap.map(paths.sorted(), FileStamp.of)
        guard stamps.allSatisfy({ $0.modified < startedAt - FileStamp.racyMargin }) else { return }
        // Presence rather than stamps: a source folder's time moves whenever a file is added to it,
        // and a `.git` folder's with every commit.
        let presence = ParallelMap.map(plan.sourceFolders + Self.repositoryMarkers(above: root)) { (path: $0, presence: Presence.of($0)) }
        let record = Record(
            stamps: stamps, presence: presence, outcome: Outcome(files: plan.unchanged.sorted(), warnings: plan.warnings, localModules: localModules))
        results.write(record.encoded())
    }

    /// `.git` in the workspace's folder and each one above, up to the first that has one: the
    /// nearest is the repository CODEOWNERS is written for (`CodeOwnersGenerator`).
    static func repositoryMarkers(above root: String) -> [String] {
        var markers: [String] = []
        var folder = PathResolution.standardize(root)
        while true {
            markers.append((folder == "/" ? "" : folder) + "/.git")
            if Presence.of(markers[markers.count - 1]) != .missing || folder == "/" { return markers }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Whether a path exists, and as what.
    enum Presence: UInt8 {
        case missing, folder, other

        static func of(_ path: String) -> Presence {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
            return isFolder.boolValue ? .folder : .other
        }
    }

    /// The kept form: stamps, paths with what each was, the files, the warnings.
    struct Record {
        var stamps: [FileStamp]
        var presence: [(path: String, presence: Presence)]
        var outcome: Outcome

        init(stamps: [FileStamp], presence: [(path: String, presence: Presence)], outcome: Outcome) {
            self.stamps = stamps
            self.presence = presence
            self.outcome = outcome
        }

        init(_ bytes: [UInt8]) throws {
            var reader = ByteReader(bytes)
            stamps = try reader.stampList()
            let presenceCount = try reader.varint()  // each takes bytes: a wrong count runs out of them
            presence = []
            for _ in 0..<presenceCount {
                let path = try reader.string()
                guard let kind = Presence(rawValue: try reader.u8()) else { throw CorruptData() }
                presence.append((path, kind))
            }
            let files = try reader.strings()
            let localModules = try reader.strings()
            let warnings = try reader.diagnostics()
            guard reader.isAtEnd else { throw CorruptData() }
            outcome = Outcome(files: files, warnings: warnings, localModules: localModules)
        }

        func encoded() -> [UInt8] {
            var writer = ByteWriter()
            writer.stampList(stamps)
            writer.varint(UInt64(presence.count))
            for entry in presence {
                writer.string(entry.path)
                writer.u8(entry.presence.rawValue)
            }
            writer.strings(outcome.files)
            writer.strings(outcome.localModules)
            writer.diagnostics(outcome.warnings)
            return writer.buffer
        }
    }
}

extension ByteWriter {
    fileprivate mutating func strings(_ values: [String]) {
        varint(UInt64(values.count))
        for value in values { string(value) }
    }
}

extension ByteReader {
    fileprivate mutating func strings() throws(CorruptData) -> [String] {
        let count = try varint()  // each takes bytes: a wrong count runs out of them
        var values: [String] = []
        for _ in 0..<count { values.append(try string()) }
        return values
    }
}
