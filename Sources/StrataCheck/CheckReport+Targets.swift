import StrataDiagnostics

extension CheckReport {
    /// The report narrowed to the findings about `targets`: those whose subject starts at one
    /// of them (the target that depends, imports or links). What a build step of one target
    /// shows (`strata check --target`); findings about other targets, and warnings about the
    /// workspace as a whole, are for a full check. A report of unreadable input stays as it
    /// is, and a name the workspace lacks makes one (`unknown-target`).
    public func focused(on targets: [String]) -> CheckReport {
        guard !targets.isEmpty, !inputFailed else { return self }
        let known = Set(summary?.targetNames ?? [])
        let unknown = targets.filter { !known.contains($0) }
        var focused = self
        guard unknown.isEmpty else {
            focused.diagnostics = unknown.map { name in
                .inputError(
                    "unknown-target", "'\(name)' is not a target of the workspace", at: nil,
                    hint: Suggestions.didYouMean(name, in: known.sorted()) ?? "strata graph --format json lists the targets")
            }
            focused.inputFailed = true
            return focused
        }
        let chosen = Set(targets)
        func isAbout(_ diagnostic: Diagnostic) -> Bool { diagnostic.subject.map { chosen.contains($0.source) } ?? false }
        focused.diagnostics = diagnostics.filter(isAbout)
        focused.findings = findings.filter(isAbout)
        focused.suppressedCount = max(0, focused.findings.count - focused.diagnostics.count)
        return focused
    }
}
