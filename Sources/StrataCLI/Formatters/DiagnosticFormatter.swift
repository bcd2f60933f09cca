import Foundation
import StrataDiagnostics

/// The output formats of `strata check`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// What a formatter prints: the diagnostics and a summary of the run.
struct FormattableReport {
    struct Summary {
        var workspace: String?
        var errors: Int
        var warnings: Int
        var suppressed: Int
        var baselinePath: String?
        var targets: Int
        var edges: Int
        var layers: Int
        var inputFailed: Bool
    }
    var diagnostics: [Diagnostic]
    var summary: Summary
    /// How a path is shown: relative to the working directory when inside it.
    var displayPath: (String) -> String
    /// Where a diagnostic without a place of its own is shown by the formats that need one
    /// (SARIF): the workspace's strata.yml, or the path given on the command line.
    var fallbackLocation: String
}

/// Turns a report into the text of one output format.
protocol DiagnosticFormatter {
    func format(_ report: FormattableReport) -> String
}

extension OutputFormat {
    func formatter(useColor: Bool) -> any DiagnosticFormatter {
        switch self {
        case .text: TextFormatter(useColor: useColor)
        case .json: JSONFormatter()
        case .sarif: SARIFFormatter()
        case .github: GitHubFormatter()
        }
    }
}

/// Paths as users expect to see them: relative to the working directory when under it.
struct PathDisplay {
    let base: String

    init(currentDirectory: String = FileManager.default.currentDirectoryPath) {
        base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
    }

    func callAsFunction(_ path: String) -> String {
        path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
