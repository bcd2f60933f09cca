import Foundation
package import StrataDiagnostics
import StrataReport

/// Where the command line writes, and whether it may use colour.
package enum Terminal {
    package static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints diagnostics to standard error as text, paths relative to the current folder.
    /// Warnings are left out when `quiet`; many warnings of one id (a missing-sources warning
    /// per target of a 2,000-module workspace) are summed up after the first few unless `verbose`.
    package static func standardError(_ diagnostics: [Diagnostic], verbose: Bool = false, quiet: Bool = false) {
        let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        guard !shown.isEmpty else { return }
        let (listed, summaries) = verbose ? (shown, []) : WarningSummary.summarize(shown)
        let text = TextFormatter(useColor: standardErrorSupportsColor)
        var lines = text.diagnosticLines(listed, displayPath: PathDisplay().callAsFunction)
        lines += summaries.map { "strata: " + WarningSummary.line($0) }
        standardError(lines.joined(separator: "\n"))
    }

    /// Colour only on a terminal, never when NO_COLOR is set (https://no-color.org) or TERM is dumb.
    package static var standardOutputSupportsColor: Bool {
        supportsColor(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) != 0)
    }

    /// The same for standard error, where commands other than check print their diagnostics.
    package static var standardErrorSupportsColor: Bool {
        supportsColor(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) != 0)
    }

    package static func supportsColor(environment: [String: String], isTerminal: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }
}
