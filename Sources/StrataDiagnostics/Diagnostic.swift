/// How serious a diagnostic is once severities from the manifest have been applied.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// What a diagnostic is about, for rules whose findings concern one edge or one pair of
/// targets. Baselines key their entries on `rule + source + target`, never on line numbers,
/// so an entry survives unrelated edits to the manifest.
public struct DiagnosticSubject: Hashable, Sendable, Codable {
    /// The target the finding starts from (the depending target, the app, the cycle's first member).
    public var source: String
    /// The target the finding points at (the dependency, the library, the rest of the cycle).
    public var target: String

    public init(source: String, target: String) {
        self.source = source
        self.target = target
    }
}

/// A secondary message attached to a diagnostic: where an edge was declared, a step of a
/// dependency chain, a suggestion.
public struct DiagnosticNote: Hashable, Sendable, Codable {
    /// The note's text.
    public var message: String
    /// Where the note points, if anywhere.
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// One finding: a rule violation or a problem with the input. Diagnostics are plain values;
/// libraries return them and only the command line prints them.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// The rule or problem id in kebab-case, e.g. `layer-direction` or `unknown-key`.
    public var id: String
    /// The severity after configuration.
    public var severity: Severity
    /// One sentence saying what is wrong, naming the offending values.
    public var message: String
    /// Where the problem is, if it has a place.
    public var location: SourceLocation?
    /// Explanations: declarations, chains, related places.
    public var notes: [DiagnosticNote]
    /// What to do about it.
    public var hint: String?
    /// The pair of targets the finding is about, for baselines.
    public var subject: DiagnosticSubject?

    public init(
        id: String,
        severity: Severity,
        message: String,
        location: SourceLocation? = nil,
        notes: [DiagnosticNote] = [],
        hint: String? = nil,
        subject: DiagnosticSubject? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.hint = hint
        self.subject = subject
    }

    /// An error about the input (a manifest or a file), as opposed to a rule finding.
    public static func inputError(
        _ id: String,
        _ message: String,
        at location: SourceLocation?,
        hint: String? = nil,
        notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, location: location, notes: notes, hint: hint)
    }
}

extension Diagnostic {
    /// A warning about the input that does not stop the run.
    public static func warning(_ id: String, _ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, message: message, location: location, hint: hint)
    }

    /// The order diagnostics are printed in: by file and position, then by id and message,
    /// so output is stable from run to run whatever order the rules ran in.
    public static func presentationOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some):
            return true
        case (.some, nil):
            return false
        case let (.some(l), .some(r)) where l != r:
            return l < r
        default:
            return (lhs.id, lhs.message) < (rhs.id, rhs.message)
        }
    }
}
