import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata mv module` killed at random moments: after the next run (any run: here `strata
/// check`), the tree is the one before the rename or the one after it, byte for byte, never a
/// mixture, with no temporary file or journal left behind.
@Suite(.serialized) struct InterruptedRenameTests {
    static let modules = 200
    /// Files in the renamed module's folders, so that the move has something to take time over.
    static let movedFiles = 150

    /// A generate-mode workspace where `Relay` has an interface and mocks, holds many files, and
    /// every other module's source imports it.
    static func workspace() throws -> String {
        let root = try Fixtures.temporaryFolder("strata-killed-rename")
        var manifest = """
            name: Killed
            layers: [feature, core]
            naming: { interface: "{module}Interface", mocks: "{module}Mocks", tests: "{module}Tests" }
            modules:
              Relay: { layer: core, interface: true, mocks: true }

            """
        for index in 1..<modules {
            let name = String(format: "Feature%04d", index)
            manifest += "  \(name): { layer: feature, dependencies: [RelayInterface] }\n"
            try write(
                "import RelayInterface\nimport Foundation\n\npublic struct \(name) { public init() {} }\n",
                to: root + "/Sources/\(name)/\(name).swift")
        }
        try write(manifest, to: root + "/strata.yml")
        for index in 0..<movedFiles {
            try write("import RelayInterface\n\nstruct Part\(index) { let value = \(index) }\n", to: root + "/Sources/Relay/Part\(index).swift")
        }
        try write("public protocol Relaying {}\n", to: root + "/Sources/RelayInterface/Relaying.swift")
        try write("import RelayInterface\npublic struct MockRelay: Relaying {}\n", to: root + "/Sources/RelayMocks/MockRelay.swift")
        try write("import Testing\n@testable import Relay\n@Test func part() {}\n", to: root + "/Tests/RelayTests/RelayTests.swift")
        return root
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Every file under `root` but Strata's caches in .build and temporary files, with its bytes.
    static func tree(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        where !path.hasPrefix(".build") && !TemporaryFileName.matches(path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = FileManager.default.contents(atPath: root + "/" + path) ?? Data("<unreadable>".utf8)
        }
        return files
    }

    static func leftovers(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
            !$0.hasPrefix(".build") && (TemporaryFileName.matches($0) || $0.hasPrefix(".strata"))
        }
    }

    /// Waits until the run writes its journal (or ends), polling; false if it never did.
    static func waitForJournal(in root: String, of run: RunningStrata) async -> Bool {
        let journal = root + "/.strata/transaction.json"
        var info = stat()
        for _ in 0..<200_000 {
            if lstat(journal, &info) == 0 { return true }
            if !run.process.isRunning { return false }
            try? await Task.sleep(for: .microseconds(100))
        }
        return false
    }

    @Test func aRenameKilledAnywhereIsWholeOrUndoneAfterTheNextRun() async throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let generated = try await RunningStrata.run(["generate", "--quiet"], in: root)
        #expect(generated.ending == .exited(0), "\(generated.stderr)")

        // The two trees, written by runs left alone: each rename takes the other back byte for byte.
        let old = Self.tree(root)
        var longest = Duration.zero
        let start = ContinuousClock.now
        let forward = try await RunningStrata.run(["mv", "module", "Relay", "Radar"], in: root)
        longest = ContinuousClock.now - start
        #expect(forward.ending == .exited(0), "\(forward.stderr)")
        let new = Self.tree(root)
        let moved = new.keys.contains("Sources/Radar/Part0.swift") && !new.keys.contains("Sources/Relay/Part0.swift")
        #expect(moved)
        #expect(
            new["Sources/Feature0001/Feature0001.swift"].map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("import RadarInterface\n") == true)
        let back = try await RunningStrata.run(["mv", "module", "Radar", "Relay"], in: root)
        #expect(back.ending == .exited(0), "\(back.stderr)")
        let restored = Self.tree(root) == old
        try #require(restored, "renaming back does not restore the tree: \(Self.difference(Self.tree(root), old, old))")

        var generator = SystemRandomNumberGenerator()
        var killed = (anywhere: 0, whileWriting: 0)
        var finishedByNext = 0
        for round in 0..<20 {
            let isOld = Self.tree(root) == old
            let arguments = isOld ? ["mv", "module", "Relay", "Radar"] : ["mv", "module", "Radar", "Relay"]
            let run = try await RunningStrata(arguments, in: root)
            if round % 2 == 0 {
                // Anywhere in a whole run's time.
                let milliseconds = Int(longest.components.seconds * 1000 + longest.components.attoseconds / 1_000_000_000_000_000)
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...max(milliseconds, 10), using: &generator)))
            } else if await Self.waitForJournal(in: root, of: run) {
                // While it stages or commits: a few milliseconds after its journal appears.
                try await Task.sleep(for: .microseconds(Int.random(in: 0...30_000, using: &generator)))
            }
            if run.process.isRunning {
                kill(run.pid, SIGKILL)
                if round % 2 == 0 { killed.anywhere += 1 } else { killed.whileWriting += 1 }
            }
            _ = await run.wait(at: .seconds(60))

            let next = try await RunningStrata.run(["check"], in: root)
            if (next.stdout + next.stderr).contains("[interrupted-change-finished]") { finishedByNext += 1 }
            #expect(next.ending == .exited(0) || next.ending == .exited(1), "round \(round): \(next.stderr)\(next.stdout)")
            let tree = Self.tree(root)
            let whole = tree == old || tree == new
            #expect(whole, "round \(round): the tree is neither before nor after the rename: \(Self.difference(tree, old, new))")
            #expect(Self.leftovers(root).isEmpty, "round \(round): left behind: \(Self.leftovers(root).prefix(5))")
        }
        // Under a loaded test run a sleep may outlast a whole rename, so the random kills may all
        // come too late; the kills timed by the journal still land while it writes.
        #expect(finishedByNext > 0, "kills: \(killed), \(finishedByNext) left a journal; the timing no longer exercises them")

        // And the workspace goes on working.
        let last = try await RunningStrata.run(
            Self.tree(root) == old ? ["mv", "module", "Relay", "Radar"] : ["mv", "module", "Radar", "Relay"], in: root)
        #expect(last.ending == .exited(0), "\(last.stderr)")
        #expect(Self.leftovers(root).isEmpty, "left behind: \(Self.leftovers(root).prefix(5))")
    }

    /// The paths in which `tree` differs from the nearer of `old` and `new`, a few of them.
    static func difference(_ tree: [String: Data], _ old: [String: Data], _ new: [String: Data]) -> String {
        func differing(_ other: [String: Data]) -> [String] {
            Set(tree.keys).union(other.keys).filter { tree[$0] != other[$0] }.sorted()
        }
        let fromOld = differing(old), fromNew = differing(new)
        let nearer = fromOld.count <= fromNew.count ? ("old", fromOld) : ("new", fromNew)
        return "\(nearer.1.count) paths differ from the \(nearer.0) tree, e.g. \(nearer.1.prefix(5))"
    }
}
