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

extension InputErrors {
    /// The same errors in the order they are read best: by file and position (`Diagnostic.presentationOrder`).
    public func inPresentationOrder() -> InputErrors {
        InputErrors(diagnostics.sorted(by: Diagnostic.presentationOrder))
    }
}
