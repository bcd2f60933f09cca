import Foundation
import StrataGraphExport

/// The results as one self-contained HTML page: for each figure, a bar chart (inline SVG: a bar
/// per architecture in each column of the tables, its median, and a line for its range) and the
/// table. No external assets; a short script checks, when the page opens, that every chart was
/// laid out, and marks the page with the result (the tests open it in headless Chromium).
extension BenchReport {
    static let shapeColors: [BenchMatrix.Shape: String] = [
        .monolith: "#6b7280", .fourLayer: "#2563eb", .threeLayer: "#16a34a", .interfaceSeparated: "#d97706",
    ]

    public static func html(_ results: BenchResults) -> String {
        let columns = columns(results.matrix)
        let columnNames = columns.isEmpty ? ["all"] : columns.map { "\($0.linking.rawValue) \($0.modules)" }
        var body = htmlIntroduction(results)
        for figure in figures(results) {
            body += htmlSection(figure, results, columns: columns, columnNames: columnNames)
        }
        return htmlPage(body)
    }

    /// The title, what was measured where, the legend and the study's findings checked.
    private static func htmlIntroduction(_ results: BenchResults) -> [String] {
        var body: [String] = []
        body.append("<h1>strata bench: what an architecture costs</h1>")
        var about = "Each figure is the median of \(results.options.repetitions) or more builds or of \(results.options.launches) launches; "
        about +=
            "the line across a bar is the range. Every app holds the same code: \(results.matrix.units) units of \(results.matrix.membersPerUnit) members each."
        if let machine = results.machine { about = "Measured on \(machine)" + (results.date.map { ", \($0)" } ?? "") + ". " + about }
        body.append("<p>\(escape(about))</p>")
        body.append(
            "<p class=\"legend\">"
                + results.matrix.shapes.map { "<span><i style=\"background:\(shapeColors[$0]!)\"></i>\(escape($0.rawValue))</span>" }.joined(
                    separator: " ")
                + "</p>")
        body.append("<h2>The study's findings, checked</h2><ul>")
        for direction in directions(results) {
            let verdict = direction.holds.map { $0 ? "holds" : "does not hold" } ?? "not measured"
            body.append("<li><strong>\(verdict)</strong>: \(escape(direction.claim)) \(escape(direction.evidence))</li>")
        }
        body.append("</ul>")
        return body
    }

    /// One figure: its chart and its table, a column per linking and module count.
    private static func htmlSection(
        _ figure: Figure, _ results: BenchResults, columns: [(linking: BenchMatrix.Linking, modules: Int)], columnNames: [String]
    ) -> [String] {
        var body: [String] = []
        body.append("<section>")
        body.append("<h2>\(escape(figure.title)) (\(escape(figure.unit)))</h2>")
        var rows: [(column: String, shape: BenchMatrix.Shape, statistic: BenchStatistic?)] = []
        for (position, name) in columnNames.enumerated() {
            for shape in results.matrix.shapes {
                let column = columns.isEmpty ? nil : columns[position]
                let app = results.app(shape, column?.linking, column?.modules)
                rows.append((name, shape, app.flatMap(figure.statistic)))
            }
        }
        body.append(chart(rows, figure: figure, shapesPerColumn: results.matrix.shapes.count))
        body.append("<table><thead><tr><th>architecture</th>" + columnNames.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>")
        for (index, shape) in results.matrix.shapes.enumerated() {
            let cells = columnNames.indices.map { column -> String in
                let statistic = rows[column * results.matrix.shapes.count + index].statistic
                return "<td>\(statistic.map { escape(format($0, figure)) } ?? "—")</td>"
            }
            body.append("<tr><th>\(escape(shape.rawValue))</th>" + cells.joined() + "</tr>")
        }
        body.append("</tbody></table></section>")
        return body
    }

    /// The page around the body: styles, and the script that says whether every chart was laid out.
    private static func htmlPage(_ body: [String]) -> String {
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>strata bench</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em; color: #111827; padding: 0 1em; }
            h2 { font-size: 1.05em; margin-top: 2em; }
            table { border-collapse: collapse; margin: .5em 0 1em; }
            th, td { border: 1px solid #e5e7eb; padding: .25em .6em; text-align: right; font-variant-numeric: tabular-nums; }
            th:first-child { text-align: left; }
            .legend span { margin-right: 1.2em; white-space: nowrap; }
            .legend i { display: inline-block; width: .9em; height: .9em; margin-right: .35em; vertical-align: -.1em; border-radius: 2px; }
            svg text { font-size: 11px; fill: #374151; }
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            <script>
            // Every chart laid out: each bar with a size (a chart drawn from no figures has none).
            (function () {
              try {
                var charts = document.querySelectorAll("svg.chart");
                var drawn = 0;
                charts.forEach(function (chart) {
                  var bars = chart.querySelectorAll("rect.bar");
                  var sized = Array.prototype.filter.call(bars, function (bar) { return bar.getBBox().width > 0; });
                  if (bars.length > 0 && sized.length === bars.length) drawn += 1;
                });
                document.documentElement.setAttribute("data-bench-charts", drawn + "/" + charts.length);
              } catch (error) {
                document.documentElement.setAttribute("data-bench-errors", String(error));
              }
            })();
            </script>
            </body>
            </html>

            """
    }

    /// A horizontal bar chart: a group of bars (one per architecture) for each column.
    static func chart(
        _ rows: [(column: String, shape: BenchMatrix.Shape, statistic: BenchStatistic?)], figure: Figure, shapesPerColumn: Int
    ) -> String {
        let label = 130.0
        let plot = 480.0
        let bar = 13.0
        let gap = 10.0
        let largest = rows.compactMap { $0.statistic?.maximum }.max().map { $0 * figure.scale } ?? 0
        let scale = largest > 0 ? plot / largest : 0
        let groups = max(1, rows.count / max(1, shapesPerColumn))
        let height = Double(groups) * (Double(shapesPerColumn) * bar + gap) + gap
        var parts: [String] = []
        parts.append(
            "<svg class=\"chart\" role=\"img\" aria-label=\"\(escape(figure.title))\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(label + plot + 90))\" height=\"\(Int(height))\">"
        )
        for (index, row) in rows.enumerated() {
            let group = index / max(1, shapesPerColumn)
            let y = gap + Double(group) * (Double(shapesPerColumn) * bar + gap) + Double(index % max(1, shapesPerColumn)) * bar
            if index % max(1, shapesPerColumn) == 0 {
                parts.append("<text x=\"0\" y=\"\(y + bar - 2)\">\(escape(row.column))</text>")
            }
            guard let statistic = row.statistic else {
                parts.append("<text x=\"\(label)\" y=\"\(y + bar - 3)\">—</text>")
                continue
            }
            let width = max(1, statistic.median * figure.scale * scale)
            parts.append(
                "<rect class=\"bar\" x=\"\(label)\" y=\"\(y + 1)\" width=\"\(String(format: "%.1f", width))\" height=\"\(bar - 2)\" fill=\"\(shapeColors[row.shape]!)\"><title>\(escape(row.shape.rawValue)), \(escape(row.column)): \(escape(format(statistic, figure))) \(escape(figure.unit))</title></rect>"
            )
            if statistic.samples.count > 1 {
                let low = label + statistic.minimum * figure.scale * scale
                let high = label + statistic.maximum * figure.scale * scale
                parts.append(
                    "<line x1=\"\(String(format: "%.1f", low))\" x2=\"\(String(format: "%.1f", high))\" y1=\"\(y + bar / 2)\" y2=\"\(y + bar / 2)\" stroke=\"#111827\" stroke-width=\"1\"/>"
                )
            }
            let value = String(format: "%.\(figure.decimals)f", statistic.median * figure.scale)
            parts.append(
                "<text x=\"\(String(format: "%.1f", label + max(width, statistic.maximum * figure.scale * scale) + 4))\" y=\"\(y + bar - 3)\">\(value)</text>"
            )
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String {
        HTMLRenderer.escape(text)
    }
}
