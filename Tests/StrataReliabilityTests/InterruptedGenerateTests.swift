import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata generate` killed at random moments over 1,000 modules: every file it owns is always
/// whole (the old version or the new one), and the next run finishes the job and leaves no
/// temporary file behind.
@Suite(.serialized) struct InterruptedGenerateTests {
    /// Two versions of the same workspace whose every Package.swift differs (its tools version).
    static func manifest(_ base: String, toolsVersion: String) -> String {
        base.replacingOccurrences(of: "\nmodules:\n", with: "\ngenerate: { layout: packages, tools-version: \"\(toolsVersion)\" }\nmodules:\n")
    }

    /// Every file under `root` that `strata generate` writes, with its contents: all but
    /// strata.yml, the synthetic workspace's .gitignore, Strata's caches in .build and the
    /// journal of a killed run in .strata.
    static func generatedFiles(_ root: String) -> [String: String] {
        var files: [String: String] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        where path != "strata.yml" && path != ".gitignore" && !path.hasPrefix(".build/") && !path.hasPrefix(".strata/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? "<unreadable>"
        }
        return files
    }

    static func temporaryFiles(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
            let name = ($0 as NSString).lastPathComponent
            return name.hasPrefix(".") && name.contains(".strata-") && name.hasSuffix(".tmp")
        }
    }

    /// 1,000 modules and 16 kills: on CI's busy machine each run takes tens of seconds, and
    /// 2,000 modules with 24 kills made this the test run's longest test by 7 minutes.
    @Test func killedRunsLeaveEveryFileWholeAndTheNextRunCleansUp() async throws {
        let root = try Fixtures.temporaryFolder("strata-killed-generate")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let synthesize = try await RunningStrata.run(["synthesize", "--modules", "1000", "--output", root], in: root)
        #expect(synthesize.ending == .exited(0), "\(synthesize.stderr)")
        let base = try String(contentsOfFile: root + "/strata.yml", encoding: .utf8)
        let versions = [Self.manifest(base, toolsVersion: "6.0"), Self.manifest(base, toolsVersion: "5.10")]

        // What each version generates, written by runs left alone.
        var expected: [[String: String]] = []
        var shortest = Duration.seconds(3600)
        for version in versions {
            try version.write(toFile: root + "/strata.yml", atomically: true, encoding: .utf8)
            let start = ContinuousClock.now
            let run = try await RunningStrata.run(["generate"], in: root)
            shortest = min(shortest, ContinuousClock.now - start)
            #expect(run.ending == .exited(0), "\(run.stderr)")
            expected.append(Self.generatedFiles(root))
        }
        #expect(expected[0].count == 1001)
        #expect(Set(expected[0].keys) == Set(expected[1].keys))

        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<16 {
            try versions[round % 2].write(toFile: root + "/strata.yml", atomically: true, encoding: .utf8)
            let run = try await RunningStrata(["generate"], in: root)
            // Somewhere in the first three quarters of the quicker whole run measured above (debug
            // or release build alike): with the longer one, on a busy machine whose first runs
            // were slow, every later run once finished before its kill.
            let milliseconds = Int(shortest.components.seconds * 1000 + shortest.components.attoseconds / 1_000_000_000_000_000) * 3 / 4
            try await Task.sleep(for: .milliseconds(Int.random(in: 10...max(milliseconds, 20), using: &generator)))
            if run.process.isRunning {
                kill(run.pid, SIGKILL)
                killed += 1
            }
            _ = await run.wait(at: .seconds(60))
            for (path, contents) in Self.generatedFiles(root) where !TemporaryFileName.matches(path) {
                #expect(contents == expected[0][path] || contents == expected[1][path], "round \(round): \(path) is neither version")
            }
        }
        #expect(killed > 0, "no run was killed; the timing no longer exercises the kill")

        // Leftovers of earlier versions' names too, one of them named as this run's would have
        // been by the old scheme (pid and counter); and a file of the user's that only looks alike.
        let folder = root + "/Packages/Shared00001"
        let leftovers = [
            ".Package.swift.strata-0123456789abcdef.tmp", ".Package.swift.strata-\(getpid())-1.tmp",
            ".Package.swift.strata-6F9619FF-8B86-D011-B42D-00C04FC964FF.tmp",
        ]
        for name in leftovers { try "half a file".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        try "notes".write(toFile: folder + "/.notes.strata-draft.tmp", atomically: false, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(20))

        let last = try await RunningStrata.run(["generate"], in: root)
        #expect(last.ending == .exited(0), "\(last.stderr)")
        #expect(last.stderr.contains("strata: removed "), "\(last.stderr)")
        #expect(Self.temporaryFiles(root) == ["Packages/Shared00001/.notes.strata-draft.tmp"], "left behind: \(Self.temporaryFiles(root).prefix(5))")
        try FileManager.default.removeItem(atPath: folder + "/.notes.strata-draft.tmp")
        #expect(Self.generatedFiles(root) == expected[1])
    }
}

/// Strata's temporary file names: `.<name>.strata-<16 hex digits>.tmp`.
enum TemporaryFileName {
    static func matches(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix(".") && name.contains(".strata-") && name.hasSuffix(".tmp")
    }
}
