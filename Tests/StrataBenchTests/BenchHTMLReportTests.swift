import Foundation
@testable import StrataBench
import StrataWorkspaceTestSupport
import Testing

/// The HTML report: one page without external assets, a chart and a table per figure, laid out
/// in headless Chromium without script errors.
@Suite struct BenchHTMLReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func results() throws -> BenchResults {
        let matrix = BenchMatrix(shapes: BenchMatrix.Shape.allCases, linkings: [.static, .dynamic], moduleCounts: [4, 8], types: 8, members: 1)
        var apps: [BenchAppResult] = []
        for (index, cell) in matrix.cells.enumerated() where cell.description != "three-layer-static-8" {
            var app = BenchAppResult(cell: cell, folder: cell.description, summary: "", modules: cell.modules ?? 0)
            let base = Double(index + 1)
            for configuration in ["release", "debug"] {
                app.cleanBuild[configuration] = try BenchStatistic([base, base * 1.1, base * 0.9], required: 3)
                app.incrementalBottom[configuration] = try BenchStatistic([base / 4, base / 3], required: 2)
                app.incrementalTop[configuration] = try BenchStatistic([base / 5, base / 6], required: 2)
            }
            app.size = BenchSize(executable: 500_000 * (index + 1), libraries: cell.linking == .dynamic ? 100_000 : 0, libraryCount: 4)
            app.launch = try BenchStatistic([0.003 * base, 0.004 * base], required: 2)
            app.timeToMain = try BenchStatistic([0.002 * base, 0.0025 * base], required: 2)
            app.peakMemoryKB = try BenchStatistic([30_000, 31_000], required: 2)
            apps.append(app)
        }
        var results = BenchResults(matrix: matrix, options: .init(repetitions: 2, launches: 2), apps: apps)
        results.machine = "Linux <test> & co, 2 cores"
        return results
    }

    @Test func thePageIsSelfContainedWithAChartAndATablePerFigure() throws {
        let results = try Self.results()
        let page = BenchReport.html(results)
        let figures = BenchReport.figures(results).count
        #expect(page.components(separatedBy: "<svg class=\"chart\"").count - 1 == figures)
        #expect(page.components(separatedBy: "<table>").count - 1 == figures)
        #expect(page.contains("Linux &lt;test&gt; &amp; co, 2 cores"))
        // Nothing loaded from elsewhere: no src or href attributes, no url(…) in the styles.
        #expect(page.firstMatch(of: /(src|href)\s*=/) == nil && !page.contains("url("))
        // The missing app's cells say so; the monolith's bar is in every column.
        #expect(page.contains("<td>—</td>"))
        #expect(page.components(separatedBy: "<title>monolith, ").count - 1 == figures * 4)
    }

    @Test(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs Chromium (apt-get install chromium); CI installs it"))
    func everyChartIsLaidOutInChromium() async throws {
        let chromium = try #require(Self.chromium, "Chromium is not installed (apt-get install chromium)")
        let folder = NSTemporaryDirectory() + "strata-bench-html-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let results = try Self.results()
        let page = folder + "/results.html"
        try BenchReport.html(results).write(toFile: page, atomically: true, encoding: .utf8)
        let dom = try await ProcessRunner.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder)/profile",
                "--virtual-time-budget=2000", "--dump-dom", "file://\(page)",
            ]
        ).output
        let root = try #require(dom.firstMatch(of: /<html[^>]*>/).map { String($0.output) }, "no page from Chromium")
        #expect(!root.contains("data-bench-errors"), "\(root)")
        let figures = BenchReport.figures(results).count
        #expect(root.contains("data-bench-charts=\"\(figures)/\(figures)\""), "\(root)")
    }
}
