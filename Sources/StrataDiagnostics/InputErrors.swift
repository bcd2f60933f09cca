/// The problems that stopped a file or workspace from being read — all of them at once, so a
/// user fixes a manifest in one pass. The command line exits with status 2 for these.
public struct InputErrors: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }
}
