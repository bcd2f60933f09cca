import Foundation
import StrataGenerate
import StrataWorkspaceTestSupport
import Testing

/// GNU diffutils are the oracle: `patch` must turn the old text into the new one with Strata's
/// diff, and the diff must change no more lines than `diff --minimal`.
@Suite struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(old: "a\nb\n", new: "a\nb\n", oldPath: "a", newPath: "b").isEmpty)
        #expect(UnifiedDiff.diff(old: "", new: "", oldPath: "a", newPath: "b").isEmpty)
    }

    @Test func aSmallChangeReadsAsDiffWritesIt() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            UnifiedDiff.diff(old: old, new: new, oldPath: "a/Package.swift", newPath: "b/Package.swift") == """
                --- a/Package.swift
                +++ b/Package.swift
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func aMissingFinalLineBreakIsShown() {
        #expect(
            UnifiedDiff.diff(old: "x", new: "x\n", oldPath: "a", newPath: "b") == """
                --- a
                +++ b
                @@ -1 +1 @@
                -x
                \\ No newline at end of file
                +x

                """)
    }

    @Test func aNewFileIsAllInsertions() {
        #expect(UnifiedDiff.diff(old: "", new: "a\nb\n", oldPath: "/dev/null", newPath: "b/f") == "--- /dev/null\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    /// Random pairs of texts over a small alphabet of lines (so that they share many lines),
    /// with and without final line breaks.
    @Test func patchAppliesEveryDiffAndNoDiffIsLongerThanDiffMinimal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SeededRandom(seed: 2026)
        func text() -> String {
            let count = Int(random.next() % 40)
            var lines = (0..<count).map { _ in ["alpha", "beta", "gamma", "delta", "", "  indented", "}"][Int(random.next() % 7)] }
            if random.next() % 5 == 0 { lines.append(contentsOf: (0..<Int(random.next() % 30)).map { "filler \($0)" }) }
            let body = lines.joined(separator: "\n")
            return random.next() % 6 == 0 || body.isEmpty ? body : body + "\n"
        }
        var compared = 0
        for round in 0..<150 {
            let old = text(), new = text()
            let diff = UnifiedDiff.diff(old: old, new: new, oldPath: "a/file", newPath: "b/file")
            let oldPath = folder + "/old\(round)", patchPath = folder + "/patch\(round)", newPath = folder + "/new\(round)"
            try old.write(toFile: oldPath, atomically: true, encoding: .utf8)
            try new.write(toFile: newPath, atomically: true, encoding: .utf8)
            if old == new {
                #expect(diff.isEmpty)
                continue
            }
            try diff.write(toFile: patchPath, atomically: true, encoding: .utf8)
            let patched = try await ProcessRunner.run("/usr/bin/patch", ["--quiet", "--force", "--output=-", oldPath, patchPath])
            #expect(patched.status == 0, "patch failed: \(patched.error) for diff:\n\(diff)")
            #expect(patched.output == new, "patch gave a different text for diff:\n\(diff)")
            let reference = try await ProcessRunner.run("/usr/bin/diff", ["--minimal", "-u", oldPath, newPath])
            #expect(changedLines(diff) <= changedLines(reference.output), "longer than diff --minimal:\n\(diff)\n\(reference.output)")
            compared += 1
        }
        #expect(compared > 100)
    }

    private func changedLines(_ diff: String) -> Int {
        diff.split(separator: "\n").filter { ($0.hasPrefix("+") && !$0.hasPrefix("+++")) || ($0.hasPrefix("-") && !$0.hasPrefix("---")) }.count
    }
}

/// SplitMix64, so that a failing case can be reproduced.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
