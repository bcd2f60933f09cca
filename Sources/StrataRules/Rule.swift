public import StrataDiagnostics
public import StrataManifest
public import StrataWorkspace

/// What a rule found, before the configured severity is applied.
public struct Finding: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation?
    public var notes: [DiagnosticNote]
    public var hint: String?
    /// The pair of targets it is about; baselines key on it.
    public var subject: DiagnosticSubject
    /// Set for findings that only inform (`.note`); otherwise the rule's configured severity applies.
    public var severity: Severity?

    public init(
        _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = [], hint: String? = nil,
        subject: DiagnosticSubject, severity: Severity? = nil
    ) {
        self.message = message
        self.location = location
        self.notes = notes
        self.hint = hint
        self.subject = subject
        self.severity = severity
    }
}

/// What rules look at: the workspace graph and, when its sources were scanned, what they import.
public struct RuleInput: Sendable {
    public var workspace: Workspace
    public var sources: WorkspaceSources?

    public init(workspace: Workspace, sources: WorkspaceSources? = nil) {
        self.workspace = workspace
        self.sources = sources
    }
}

/// An architecture rule: a constraint on the workspace graph with a kebab-case id.
///
/// Rules are pure functions of the workspace; each lives in its own file under `Rules/`,
/// named after the constraint it keeps, and owns its message texts. `RuleRegistry.all`
/// lists them in the order they run.
///
/// Most rules adopt one of its three kinds, which run the common part once: ``GraphRule``
/// (the whole graph), ``EdgeRule`` (one declared dependency at a time) and ``SourceRule``
/// (what the sources import).
public protocol Rule: Sendable {
    /// The id used in diagnostics, baselines and strata.yml's `rules:` section.
    var id: String { get }
    /// Severity when strata.yml says nothing; `.error` unless the rule says otherwise.
    var defaultSeverity: RuleSeverity { get }
    /// One sentence for documentation and `strata rules`.
    var summary: String { get }
    /// Every violation in the input. Rules about sources find nothing when sources were not scanned.
    func check(_ input: RuleInput) -> [Finding]
}

extension Rule {
    public var defaultSeverity: RuleSeverity { .error }
}

/// A rule about the workspace graph as a whole.
public protocol GraphRule: Rule {
    /// Every violation in the graph.
    func check(_ workspace: Workspace) -> [Finding]
}

extension GraphRule {
    public func check(_ input: RuleInput) -> [Finding] {
        check(input.workspace)
    }
}

/// A rule that judges each dependency a manifest declares on its own.
///
/// Edges Strata adds by convention are not judged: see `Workspace.forEachDeclaredEdge`.
public protocol EdgeRule: Rule {
    /// What is wrong with `from` depending on `to` as `dependency` declares it, if anything.
    func finding(from: TargetID, to: TargetID, declaredBy dependency: Dependency, in workspace: Workspace) -> Finding?
}

extension EdgeRule {
    public func check(_ input: RuleInput) -> [Finding] {
        var findings: [Finding] = []
        input.workspace.forEachDeclaredEdge { from, to, dependency in
            if let finding = finding(from: from, to: to, declaredBy: dependency, in: input.workspace) { findings.append(finding) }
        }
        return findings
    }
}

/// A rule about what the sources import. It finds nothing when the sources were not scanned.
public protocol SourceRule: Rule {
    /// Every violation in the scanned sources.
    func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding]
}

extension SourceRule {
    public func check(_ input: RuleInput) -> [Finding] {
        guard let sources = input.sources else { return [] }
        return check(input.workspace, sources: sources)
    }
}

extension Workspace {
    /// `A → B → C` for a path of targets.
    func describe(path: [TargetID]) -> String {
        path.map { targets[$0].name }.joined(separator: " → ")
    }

    /// `'Name' (layer)` for messages.
    func label(_ target: TargetID) -> String {
        "'\(targets[target].name)' (\(layerName(of: target)))"
    }

    /// A note for each edge of `path`, pointing at the line that declared it.
    func edgeNotes(along path: [TargetID]) -> [DiagnosticNote] {
        zip(path, path.dropFirst()).map { from, to in
            DiagnosticNote("'\(targets[from].name)' depends on '\(targets[to].name)'", at: dependency(from: from, to: to)?.location)
        }
    }

    /// Calls `body` for every edge a manifest declares, with its declaration.
    ///
    /// Edges Strata adds by convention (a module on its own interface, tests on the mocks of
    /// the module's dependencies) are left out: each follows from a declared edge, is legal
    /// exactly when that one is, and would only repeat its finding.
    func forEachDeclaredEdge(_ body: (_ from: TargetID, _ to: TargetID, _ dependency: Dependency) -> Void) {
        for from in targets.indices {
            for dependency in dependencies[from] where !dependency.isAutomatic { body(from, dependency.target, dependency) }
        }
    }

    /// True if both targets belong to the same module.
    func sameModule(_ a: TargetID, _ b: TargetID) -> Bool {
        guard let m = moduleOfTarget[a] else { return false }
        return m == moduleOfTarget[b]
    }

    /// The layer list as a note, for rules about direction.
    var layerOrderNote: DiagnosticNote {
        DiagnosticNote("layers from top to bottom: \(layers.map(\.name).joined(separator: ", "))", at: layers.first?.location)
    }
}
