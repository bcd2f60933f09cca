public import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
public import StrataWorkspace

/// One change to a target's declared dependencies that fixes a finding.
public struct DependencyFix: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// Declare what a source imports (implicit-import).
        case add
        /// Drop what no source imports (unused-dependency).
        case remove
    }

    public var kind: Kind
    /// The target whose dependencies change.
    public var target: String
    /// The dependency as strata.yml names it: a target, or `package/Product`.
    public var dependency: String

    public init(_ kind: Kind, target: String, dependency: String) {
        self.kind = kind
        self.target = target
        self.dependency = dependency
    }

    /// Why the fix was not made, as notes.
    func notFixed(_ problems: [Diagnostic]) -> [Diagnostic] {
        problems.map { problem in
            var note = problem
            note.severity = .note
            note.message = "not fixed: \(kind == .add ? "adding" : "removing") '\(dependency)' for '\(target)': \(problem.message)"
            return note
        }
    }
}

/// `strata check --fix`: the fixes for implicit-import and unused-dependency findings, made as
/// one edit of strata.yml (generate mode) through the same text edits as `strata add
/// dependency` and `strata rm dependency`.
public enum DependencyFixer {
    /// The fixes `findings` call for, and the findings of those rules that have none, with why.
    public static func fixes(for findings: [Diagnostic], in workspace: Workspace) -> (fixes: [DependencyFix], unfixable: [(Diagnostic, String)]) {
        var fixes: [DependencyFix] = []
        var unfixable: [(Diagnostic, String)] = []
        for finding in findings {
            guard let subject = finding.subject else { continue }
            switch finding.id {
            case "implicit-import" where finding.severity != .note:
                guard let dependency = provider(ofModule: subject.target, in: workspace) else {
                    unfixable.append((finding, "no target or declared package product provides module '\(subject.target)'"))
                    continue
                }
                fixes.append(DependencyFix(.add, target: subject.source, dependency: dependency))
            case "unused-dependency":
                fixes.append(DependencyFix(.remove, target: subject.source, dependency: subject.target))
            default:
                continue
            }
        }
        var seen: Set<DependencyFix> = []
        return (fixes.filter { seen.insert($0).inserted }, unfixable)
    }

    /// One edit making `fixes`; a fix strata.yml cannot take (a target it does not declare, a
    /// dependency added by convention) is left out and reported in the edit's findings as a note.
    public static func edit(_ fixes: [DependencyFix], force: Bool, in workspace: Workspace) async throws(InputErrors) -> ModuleEdit {
        try ModuleEditor.requireGenerateMode(workspace, for: "strata check --fix")
        let path = workspace.manifest.path
        let old = try ModuleEditor.manifestText(of: workspace)
        var skipped: [Diagnostic] = []
        var edits: [ManifestEditor.ListEdit: DependencyFix] = [:]
        var ordered: [ManifestEditor.ListEdit] = []
        for fix in fixes {
            do throws(InputErrors) {
                let address = try self.address(of: fix.target, dependency: fix.dependency, in: workspace)
                let edit = ManifestEditor.ListEdit(fix.kind == .add ? .add : .remove, fix.dependency, at: address)
                if edits.updateValue(fix, forKey: edit) == nil { ordered.append(edit) }
            } catch {
                skipped += fix.notFixed(error.diagnostics)
            }
        }
        let (text, failed) = try ManifestEditor.editing(ordered, in: old, path: path)
        for failure in failed { skipped += edits[failure.edit]!.notFixed(failure.errors.diagnostics) }
        let made = fixes.count - skipped.count
        var edit = try await ModuleEditor.finish(
            workspace, old: old, new: text, removing: [], force: force, summary: "made \(made) of \(fixes.count) fix\(fixes.count == 1 ? "" : "es")",
            refusal: "fix those by hand, or apply the fixes anyway with --force")
        edit.findings += skipped
        return edit
    }

    /// The target or `package/Product` that provides `module` to `import`.
    static func provider(ofModule module: String, in workspace: Workspace) -> String? {
        if let index = workspace.index[module], workspace.targets[index].role != .external, workspace.targets[index].role != .tests {
            return module
        }
        for target in workspace.targets where target.role == .external {
            if case .named(let modules) = target.modules, modules.contains(module) { return target.name }
            if case .own = target.modules, target.name.split(separator: "/").last.map(String.init) == module { return target.name }
        }
        return nil
    }

    /// Where strata.yml declares `target`'s dependencies.
    static func address(of target: String, dependency: String, in workspace: Workspace) throws(InputErrors) -> ManifestEditor.ListAddress {
        let field = dependency.contains("/") ? "packages" : "dependencies"
        guard let index = workspace.index[target] else {
            throw InputErrors(.inputError("unknown-dependency", "there is no target '\(target)'", at: nil))
        }
        let node = workspace.targets[index]
        switch node.role {
        case .implementation:
            return ManifestEditor.ListAddress(entry: node.module ?? target, field: field)
        case .interface, .mocks, .tests:
            guard let module = node.module, workspace.manifest.modules.contains(where: { $0.name.value == module }) else { break }
            return ManifestEditor.ListAddress(entry: module, companion: node.role.rawValue, field: field)
        case .app:
            let naming = workspace.manifest.naming
            if let app = workspace.manifest.apps.first(where: { naming.app.name(for: $0.name.value) == target }) {
                return ManifestEditor.ListAddress(section: .apps, entry: app.name.value, field: field)
            }
        case .external:
            break
        }
        throw InputErrors(
            .inputError(
                "cannot-edit-manifest", "strata.yml declares no dependencies for '\(target)' that strata can edit", at: node.location,
                hint: "change its dependencies by hand"))
    }
}
