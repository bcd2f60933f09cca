import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataSources
import Testing

@testable import StrataCheck
@testable import StrataProjectFormat

/// The check cache's file format on its own: what is stored is what is read back, and a file
/// that is cut short, from another format or changed in any byte is refused (never a crash,
/// never findings it did not store).
struct CheckCacheTests {
    static let record = CheckCache.Record(
        key: "format=2|manifest=/w/strata.yml|strict=false",
        stamps: [FileStamp(path: "/w/strata.yml", size: 120, modified: 1_700_000_000_123, inode: 42), FileStamp(path: "/w/Package.swift", size: -1, modified: 0, inode: 0)],
        environment: [EnvironmentVariable(name: "CI", value: "true"), EnvironmentVariable(name: "EMPTY", value: ""), EnvironmentVariable(name: "UNSET", value: nil)],
        sources: [
            TargetSources(directory: "/w/Sources/A"),
            TargetSources(
                directory: "/w/Sources/B", only: ["/w/Sources/B/One.swift", "/w/Sources/B/Two"], excluded: ["/w/Sources/B/Two/Old.swift"],
                boundary: "/w", opaqueFolders: .none,
                filters: [SourceFilter(root: "/w/Sources/B/Two", includes: ["*.swift"], excludes: ["Generated/**"])]),
        ],
        fingerprint: SourceFileCollector.Fingerprint(files: 3, hash: 0xDEAD_BEEF_0123_4567),
        snapshot: SourceFileCollector.Snapshot(
            folders: [FileStamp(path: "/w/Sources/A", size: 4096, modified: 5, inode: 7)],
            files: [FileStamp(path: "/w/Sources/A/A.swift", size: 12, modified: 6, inode: 8)]),
        summary: WorkspaceSummary(name: "W", targets: 2, dependencies: 1, layers: 2, targetNames: ["A", "B"]),
        findings: [
            Diagnostic(
                id: "implicit-import", severity: .error, message: "'A' imports 'B', which is not one of its declared dependencies",
                location: SourceLocation(path: "/w/Sources/A/A.swift", line: 3, column: 8),
                notes: [DiagnosticNote("declared here", at: SourceLocation(path: "/w/strata.yml", line: 9, column: 5))],
                hint: "add 'B' to the dependencies of 'A' in strata.yml", subject: DiagnosticSubject(source: "A", target: "B"))
        ],
        warnings: [Diagnostic(id: "unreadable-source", severity: .warning, message: "cannot read it")])

    static func same(_ a: CheckCache.Record, _ b: CheckCache.Record) -> Bool {
        a.key == b.key && a.stamps == b.stamps && a.environment == b.environment && a.sources == b.sources && a.fingerprint == b.fingerprint && a.snapshot == b.snapshot
            && a.summary == b.summary && a.findings == b.findings && a.warnings == b.warnings
    }

    @Test func aRecordIsReadBackAsItWasStored() throws {
        let decoded = try CheckCache.decode(try CheckCache.encode(Self.record))
        #expect(Self.same(decoded, Self.record))
        var withoutSnapshot = Self.record
        withoutSnapshot.snapshot = nil
        withoutSnapshot.findings = []
        #expect(Self.same(try CheckCache.decode(try CheckCache.encode(withoutSnapshot)), withoutSnapshot))
    }

    @Test func aFileCutShortOrOfAnotherFormatIsRefused() throws {
        let bytes = try CheckCache.encode(Self.record)
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self, "cut at \(length)") { try CheckCache.decode(Array(bytes.prefix(length))) }
        }
        #expect(throws: (any Error).self) { try CheckCache.decode(bytes + [0]) }
        var older = bytes
        older[CheckCache.magic.count - 1] &-= 1
        #expect(throws: (any Error).self) { try CheckCache.decode(older) }
    }

    /// Any one byte changed: refused, or read as a record that differs from the stored one (a
    /// changed key or stamp then makes the lookup a miss). Never a crash.
    @Test func noChangedByteCrashesTheReader() throws {
        let bytes = try CheckCache.encode(Self.record)
        for index in CheckCache.magic.count..<bytes.count {
            var changed = bytes
            changed[index] ^= 0xFF
            if let decoded = try? CheckCache.decode(changed) {
                #expect(!Self.same(decoded, Self.record), "byte \(index)")
            }
        }
    }

    /// Everything the findings depend on besides files is in the key.
    @Test func theKeyNamesEveryOptionThatChangesFindings() {
        let base = CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(), packageReading: .automatic)
        let others = [
            CheckCache.key(manifestPath: "/v/strata.yml", options: SourceOptions(), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(scan: false), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(platform: .linux), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(defines: ["DEBUG"]), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(undefines: ["DEBUG"]), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(strictImports: true), packageReading: .automatic),
            CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(), packageReading: .dumpPackage),
        ]
        #expect(Set(others + [base]).count == others.count + 1)
        #expect(base == CheckCache.key(manifestPath: "/w/strata.yml", options: SourceOptions(), packageReading: .automatic))
    }
}
