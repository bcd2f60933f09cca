import Foundation
import StrataDiagnostics

/// Where the command line writes, and whether it may use colour.
enum Terminal {
    static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints diagnostics to standard error as text, paths relative to the current folder.
    static func standardError(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = TextFormatter(useColor: standardErrorSupportsColor)
        standardError(text.diagnosticLines(diagnostics, displayPath: PathDisplay().callAsFunction).joined(separator: "\n"))
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
