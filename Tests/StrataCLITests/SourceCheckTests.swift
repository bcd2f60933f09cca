import Foundation
import StrataWorkspaceTestSupport
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
            ("Huge.swift", "large-source"), ("Loop", "symlink-loop"), ("Gone.swift", "broken-symlink"),
        ] {
            #expect(warnings.filter { $0.contains("Sources/Network/\(file):") && $0.contains("[\(id)]") }.count == 1, "\(file): \(result.stdout)")
        }
        #expect(warnings.count == 8)
        #expect(result.stdout.contains("Sources/Network/GroundLink.swift:1:8: error: [implicit-import]"))
    }

    /// A source folder the user may not read hides its imports: the check stops on it (exit 2)
    /// rather than pass on what it never saw, unless told to skip it. As root, permissions do
    /// not bite, so the check runs as 'nobody' in a copy nobody owns (setpriv, util-linux).
    @Test func anUnreadableSourceFolderStopsTheCheckUnlessSkipped() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let user = getuid() == 0 ? "chown -R 65534:65534 . && setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let strata = "'\(StrataBinary.path)' check --no-cache"
        let clean = try await StrataBinary.run([], in: folder, shell: "\(user)\(strata)")
        #expect(clean.status == 1 && clean.stdout.contains("[implicit-import]"), "\(clean.stdout)")
        for unreadable in ["Sources", "Sources/Suit"] {
            let stopped = try await StrataBinary.run(
                [], in: folder, shell: "chmod 000 \(unreadable) && \(user)\(strata); status=$?; chmod 755 \(unreadable); exit $status")
            #expect(stopped.status == 2, "\(unreadable): \(stopped.stdout)")
            #expect(stopped.stdout.contains("Sources/Suit:1:1: error: [unreadable-source] cannot read"), "\(unreadable): \(stopped.stdout)")
            #expect(stopped.stdout.contains("Permission denied"), "\(unreadable): \(stopped.stdout)")
            let skipped = try await StrataBinary.run(
                [], in: folder,
                shell: "chmod 000 \(unreadable) && \(user)\(strata) --skip-unreadable; status=$?; chmod 755 \(unreadable); exit $status")
            #expect(skipped.status != 2 && skipped.stdout.contains(": warning: [unreadable-source]"), "\(unreadable): \(skipped.stdout)")
        }
    }

    /// In adopt mode a package folder the user may not read was dropped in silence, with its
    /// targets and their findings; now it stops the check at the pattern that looks there.
    @Test func anUnreadablePackageFolderStopsAnAdoptModeCheck() async throws {
        let folder = try copy(Fixtures.path("Adopt/LocalPackages"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let user = getuid() == 0 ? "chown -R 65534:65534 . && setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        for (unreadable, shown) in [("Packages/Network", "'Packages/Network'"), ("Packages", "'Packages'")] {
            let run = try await StrataBinary.run(
                [], in: folder,
                shell: "chmod 000 \(unreadable) && \(user)'\(StrataBinary.path)' check --no-cache; status=$?; chmod 755 \(unreadable); exit $status")
            #expect(run.status == 2, "\(unreadable): \(run.stdout)")
            #expect(
                run.stdout.contains("error: [unreadable-file] cannot read \(shown), where 'adopt.packages' looks for packages: Permission denied"),
                "\(run.stdout)")
        }
        let readable = try await StrataBinary.run([], in: folder, shell: "\(user)'\(StrataBinary.path)' check --no-cache")
        #expect(readable.status == 0, "\(readable.stdout)")
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

    /// Rule `tracked-secrets`, with git's index as part of what the check cache depends on:
    /// `git add -f` and `git rm --cached` change no source, yet change the finding.
    @Test func anExportedSecretsFileGitTracksIsReportedUntilItIsRemovedFromTheIndex() async throws {
        let iss = try Fixtures.copyOfISS("tracked-secrets")
        defer { Fixtures.removeCopy(ofISS: iss) }
        func git(_ arguments: String...) async throws {
            let result = try await StrataBinary.run([], in: iss, shell: "git " + arguments.joined(separator: " "))
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try await git("init", "--quiet")
        try "Secrets.swift\n".write(toFile: iss + "/.gitignore", atomically: true, encoding: .utf8)
        let exported = "Sources/Network/Secrets.swift"
        try "// Generated by 'strata secrets export'. Do not edit, and do not commit it: git must ignore it.\nenum Secrets {}\n"
            .write(toFile: iss + "/" + exported, atomically: true, encoding: .utf8)

        let ignored = try await StrataBinary.run(["check"], in: iss)
        #expect(ignored.status == 0 && !ignored.stdout.contains("tracked-secrets"), "\(ignored.stdout)")
        try await git("add", "--force", exported)
        let tracked = try await StrataBinary.run(["check"], in: iss)
        #expect(tracked.status == 1, "\(tracked.stdout)")
        #expect(tracked.stdout.contains("\(exported):1:1: error: [tracked-secrets] git tracks '\(exported)' of 'Network'"), "\(tracked.stdout)")
        #expect(tracked.stdout.contains("git rm --cached \(exported)"))
        try await git("rm", "--cached", "--quiet", exported)
        let untracked = try await StrataBinary.run(["check", "--verbose"], in: iss)
        #expect(untracked.status == 0 && !untracked.stdout.contains("tracked-secrets"), "\(untracked.stdout)")
        #expect(!untracked.stderr.contains("nothing changed since the last check"))
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

    /// A workspace left alone for a while is proved unchanged by stat'ing the folders and files
    /// the last check walked; any change still means a check.
    @Test func aWorkspaceLeftAloneIsProvedUnchangedWithoutWalkingIt() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The folders' times only: a file's is part of what the last check saw. An hour ago is
        // "left alone"; an hour ahead is "just changed" however long a loaded machine takes
        // between two runs (the margin is seconds).
        func backdate() throws { try stampFolders(Date(timeIntervalSinceNow: -3_600)) }
        func justChanged() throws { try stampFolders(Date(timeIntervalSinceNow: 3_600)) }
        func stampFolders(_ date: Date) throws {
            for relative in try FileManager.default.subpathsOfDirectory(atPath: folder + "/Sources") + ["."] {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/Sources/" + relative, isDirectory: &isFolder), isFolder.boolValue
                else { continue }
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder + "/Sources/" + relative)
            }
        }
        func run() async throws -> String {
            let result = try await StrataBinary.run(["check", "--verbose"], in: folder)
            #expect(result.status == 1, "\(result.stdout)")
            if let line = result.stderr.split(separator: "\n").first(where: { $0.contains("reuse the last check") }) {
                return line.contains("walked again") ? "walked" : "stat'ed"
            }
            return "checked"
        }
        try backdate()
        #expect(try await run() == "checked")
        #expect(try await run() == "stat'ed")
        // A file added in a subfolder: its folder's time moves.
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Suit/Deep", withIntermediateDirectories: true)
        try "import Network\n".write(toFile: folder + "/Sources/Suit/Deep/Extra.swift", atomically: false, encoding: .utf8)
        try justChanged()
        #expect(try await run() == "checked")
        // Just changed: walked until the folders have been left alone for a while.
        #expect(try await run() == "walked")
        try backdate()
        #expect(try await run() == "walked")
        #expect(try await run() == "stat'ed")
        // An edit in place changes only the file.
        try "import Network\nimport Logging\n".write(toFile: folder + "/Sources/Suit/Deep/Extra.swift", atomically: false, encoding: .utf8)
        let edited = try await StrataBinary.run(["check"], in: folder)
        #expect(edited.stdout.contains("Extra.swift:2:8: error: [implicit-import]"), "\(edited.stdout)")
        // Removed, after the folders were left alone again.
        try backdate()
        #expect(try await run() == "walked")
        #expect(try await run() == "stat'ed")
        try FileManager.default.removeItem(atPath: folder + "/Sources/Suit/Deep/Extra.swift")
        let removed = try await StrataBinary.run(["check"], in: folder)
        #expect(!removed.stdout.contains("Extra.swift"), "\(removed.stdout)")
    }

    /// A check with sources and one without keep their findings apart: run in turn, each reuses its own.
    @Test func checksWithAndWithoutSourcesInTurnBothReuseTheirFindings() async throws {
        let folder = try copy(Fixtures.violation("ImplicitImport"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ extra: [String]) async throws -> (reused: Bool, status: Int32) {
            let result = try await StrataBinary.run(["check", "--verbose"] + extra, in: folder)
            return (result.stderr.contains("its findings were reused"), result.status)
        }
        #expect(try await run([]) == (false, 1))
        #expect(try await run(["--no-sources"]) == (false, 0))  // implicit-import needs the sources
        #expect(try await run([]) == (true, 1))
        #expect(try await run(["--no-sources"]) == (true, 0))
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
