import Foundation
import StrataModelTestSupport
import Testing

@Suite struct SourceCheckTests {
    /// A copy of a fixture the test may change, without caches from earlier runs, removed afterwards.
    private func copy(_ folder: String) throws -> String {
        let destination = try Fixtures.temporaryFolder("sources")
        try FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: folder, toPath: destination)
        try? FileManager.default.removeItem(atPath: destination + "/.build")
        return destination
    }

    @Test func badSourceFilesAreEachReportedOnceAndTheRestIsStillChecked() async throws {
        let folder = try copy(Fixtures.path("BadSources"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let network = folder + "/Sources/Network"
        // What cannot be committed: a huge file, a link loop, a broken link.
        try Data(repeating: UInt8(ascii: " "), count: 11 * 1024 * 1024).write(to: URL(fileURLWithPath: network + "/Huge.swift"))
        try FileManager.default.createSymbolicLink(atPath: network + "/Loop", withDestinationPath: network)
        try FileManager.default.createSymbolicLink(atPath: network + "/Gone.swift", withDestinationPath: network + "/Nowhere.swift")

        let result = try await StrataBinary.run(["check", "--no-cache"], in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains(": warning: [") }
        for (file, id) in [
            ("Binary.swift", "binary-source"), ("Empty.swift", "empty-source"), ("Latin1.swift", "invalid-utf8-source"),
            ("OpenComment.swift", "unterminated-construct"), ("OpenString.swift", "unterminated-construct"),
            ("Huge.swift", "large-source"), ("Loop", "symlink-loop"), ("Gone.swift", "unreadable-source"),
        ] {
            #expect(warnings.filter { $0.contains("Sources/Network/\(file):") && $0.contains("[\(id)]") }.count == 1, "\(file): \(result.stdout)")
        }
        #expect(warnings.count == 8)
        #expect(result.stdout.contains("Sources/Network/GroundLink.swift:1:8: error: [implicit-import]"))
    }

    @Test func theCommittedBadSourcesMatchTheirSnapshot() async throws {
        let result = try await StrataBinary.run(["check", "--no-cache"], in: Fixtures.path("BadSources"))
        try Snapshot.assertMatches(result.stdout, file: Fixtures.path("BadSources/expected.txt"))
    }

    @Test func aSecondRunTakesUnchangedFilesFromTheCache() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try await StrataBinary.run(["check", "--verbose"], in: folder)
        #expect(first.stderr.contains("4 source files: 0 from the cache, 4 scanned"))
        let second = try await StrataBinary.run(["check", "--verbose"], in: folder)
        #expect(second.stderr.contains("nothing changed since the last check; its findings were reused"))
        #expect(first.stdout == second.stdout)
        #expect(first.status == second.status)
        try "import Network\n\npublic struct SuitCheck { public init() {}; public func run() -> Bool { true } }\n"
            .write(toFile: folder + "/Sources/Suit/SuitCheck.swift", atomically: true, encoding: .utf8)
        let third = try await StrataBinary.run(["check", "--verbose"], in: folder)
        #expect(third.stderr.contains("4 source files: 3 from the cache, 1 scanned"))
        #expect(third.status == 0, "\(third.stdout)")
    }

    @Test func thePlatformDecidesWhichBranchesCount() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try
            "import Network\n#if os(macOS)\nimport Logging\n#endif\n\npublic struct SuitCheck { public init() {}; public func run() -> Bool { true } }\n"
            .write(toFile: folder + "/Sources/Suit/SuitCheck.swift", atomically: true, encoding: .utf8)
        #expect(try await StrataBinary.run(["check"], in: folder).status == 1)
        #expect(try await StrataBinary.run(["check", "--platform", "linux"], in: folder).status == 0)
        #expect(try await StrataBinary.run(["check", "--platform", "macos"], in: folder).status == 1)
        let bad = try await StrataBinary.run(["check", "--platform", "amiga"], in: folder)
        #expect(bad.status == 2)
    }

    @Test func aFlagCanBeMarkedUnsetSoItsBranchDoesNotCount() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "import Network\n#if DEBUG\nimport Logging\n#endif\n\npublic struct SuitCheck { public init() {}; public func run() -> Bool { true } }\n"
            .write(toFile: folder + "/Sources/Suit/SuitCheck.swift", atomically: true, encoding: .utf8)
        // By default DEBUG is unknown: both ways count, so the debug-only import is reported.
        #expect(try await StrataBinary.run(["check"], in: folder).status == 1)
        #expect(try await StrataBinary.run(["check", "--define", "DEBUG"], in: folder).status == 1)
        #expect(try await StrataBinary.run(["check", "--undefine", "DEBUG"], in: folder).status == 0)
        let both = try await StrataBinary.run(["check", "--define", "DEBUG", "--undefine", "DEBUG"], in: folder)
        #expect(both.status == 2)
        #expect(both.stderr.contains("'DEBUG' is given with both --define and --undefine"), "\(both.stderr)")
    }

    @Test func sourcesCanBeLeftOut() async throws {
        let result = try await StrataBinary.run(["check", "--no-sources"], in: Fixtures.violation("ImplicitImport"))
        #expect(result.status == 0)
    }

    @Test func theCheckCacheNoticesEveryKindOfChange() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ extra: [String] = []) async throws -> StrataBinary.Result {
            try await StrataBinary.run(["check", "--verbose"] + extra, in: folder)
        }
        func reused(_ result: StrataBinary.Result) -> Bool { result.stderr.contains("its findings were reused") }

        let first = try await run()
        #expect(!reused(first) && first.status == 1)
        #expect(reused(try await run()))
        // Other options give other findings.
        #expect(!reused(try await run(["--platform", "linux"])))
        // A new source file.
        try "import Network\n".write(toFile: folder + "/Sources/Suit/Extra.swift", atomically: true, encoding: .utf8)
        #expect(!reused(try await run()))
        #expect(reused(try await run()))
        // An edit: the check that follows uses the folders the cache lookup walked, and sees it.
        try "import Network\nimport Logging\n".write(toFile: folder + "/Sources/Suit/Extra.swift", atomically: true, encoding: .utf8)
        let edited = try await run()
        #expect(!reused(edited) && edited.stdout.contains("Extra.swift:2:8: error: [implicit-import]"), "\(edited.stdout)")
        // A removed one.
        try FileManager.default.removeItem(atPath: folder + "/Sources/Suit/Extra.swift")
        #expect(!reused(try await run()))
        // The manifest: fixing the violation there changes the outcome.
        let manifest = folder + "/strata.yml"
        let fixed = try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(
                of: "Suit: { layer: domain, dependencies: [Network]", with: "Suit: { layer: domain, dependencies: [Network, Logging]")
        try fixed.write(toFile: manifest, atomically: true, encoding: .utf8)
        let afterFix = try await run()
        #expect(!reused(afterFix) && afterFix.status == 0, "\(afterFix.stdout)")
        #expect(reused(try await run()))
        // --no-cache always checks afresh.
        #expect(!reused(try await run(["--no-cache"])))
    }

    @Test func aBaselineAppliesToReusedFindings() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try await StrataBinary.run(["check"], in: folder)
        let write = try await StrataBinary.run(["check", "--write-baseline", "b.json"], in: folder)
        #expect(write.status == 0)
        let accepted = try await StrataBinary.run(["check", "--baseline", "b.json", "--verbose"], in: folder)
        #expect(accepted.stderr.contains("its findings were reused"))
        #expect(accepted.status == 0)
        #expect(accepted.stdout.hasSuffix("no violations — 1 suppressed by baseline b.json\n"))
    }

    @Test func aCacheThatCannotBeWrittenIsReportedAndTheCheckStillCompletes() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A file where the cache folder should be.
        try FileManager.default.createDirectory(atPath: folder + "/.build", withIntermediateDirectories: true)
        try "not a folder".write(toFile: folder + "/.build/strata", atomically: true, encoding: .utf8)
        let uncached = try await StrataBinary.run(["check", "--no-cache"], in: folder)
        let result = try await StrataBinary.run(["check", "--verbose"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == uncached.stdout)
        #expect(result.stderr.contains("strata: the scan cache was not written: cannot write '\(folder)/.build/strata/scan-cache-v"))
        #expect(result.stderr.contains("': '\(folder)/.build/strata' exists and is not a folder\n"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder + "/.build/strata", encoding: .utf8) == "not a folder")
    }
}
