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
        lines += summaries.map { "strata: … and \($0.more) more [\($0.id)] warnings like these (--verbose lists them all, --quiet none)" }
        standardError(lines.joined(separator: "\n"))
    }

    /// Colour only on a terminal, never when NO_COLOR is set (https://no-color.org) or TERM is dumb.
    static var standardOutputSupportsColor: Bool {
        supportsColor(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) != 0)
    }

    /// The same for standard error, where commands other than check print their diagnostics.
    static var standardErrorSupportsColor: Bool {
        supportsColor(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) != 0)
    }

    static func supportsColor(environment: [String: String], isTerminal: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }
}

/// Sums up warnings that repeat: the first few of an id are listed, the rest counted.
enum WarningSummary {
    /// How many warnings of one id are listed before the rest are counted.
    static let listed = 3
    /// Fewer than this many warnings of one id are all listed.
    static let threshold = 6

    /// The diagnostics to list (errors all, warnings up to `listed` per frequent id, in their
    /// order) and, per frequent id, how many more there are.
    static func summarize(_ diagnostics: [Diagnostic]) -> (listed: [Diagnostic], summaries: [(id: String, more: Int)]) {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning { counts[diagnostic.id, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var listed: [Diagnostic] = []
        var summaries: [(id: String, more: Int)] = []
        for diagnostic in diagnostics {
            guard diagnostic.severity == .warning, let count = counts[diagnostic.id], count >= threshold else {
                listed.append(diagnostic)
                continue
            }
            seen[diagnostic.id, default: 0] += 1
            if seen[diagnostic.id]! <= Self.listed { listed.append(diagnostic) }
            if seen[diagnostic.id]! == Self.listed { summaries.append((diagnostic.id, count - Self.listed)) }
        }
        return (listed, summaries)
    }
}
