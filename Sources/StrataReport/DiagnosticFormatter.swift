public import Foundation
public import StrataDiagnostics

/// The output formats of `strata check`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, xcode
}

/// What a formatter prints: the diagnostics and a summary of the run.
public struct FormattableReport {
    /// The run in numbers, for the summary line (text, GitHub) or object (JSON).
    public struct Summary: Sendable, Equatable {
        /// The workspace's name; nil when the manifest could not be read far enough to name it.
        public var workspace: String?
        public var errors: Int
        public var warnings: Int
        /// Findings a baseline accepted.
        public var suppressed: Int
        /// The baseline applied, as given on the command line.
        public var baselinePath: String?
        public var targets: Int
        public var edges: Int
        public var layers: Int
        /// The input could not be read: nothing was checked.
        public var inputFailed: Bool

        public init(
            workspace: String?, errors: Int, warnings: Int, suppressed: Int, baselinePath: String?, targets: Int, edges: Int, layers: Int,
            inputFailed: Bool
        ) {
            self.workspace = workspace
            self.errors = errors
            self.warnings = warnings
            self.suppressed = suppressed
            self.baselinePath = baselinePath
            self.targets = targets
            self.edges = edges
            self.layers = layers
            self.inputFailed = inputFailed
        }
    }
    public var diagnostics: [Diagnostic]
    public var summary: Summary
    /// How a path is shown: relative to the working directory when inside it.
    public var displayPath: (String) -> String
    /// Where a diagnostic without a place of its own is shown by the formats that need one
    /// (SARIF): the workspace's strata.yml, or the path given on the command line.
    public var fallbackLocation: String
    /// In text, list the first few warnings of an id that repeats and count the rest
    /// (`WarningSummary`); the other formats always list every one.
    public var summarizesRepeats = false

    /// - Parameters:
    ///   - diagnostics: what to print, in the order given.
    ///   - summary: the run in numbers.
    ///   - displayPath: how a path is shown (``PathDisplay``).
    ///   - fallbackLocation: where a diagnostic without a place is shown in SARIF.
    public init(diagnostics: [Diagnostic], summary: Summary, displayPath: @escaping (String) -> String, fallbackLocation: String) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.displayPath = displayPath
        self.fallbackLocation = fallbackLocation
    }
}

/// Turns a report into the text of one output format.
public protocol DiagnosticFormatter {
    /// The whole output for `report`, ending with a newline.
    func format(_ report: FormattableReport) -> String
}

/// The tool a report comes from, as SARIF describes it: its version and every id a result can
/// have besides the input errors of `DiagnosticCatalog` (StrataDiagnostics).
public struct ReportingTool: Sendable {
    /// A rule: its id, one line about it, and its severity when strata.yml says nothing.
    public struct Rule: Sendable {
        public var id: String
        public var summary: String
        /// `nil`: off unless switched on.
        public var defaultSeverity: Severity?

        public init(id: String, summary: String, defaultSeverity: Severity?) {
            self.id = id
            self.summary = summary
            self.defaultSeverity = defaultSeverity
        }
    }
    public var version: String
    public var rules: [Rule]

    public init(version: String, rules: [Rule]) {
        self.version = version
        self.rules = rules
    }
}

extension OutputFormat {
    /// The formatter of this format. `useColor` applies to text; `tool` describes the rules to SARIF.
    public func formatter(useColor: Bool, tool: ReportingTool) -> any DiagnosticFormatter {
        switch self {
        case .text: TextFormatter(useColor: useColor)
        case .json: JSONFormatter()
        case .sarif: SARIFFormatter(tool: tool)
        case .github: GitHubFormatter()
        case .xcode: XcodeFormatter()
        }
    }
}

/// Paths as users expect to see them: relative to the working directory when under it.
public struct PathDisplay: Sendable {
    /// The working directory, with a final slash.
    public let base: String

    /// - Parameter currentDirectory: the folder paths are shown relative to.
    public init(currentDirectory: String = FileManager.default.currentDirectoryPath) {
        base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
    }

    /// `path` relative to the working directory when it is inside it, else as it is.
    public func callAsFunction(_ path: String) -> String {
        path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
