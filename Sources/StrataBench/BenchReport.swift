import Foundation

/// The results as tables shaped like the study's: a row per architecture, a column per linking
/// and module count (largest first), one table per figure. The monolith is one app; its figure
/// stands in every column, as the baseline each is compared with.
public enum BenchReport {
    /// A figure the report shows: its title, and how to read it from an app's results.
    struct Figure {
        var title: String
        var unit: String
        /// Multiplies the samples (seconds → milliseconds, kilobytes → megabytes).
        var scale: Double
        var decimals: Int
        var statistic: (BenchAppResult) -> BenchStatistic?
    }

    static func figures(_ results: BenchResults) -> [Figure] {
        var figures: [Figure] = []
        for configuration in results.options.configurations {
            let name = configuration.rawValue
            figures.append(Figure(title: "Clean build, \(name)", unit: "s", scale: 1, decimals: 1) { $0.cleanBuild[name] })
            figures.append(
                Figure(title: "Incremental build, \(name), after editing a file of a bottom-layer module", unit: "s", scale: 1, decimals: 2) {
                    $0.incrementalBottom[name]
                })
            figures.append(
                Figure(title: "Incremental build, \(name), after editing a file of a top-layer module", unit: "s", scale: 1, decimals: 2) {
                    $0.incrementalTop[name]
                })
        }
        let run = results.options.runConfiguration.rawValue
        figures.append(
            Figure(title: "Size: the executable and the app's shared libraries, \(run)", unit: "MB", scale: 1.0 / 1_048_576, decimals: 2) { app in
                app.size.map { try? BenchStatistic([Double($0.total)], required: 1) } ?? nil
            })
        figures.append(
            Figure(title: "Launch: a run of main, which uses every module once, \(run)", unit: "ms", scale: 1_000, decimals: 1) { $0.launch })
        figures.append(
            Figure(title: "Time to main: the dynamic loader and the runtime's start-up", unit: "ms", scale: 1_000, decimals: 2) { $0.timeToMain })
        figures.append(Figure(title: "Peak memory of a run", unit: "MB", scale: 1.0 / 1_024, decimals: 1) { $0.peakMemoryKB })
        return figures
    }

    /// The columns: each linking (dynamic first, as the study) and module count (largest first).
    static func columns(_ matrix: BenchMatrix) -> [(linking: BenchMatrix.Linking, modules: Int)] {
        let linkings = BenchMatrix.Linking.allCases.reversed().filter(matrix.linkings.contains)
        return linkings.flatMap { linking in matrix.moduleCounts.sorted(by: >).map { (linking, $0) } }
    }

    public static func markdown(_ results: BenchResults) -> String {
        let columns = columns(results.matrix)
        var lines: [String] = []
        if let machine = results.machine { lines.append("Machine: \(machine)" + (results.date.map { ", \($0)" } ?? "") + ".") }
        lines.append(
            "Each figure is the median of \(results.options.repetitions) or more builds or of \(results.options.launches) launches, with the range "
                + "in brackets. Every app holds the same code: \(results.matrix.units) units (a generic enum, a protocol and its implementation) "
                + "of \(results.matrix.membersPerUnit) members each.")
        lines.append("")
        lines.append("### The study's findings, checked")
        lines.append("")
        for direction in directions(results) { lines.append("- " + describe(direction)) }
        for figure in figures(results) {
            lines.append("")
            lines.append("### \(figure.title) (\(figure.unit))")
            lines.append("")
            let header = columns.isEmpty ? ["all"] : columns.map { "\($0.linking.rawValue) \($0.modules)" }
            lines.append("| architecture | " + header.joined(separator: " | ") + " |")
            lines.append("|---|" + header.map { _ in "---:|" }.joined())
            for shape in results.matrix.shapes {
                var cells: [String] = []
                for column in columns.isEmpty ? [nil] : columns.map(Optional.some) {
                    let app = results.app(shape, column?.linking, column?.modules)
                    cells.append(app.flatMap(figure.statistic).map { format($0, figure) } ?? "—")
                }
                lines.append("| \(shape.rawValue) | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ statistic: BenchStatistic, _ figure: Figure) -> String {
        func number(_ value: Double) -> String { String(format: "%.\(figure.decimals)f", value * figure.scale) }
        guard statistic.samples.count > 1 else { return number(statistic.median) }
        return "\(number(statistic.median)) (\(number(statistic.minimum))–\(number(statistic.maximum)))"
    }

    public static func json(_ results: BenchResults) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var results = results
        results.directions = directions(results)
        return String(decoding: (try? encoder.encode(results)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
