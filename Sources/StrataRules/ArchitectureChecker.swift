import Foundation
public import StrataDiagnostics
public import StrataManifest
public import StrataWorkspace

/// Runs the rules on a workspace with the severities strata.yml sets.
public struct ArchitectureChecker: Sendable {
    public let rules: [any Rule]
    /// Effective severity by rule id.
    public let severities: [String: RuleSeverity]

    /// Applies `rules:` from the manifest; an unknown rule id is an input error. `defaults`
    /// replace rules' own default severities (a command-line flag such as `--strict-imports`);
    /// strata.yml's severities win over both.
    public init(manifest: Manifest, rules: [any Rule] = RuleRegistry.all, defaults: [String: RuleSeverity] = [:]) throws(InputErrors) {
        var severities = Dictionary(rules.map { ($0.id, defaults[$0.id] ?? $0.defaultSeverity) }, uniquingKeysWith: { a, _ in a })
        var problems: [Diagnostic] = []
        for setting in manifest.rules {
            guard severities[setting.rule.value] != nil else {
                problems.append(.unknownRule(setting.rule, known: rules.map(\.id)))
                continue
            }
            severities[setting.rule.value] = setting.severity.value
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        self.rules = rules
        self.severities = severities
    }

    /// Every finding of every rule that is not off, as diagnostics in presentation order.
    public func check(_ workspace: Workspace) -> [Diagnostic] {
        check(RuleInput(workspace: workspace))
    }

    /// `check(loaded.workspace)`, kept for a large generate-mode workspace (`WorkspaceResultCache`),
    /// so that `strata graph` at thousands of modules does not run the graph rules every time.
    /// The rules run are part of the key, and their severities come from the manifest, which is.
    public func check(_ loaded: LoadedWorkspace) -> [Diagnostic] {
        let cache = WorkspaceResultCache(
            loaded, kind: "findings", format: 1, dependsOn: rules.map(\.id).joined(separator: ","))
        if let kept = cache?.read(), let findings = try? JSONDecoder().decode([Diagnostic].self, from: Data(kept)) {
            return findings
        }
        let findings = check(loaded.workspace)
        if let cache, let encoded = try? JSONEncoder().encode(findings) { cache.write([UInt8](encoded)) }
        return findings
    }

    /// Every finding of every rule that is not off, sources included, in presentation order.
    public func check(_ input: RuleInput) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rule in rules {
            guard let severity = (severities[rule.id] ?? rule.defaultSeverity).findingSeverity else { continue }
            for finding in rule.check(input) {
                diagnostics.append(
                    Diagnostic(
                        id: rule.id, severity: finding.severity ?? severity, message: finding.message, location: finding.location,
                        notes: finding.notes, hint: finding.hint, subject: finding.subject))
            }
        }
        return diagnostics.sorted(by: Diagnostic.presentationOrder)
    }
}
