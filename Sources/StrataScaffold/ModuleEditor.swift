public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataGenerate
public import StrataModel
import StrataRules
import StrataSources

/// A change to an existing module, worked out before anything is written: strata.yml edited as
/// text (the rest of the file byte for byte), the files it removes, and the regeneration.
public struct ModuleEdit: Sendable {
    /// The workspace as it will be.
    public var workspace: Workspace
    public var oldManifestText: String
    public var manifestText: String
    /// Files removed (absolute paths), with the folders they leave empty.
    public var removedFiles: [String]
    /// Files written (absolute paths) besides strata.yml and the generated ones: a renamed
    /// module's files at their new places, sources whose imports were renamed.
    public var writtenFiles: [(path: String, contents: String)] = []
    /// For files written at a new place, where each was (new path → old path).
    public var movedFrom: [String: String] = [:]
    public var generation: GenerationPlan
    /// Findings the change adds: warnings, or errors it makes anyway (with `force`).
    public var findings: [Diagnostic]
    /// What was done, in a sentence.
    public var summary: String

    /// strata.yml's change as a unified diff.
    public func manifestDiff(displayPath: String) -> String {
        UnifiedDiff.diff(old: oldManifestText, new: manifestText, oldPath: "a/\(displayPath)", newPath: "b/\(displayPath)")
    }

    /// Writes strata.yml and the regenerated files and removes the files, in one transaction.
    public func apply(force: Bool) throws(InputErrors) {
        try generation.apply(force: force, alongside: [(workspace.manifest.path, manifestText)] + writtenFiles, removing: removedFiles)
    }

    /// Removes temporary files left by killed runs where this edit writes. Call it holding the workspace lock.
    public func removeStaleTemporaryFiles(modifiedBefore date: Date) -> [String] {
        generation.removeStaleTemporaryFiles(modifiedBefore: date, alongside: [workspace.manifest.path] + writtenFiles.map(\.path))
    }
}

/// The daily edits of a generate-mode workspace: `strata add dependency`, `strata mv module
/// --layer`, `strata rm module`. Each is checked against the rules before anything is written:
/// an edit that adds an error is refused with the findings it would cause, unless forced.
public enum ModuleEditor {
    /// Adds `dependency` (a module, a target, or `package/Product` of a declared package) to
    /// `module`'s implementation.
    public static func addDependency(
        _ dependency: String, to module: String, force: Bool, in workspace: Workspace
    ) async throws(InputErrors)
        -> ModuleEdit
    {
        try requireGenerateMode(workspace, for: "strata add dependency")
        let declaration = try moduleDeclaration(module, in: workspace)
        let isProduct = dependency.contains("/")
        if isProduct {
            let packages = workspace.manifest.packages.map(\.name.value)
            let package = String(dependency.split(separator: "/").first ?? "")
            guard packages.contains(package) else {
                throw InputErrors(
                    .inputError(
                        "unknown-package", "'\(dependency)' names package '\(package)', which strata.yml does not declare", at: nil,
                        hint: Suggestions.didYouMean(package, in: packages) ?? "declare it under 'packages:' first"))
            }
            if declaration.packages.contains(where: { $0.value == dependency }) {
                throw InputErrors(.inputError("already-a-dependency", "'\(module)' already uses '\(dependency)'", at: declaration.name.location))
            }
        } else {
            guard let target = workspace.index[dependency], workspace.targets[target].role != .external else {
                throw InputErrors(
                    .inputError(
                        "unknown-dependency", "there is no module or target '\(dependency)' in the workspace", at: nil,
                        hint: Suggestions.didYouMean(dependency, in: workspace.targets.filter { $0.role != .external }.map(\.name))))
            }
            if workspace.targets[target].role == .app || workspace.targets[target].role == .tests {
                throw InputErrors(
                    .inputError(
                        "unknown-dependency",
                        "'\(dependency)' is \(workspace.targets[target].role == .app ? "an app" : "a test target"); nothing may depend on it",
                        at: workspace.targets[target].location))
            }
            if dependency == module || workspace.targets[target].module == module {
                throw InputErrors(.inputError("self-dependency", "'\(module)' cannot depend on its own target '\(dependency)'", at: nil))
            }
            if declaration.dependencies.contains(where: { $0.value == dependency }) {
                throw InputErrors(
                    .inputError("already-a-dependency", "'\(module)' already depends on '\(dependency)'", at: declaration.name.location))
            }
        }
        let text = try manifestText(of: workspace)
        let edited = try ManifestEditor.addingDependency(
            dependency, to: module, field: isProduct ? "packages" : "dependencies", in: text, path: workspace.manifest.path)
        return try await finish(
            workspace, old: text, new: edited, removing: [], force: force, summary: "'\(module)' depends on '\(dependency)' now",
            refusal: "add the dependency anyway with --force, or depend on what the rules allow")
    }

    /// Removes `dependency` (a module, target or `package/Product`) from `module`'s implementation
    /// (the fix for an unused-dependency finding). A source that still imports it is then
    /// reported by `strata check` (implicit-import).
    public static func removeDependency(_ dependency: String, from module: String, in workspace: Workspace) async throws(InputErrors) -> ModuleEdit {
        try requireGenerateMode(workspace, for: "strata rm dependency")
        _ = try moduleDeclaration(module, in: workspace)
        let text = try manifestText(of: workspace)
        let edited = try ManifestEditor.removingDependency(
            dependency, from: module, field: dependency.contains("/") ? "packages" : "dependencies", in: text, path: workspace.manifest.path)
        return try await finish(
            workspace, old: text, new: edited, removing: [], force: false, summary: "'\(module)' no longer depends on '\(dependency)'",
            refusal: "")
    }

    /// Moves `module` to `layer`.
    public static func move(_ module: String, toLayer layer: String, force: Bool, in workspace: Workspace) async throws(InputErrors) -> ModuleEdit {
        try requireGenerateMode(workspace, for: "strata mv module --layer")
        let declaration = try moduleDeclaration(module, in: workspace)
        let layers = workspace.layers.map(\.name)
        guard layers.contains(layer) else {
            throw InputErrors(
                .inputError(
                    "unknown-layer", "there is no layer '\(layer)' in strata.yml", at: nil,
                    hint: Suggestions.didYouMean(layer, in: layers) ?? "layers are: \(layers.joined(separator: ", "))"))
        }
        guard declaration.layer.value != layer else {
            throw InputErrors(.inputError("unchanged", "'\(module)' is in layer '\(layer)' already", at: declaration.layer.location))
        }
        let text = try manifestText(of: workspace)
        let edited = try ManifestEditor.settingLayer(layer, of: module, in: text, path: workspace.manifest.path)
        return try await finish(
            workspace, old: text, new: edited, removing: [], force: force,
            summary: "'\(module)' moved from layer '\(declaration.layer.value)' to '\(layer)'",
            refusal: "move it anyway with --force, and fix these afterwards; or move its dependencies first")
    }

    /// Removes `module`: its entry, its targets' folders and its generated files. Refused while
    /// anything outside the module depends on it.
    public static func remove(_ module: String, in workspace: Workspace) async throws(InputErrors) -> ModuleEdit {
        try requireGenerateMode(workspace, for: "strata rm module")
        _ = try moduleDeclaration(module, in: workspace)
        guard let moduleIndex = workspace.modules.firstIndex(where: { $0.name == module }) else {
            throw InputErrors(.inputError("unknown-module", "there is no module '\(module)'", at: nil))
        }
        var own = Set(workspace.modules[moduleIndex].targets.values)
        if let host = workspace.index[workspace.manifest.naming.host.name(for: module)] { own.insert(host) }
        // Who depends on it, from outside: each edge once, where it is declared. The umbrella
        // depends on every module by definition and is regenerated without it.
        let umbrella = workspace.manifest.generate.umbrella.flatMap { workspace.index[$0.value] }
        var notes: [DiagnosticNote] = []
        var dependents: Set<String> = []
        for (source, edges) in workspace.dependencies.withIDs where !own.contains(source) && source != umbrella {
            for edge in edges where own.contains(edge.target) {
                dependents.insert(workspace.targets[source].name)
                notes.append(
                    DiagnosticNote("'\(workspace.targets[source].name)' depends on '\(workspace.targets[edge.target].name)'", at: edge.location))
            }
        }
        guard dependents.isEmpty else {
            throw InputErrors(
                .inputError(
                    "module-in-use",
                    "'\(module)' cannot be removed: \(dependents.sorted().joined(separator: ", ")) depend\(dependents.count == 1 ? "s" : "") on it",
                    at: workspace.modules[moduleIndex].location, hint: "remove those dependencies from strata.yml first",
                    notes: notes))
        }
        // Its files: every file under its targets' folders, and its package folder in the packages layout.
        var folders = own.compactMap { workspace.targets[$0].sources?.directory }
        if workspace.manifest.generate.layout == .packages {
            folders.append(workspace.root + "/" + GenerateSettings.packageFolder(of: module))
        }
        let files = Set(Set(folders).flatMap { self.files(under: $0) })
        let text = try manifestText(of: workspace)
        var edited = try ManifestEditor.removingEntry(module, from: .modules, in: text, path: workspace.manifest.path)
        // Owners that name the module alone go with it.
        edited = try ManifestEditor.removingListItems(module, under: "owners", in: edited, path: workspace.manifest.path)
        var edit = try await finish(
            workspace, old: text, new: edited, removing: [], force: false,
            summary: "removed '\(module)' (\(own.count) target\(own.count == 1 ? "" : "s"), \(files.count) file\(files.count == 1 ? "" : "s"))",
            refusal: "")
        // The generated files the regeneration removes are its to remove.
        let generated = Set(edit.generation.changes.map { workspace.root + "/" + $0.path })
        edit.removedFiles = files.subtracting(generated).sorted()
        return edit
    }

    /// Renames `module` to `name`: its entry and every mention of its targets in strata.yml
    /// (dependencies, owners), its targets' folders (interface, mocks, tests, host app follow the
    /// naming templates), and every `import` of them in the workspace's sources.
    public static func rename(_ module: String, to name: String, in workspace: Workspace) async throws(InputErrors) -> ModuleEdit {
        try requireGenerateMode(workspace, for: "strata mv module")
        let declaration = try moduleDeclaration(module, in: workspace)
        guard let moduleIndex = workspace.modules.firstIndex(where: { $0.name == module }) else {
            throw InputErrors(.inputError("unknown-module", "there is no module '\(module)'", at: nil))
        }
        guard name != module else {
            throw InputErrors(.inputError("unchanged", "'\(module)' is named '\(name)' already", at: declaration.name.location))
        }
        let naming = workspace.manifest.naming
        // Old target name → new, for every target the module has.
        var own = workspace.modules[moduleIndex].targets
        var renamed: [String: String] = [:]
        for (role, target) in own {
            let template: NamingTemplate? =
                switch role {
                case .implementation: nil
                case .interface: naming.interface
                case .mocks: naming.mocks
                case .tests: naming.tests
                default: nil
                }
            renamed[workspace.targets[target].name] = template?.name(for: name) ?? name
        }
        let hostName = naming.host.name(for: module)
        if let host = workspace.index[hostName] {
            own[.app] = host
            renamed[hostName] = naming.host.name(for: name)
        }
        var problems = Scaffolder.nameProblems(name, kind: "module", in: workspace).filter { problem in
            !renamed.keys.contains { problem.message.contains("'\($0)'") }
        }
        problems += Scaffolder.collisions(renamed.values.sorted(), of: "module '\(name)'", in: workspace)
        guard problems.isEmpty else { throw InputErrors(problems) }

        // strata.yml: the entry and every mention.
        let text = try manifestText(of: workspace)
        let edited = try ManifestEditor.renaming(renamed, in: text, path: workspace.manifest.path)

        // The module's files move where the new names put them, unless it has a `path:` of its own.
        var moves: [(from: String, to: String)] = []
        if declaration.path == nil {
            var folders = own.values.compactMap { workspace.targets[$0].sources?.directory }
            if workspace.manifest.generate.layout == .packages {
                folders = [workspace.root + "/" + GenerateSettings.packageFolder(of: module)]
            }
            for folder in Set(folders).sorted() {
                for file in files(under: folder) {
                    let relative = String(file.dropFirst(workspace.root.count + 1))
                    let components = relative.split(separator: "/").map { renamed[String($0)] ?? String($0) }
                    moves.append((file, workspace.root + "/" + components.joined(separator: "/")))
                }
            }
        }
        for move in moves where FileManager.default.fileExists(atPath: move.to) {
            throw InputErrors(
                .inputError(
                    "target-folder-exists", "'\(move.to)' exists already; renaming '\(module)' would overwrite it", at: .file(move.to),
                    hint: "move it out of the way first"))
        }

        // Every import of a renamed target, in every source of the workspace.
        let movedTo = Dictionary(moves.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
        var written: [(path: String, contents: String)] = []
        var sources: Set<String> = []
        for target in workspace.targets where target.role != .external {
            if let folder = target.sources?.directory { sources.formUnion(files(under: folder).filter { $0.hasSuffix(".swift") }) }
        }
        var imports = 0
        for file in sources.sorted() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let scan = SourceFileReader.scan(bytes: Array(data))
            let hits = scan.imports.filter { renamed[$0.module] != nil }
            guard !hits.isEmpty || movedTo[file] != nil else { continue }
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            for hit in hits.sorted(by: { ($0.moduleLine, $0.moduleColumn) > ($1.moduleLine, $1.moduleColumn) }) {
                var start = hit.moduleColumn - 1
                let line = hit.moduleLine - 1
                guard line < lines.count, start < lines[line].count else { continue }
                if lines[line][start] == UInt8(ascii: "`") { start += 1 }
                lines[line].replaceSubrange(start..<min(lines[line].count, start + hit.module.utf8.count), with: Array(renamed[hit.module]!.utf8))
                imports += 1
            }
            let contents = String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self)
            written.append((movedTo[file] ?? file, contents))
        }
        for move in moves where !sources.contains(move.from) {
            guard let data = FileManager.default.contents(atPath: move.from) else { continue }
            written.append((move.to, String(decoding: data, as: UTF8.self)))
        }
        var edit = try await finish(
            workspace, old: text, new: edited, removing: moves.map(\.from), force: false,
            summary:
                "renamed '\(module)' to '\(name)' (\(renamed.count) target\(renamed.count == 1 ? "" : "s"), \(moves.count) file\(moves.count == 1 ? "" : "s") moved, \(imports) import\(imports == 1 ? "" : "s") changed)",
            refusal: "")
        let generated = Set(edit.generation.changes.map { workspace.root + "/" + $0.path })
        edit.writtenFiles = written.filter { !generated.contains($0.path) }
        edit.movedFrom = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        edit.removedFiles = moves.map(\.from).filter { !generated.contains($0) }
        return edit
    }

    /// The files under `folder`, absolute.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    // MARK: - Shared steps

    static func requireGenerateMode(_ workspace: Workspace, for command: String) throws(InputErrors) {
        guard workspace.manifest.mode == .generate else {
            throw InputErrors(
                .inputError(
                    "adopt-mode",
                    "\(command) edits strata.yml's modules, and this workspace is in adopt mode (its modules are in Package.swift files)",
                    at: workspace.manifest.adopt?.location ?? .file(workspace.manifest.path),
                    hint: "make the change in the Package.swift that declares the module"))
        }
    }

    static func moduleDeclaration(_ name: String, in workspace: Workspace) throws(InputErrors) -> ModuleDeclaration {
        guard let declaration = workspace.manifest.modules.first(where: { $0.name.value == name }) else {
            throw InputErrors(
                .inputError(
                    "unknown-module", "there is no module '\(name)' in strata.yml", at: nil,
                    hint: Suggestions.didYouMean(name, in: workspace.manifest.modules.map(\.name.value))))
        }
        return declaration
    }

    static func manifestText(of workspace: Workspace) throws(InputErrors) -> String {
        let path = workspace.manifest.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputErrors(.inputError("unreadable-file", "cannot read '\(path)'", at: .file(path)))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Loads the edited workspace, compares its findings with today's (refusing new errors
    /// unless `force`), and plans its generation.
    static func finish(
        _ workspace: Workspace, old: String, new: String, removing: [String], force: Bool, summary: String, refusal: String
    ) async throws(InputErrors) -> ModuleEdit {
        let manifest = try ManifestLoader.parse(data: Data(new.utf8), path: workspace.manifest.path)
        let updated = try await WorkspaceLoader().load(manifest: manifest).workspace
        let checker = try ArchitectureChecker(manifest: updated.manifest)
        func key(_ diagnostic: Diagnostic) -> String { "\(diagnostic.id)|\(diagnostic.message)" }
        let known = Set(try ArchitectureChecker(manifest: workspace.manifest).check(workspace).map(key))
        let added = checker.check(updated).filter { !known.contains(key($0)) }
        let errors = added.filter { $0.severity == .error }
        if !errors.isEmpty && !force {
            throw InputErrors(
                errors.map { error in
                    // Its places are in the edited strata.yml, which was not written.
                    var error = error
                    error.location = nil
                    error.notes = error.notes.map { DiagnosticNote($0.message) }
                    error.hint = (error.hint.map { $0 + "; " } ?? "") + "nothing was written: " + refusal
                    return error
                })
        }
        let generation = try WorkspaceGenerator.plan(for: updated)
        return ModuleEdit(
            workspace: updated, oldManifestText: old, manifestText: new, removedFiles: removing, generation: generation,
            findings: added.map {
                var finding = $0; finding.location = nil; return finding
            }, summary: summary)
    }
}
