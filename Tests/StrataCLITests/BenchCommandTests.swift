import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata bench` as users run it: what it refuses, and a small benchmark written and measured
/// end to end (one app, one configuration, few runs: the full matrix is the documented run).
@Suite struct BenchCommandTests {
    static func scratch(_ label: String) -> String {
        NSTemporaryDirectory() + "strata-bench-cli-\(label)-" + UUID().uuidString.prefix(8)
    }

    @Test func badChoicesAreRefusedWithExitTwo() async throws {
        let folder = Self.scratch("bad")
        for arguments in [
            ["--shapes", "pyramid"], ["--modules", "3"], ["--linking", "shared"], ["--scale", "2"], ["--modules", "thirty"],
        ] {
            let result = try await StrataBinary.run(["bench", "generate", "--out", folder] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
        let unknown = try await StrataBinary.run(["bench", "run", folder])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("error: [not-a-benchmark]") && unknown.stderr.contains("strata bench generate --out"))
    }

    @Test func aSmallBenchmarkIsWrittenMeasuredAndReported() async throws {
        let folder = Self.scratch("small")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generate = try await StrataBinary.run([
            "bench", "generate", "--out", folder, "--shapes", "four-layer", "--linking", "dynamic", "--modules", "4", "--types", "8",
            "--members", "2",
        ])
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.contains("[1/1] four-layer-dynamic-4: four-layer shape, 4 dynamic modules, 8 units of 2 members each"))

        let occupied = try await StrataBinary.run(["bench", "generate", "--out", folder + "/four-layer-dynamic-4"])
        #expect(occupied.status == 2 && occupied.stderr.contains("[output-not-empty]"))
        let unknownApp = try await StrataBinary.run(["bench", "run", folder, "--only", "pyramid"])
        #expect(unknownApp.status == 2 && unknownApp.stderr.contains("its apps: four-layer-dynamic-4"))

        let run = try await StrataBinary.run([
            "bench", "run", folder, "--repetitions", "1", "--launches", "2", "--configuration", "debug", "--format", "json", "-o",
            folder + "/results.json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("four-layer-dynamic-4: launch 2/2"))
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any]
        let apps = try #require(results?["apps"] as? [[String: Any]])
        #expect(apps.map { $0["folder"] as? String } == ["four-layer-dynamic-4"])
        let dynamic = apps[0]
        #expect((dynamic["size"] as? [String: Any])?["libraryCount"] as? Int == 4)
        #expect(((dynamic["launch"] as? [String: Any])?["samples"] as? [Double])?.count == 2)
        #expect(((dynamic["timeToMain"] as? [String: Any])?["samples"] as? [Double])?.allSatisfy { $0 > 0 && $0 < 60 } == true)
        #expect(((dynamic["cleanBuild"] as? [String: Any])?["debug"] as? [String: Any]) != nil)
        #expect(apps.allSatisfy { ($0["checksum"] as? String)?.hasPrefix("checksum ") == true })
        #expect((results?["machine"] as? String)?.contains("cores, Swift version ") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/.swiftpm-tmp"))

        // The figures kept after each app: a resumed run measures nothing again…
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/bench-run.json"))) as? [String: Any]
        #expect((kept?["apps"] as? [[String: Any]])?.first?["checksum"] as? String == apps[0]["checksum"] as? String)
        let resumed = try await StrataBinary.run([
            "bench", "run", folder, "--resume", "--repetitions", "1", "--launches", "2", "--configuration", "debug",
        ])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("kept the figures of 1 apps measured before") && !resumed.stderr.contains("build 1/1"))
        #expect(resumed.stdout.contains("| four-layer |"))
        // …and one with other options is refused.
        let mismatch = try await StrataBinary.run(["bench", "run", folder, "--resume", "--repetitions", "2", "--configuration", "debug"])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("[resume-mismatch]"), "\(mismatch.stderr)")
        #expect(mismatch.stderr.contains("--repetitions 1 --launches 2 --configuration debug"))

        // The saved results, written again as Markdown and HTML.
        let markdown = try await StrataBinary.run(["bench", "report", folder + "/results.json"])
        #expect(markdown.status == 0 && markdown.stdout.contains("| four-layer |") && markdown.stdout.contains("### The study's findings, checked"))
        let html = try await StrataBinary.run(["bench", "report", folder + "/results.json", "--format", "html", "-o", folder + "/results.html"])
        #expect(html.status == 0 && FileManager.default.fileExists(atPath: folder + "/results.html"))
        let broken = try await StrataBinary.run(["bench", "report", folder + "/bench.json"])
        #expect(broken.status == 2 && broken.stderr.contains("[unreadable-results]"))
    }
}
