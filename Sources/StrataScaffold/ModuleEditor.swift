public import Foundation
public import StrataDiagnostics
public import StrataFileSystem
public import StrataGenerate
import StrataManifest
import StrataProjectFormat
import StrataRules
import StrataSources
import StrataSwiftPM
public import StrataWorkspace

/// A change to an existing module, worked out before anything is written: strata.yml edited as
/// text (the rest of the file byte for byte), the files it removes, and the regeneration.
public struct ModuleEdit: Sendable {
    /// The workspace as it will be.
    public var workspace: Workspace
    public var oldManifestText: String
    public var manifestText: String
    /// Files removed (absolute paths), with the folders they leave empty.
    public var removedFiles: [String]
    /// Files written (absolute paths) besides strata.yml and the generated ones: sources whose
    /// imports were renamed (at their new places if they move), each with the mode it keeps.
    public var writtenFiles: [(path: String, contents: String, mode: mode_t?)] = []
    /// A renamed module's other files at their new places, byte for byte (links as links).
    public var copies: [StagedFile] = []
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
        let sources = writtenFiles.map { StagedFile(path: $0.path, contents: .bytes(Data($0.contents.utf8), mode: $0.mode)) }
        try generation.apply(force: force, alongside: [(workspace.manifest.path, manifestText)], copies: sources + copies, removing: removedFiles)
    }

    /// Removes temporary files left by killed runs where this edit writes. Call it holding the workspace lock.
    public func removeStaleTemporaryFiles(modifiedBefore date: Date) -> [String] {
        generation.removeStaleTemporaryFiles(
            modifiedBefore: date, alongside: [workspace.manifest.path] + writtenFiles.map(\.path) + copies.map(\.path))
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
            try await requireProduct(dependency, in: workspace)
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
            folders.append(workspace.root + "/" + workspace.manifest.packageFolder(of: module))
        }
        let contents = Set(folders).sorted().map { FolderContents.read($0, readingFiles: false) }
        let problems = contents.flatMap(\.problems)
        guard problems.isEmpty else { throw InputErrors(problems.map { unreadable($0.path, $0.reason, stopping: "removing '\(module)'") }) }
        let files = Set(contents.flatMap(\.paths))
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
        guard name != module else {
            throw InputErrors(.inputError("unchanged", "'\(module)' is named '\(name)' already", at: declaration.name.location))
        }
        let (own, renamed) = try renamedTargets(of: module, to: name, in: workspace)
        // strata.yml: the entry and every mention.
        let text = try manifestText(of: workspace)
        let edited = try ManifestEditor.renaming(renamed, in: text, path: workspace.manifest.path)
        // Everything is read before anything is written: a file or folder that cannot be read
        // stops the rename here, with nothing changed.
        let moving = declaration.path == nil && declaration.packageFolder == nil ? movingFolders(of: module, own: own, in: workspace) : []
        var moves = try RenameMoves(moving, renamed: renamed, module: module, in: workspace)
        let imports = renameImports(renamed, moves: &moves, module: module, in: workspace)
        let unreadableFiles = moves.unreadable + imports.unreadable
        guard unreadableFiles.isEmpty else {
            // A file both moved and scanned for imports is reported once.
            var seen: Set<String> = []
            throw InputErrors(unreadableFiles.filter { seen.insert($0.location?.path ?? "").inserted })
        }
        let movedCount = moving.reduce(0) { $0 + $1.entries.count }
        var edit = try await finish(
            workspace, old: text, new: edited, removing: [], force: false,
            summary:
                "renamed '\(module)' to '\(name)' (\(renamed.count) target\(renamed.count == 1 ? "" : "s"), \(movedCount) file\(movedCount == 1 ? "" : "s") moved, \(imports.count) import\(imports.count == 1 ? "" : "s") changed)",
            refusal: "")
        let generated = Set(edit.generation.changes.map { workspace.root + "/" + $0.path })
        edit.writtenFiles = imports.written.filter { !generated.contains($0.path) }
        edit.copies = moves.moved.keys.sorted().compactMap { moves.moved[$0] }.filter { !generated.contains($0.path) }
        edit.movedFrom = moves.movedFrom
        edit.removedFiles = moving.flatMap(\.paths).filter { !generated.contains($0) }
        return edit
    }

    /// The module's targets (its host app among them), and each one's new name: the naming
    /// templates applied to `name`. A new name that is not a valid one, or that is taken, is an error.
    static func renamedTargets(
        of module: String, to name: String, in workspace: Workspace
    ) throws(InputErrors) -> (own: [TargetID], renamed: [String: String]) {
        guard let moduleIndex = workspace.modules.firstIndex(where: { $0.name == module }) else {
            throw InputErrors(.inputError("unknown-module", "there is no module '\(module)'", at: nil))
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
        return (Array(own.values), renamed)
    }

    /// Where each file of the renamed targets' folders goes: its path with the renamed targets'
    /// folder names replaced. A file already at a new place stops the rename.
    struct RenameMoves {
        /// Old path → the file at its new place (taken out for a file whose imports change, which is written instead).
        var moved: [String: StagedFile] = [:]
        /// New path → old.
        var movedFrom: [String: String] = [:]
        /// Files and folders that cannot be read.
        var unreadable: [Diagnostic] = []

        init(_ moving: [FolderContents], renamed: [String: String], module: String, in workspace: Workspace) throws(InputErrors) {
            for contents in moving {
                unreadable += contents.problems.map { ModuleEditor.unreadable($0.path, $0.reason, stopping: "renaming '\(module)'") }
            }
            func newPlace(_ path: String) -> String {
                guard moving.contains(where: { PathResolution.path(path, inside: $0.folder) != nil }),
                    let relative = PathResolution.path(path, inside: workspace.root)
                else { return path }
                var components = relative.split(separator: "/").map(String.init)
                for index in components.indices.dropLast() { components[index] = renamed[components[index]] ?? components[index] }
                return workspace.root + "/" + components.joined(separator: "/")
            }
            for contents in moving {
                for (entry, path) in zip(contents.entries, contents.paths) {
                    moved[path] = contents.moved(entry, to: newPlace(path), newPlace: newPlace)
                    movedFrom[newPlace(path)] = path
                }
            }
            for file in moved.values.sorted(by: { $0.path < $1.path }) {
                var info = stat()
                if lstat(file.path, &info) == 0 {
                    throw InputErrors(
                        .inputError(
                            "target-folder-exists", "'\(file.path)' exists already; renaming '\(module)' would overwrite it", at: .file(file.path),
                            hint: "move it out of the way first"))
                }
            }
        }
    }

    /// Every import of a renamed target, in every source of the workspace, rewritten: the files
    /// to write (at their new place, for a moved file, which then is not copied), how many
    /// imports changed, and the sources that cannot be read.
    static func renameImports(
        _ renamed: [String: String], moves: inout RenameMoves, module: String, in workspace: Workspace
    ) -> (written: [(path: String, contents: String, mode: mode_t?)], count: Int, unreadable: [Diagnostic]) {
        var written: [(path: String, contents: String, mode: mode_t?)] = []
        var imports = 0
        let (sources, sourceProblems) = swiftSources(of: workspace)
        let unreadableFiles = sourceProblems.map { unreadable($0.path, $0.reason, stopping: "renaming the imports of '\(module)'") }
        for (file, bytes) in sources {
            let scan = SourceFileReader.scan(bytes: bytes)
            let hits = scan.imports.filter { renamed[$0.module] != nil }
            guard !hits.isEmpty else { continue }
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            for hit in hits.sorted(by: { ($0.moduleLine, $0.moduleColumn) > ($1.moduleLine, $1.moduleColumn) }) {
                var start = hit.moduleColumn - 1
                let line = hit.moduleLine - 1
                guard line < lines.count, start < lines[line].count else { continue }
                if lines[line][start] == UInt8(ascii: "`") { start += 1 }
                lines[line].replaceSubrange(start..<min(lines[line].count, start + hit.module.utf8.count), with: Array(renamed[hit.module]!.utf8))
                imports += 1
            }
            let contents = String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self)
            if let move = moves.moved[file], case .bytes(_, let mode) = move.contents {
                written.append((move.path, contents, mode))
                moves.moved[file] = nil
            } else {
                written.append((file, contents, nil))
            }
        }
        return (written, imports, unreadableFiles)
    }

    /// The folders a renamed module's files move from, read: its targets' folders, or its
    /// package folder in the packages layout.
    static func movingFolders(of module: String, own: [TargetID], in workspace: Workspace) -> [FolderContents] {
        var folders = own.compactMap { workspace.targets[$0].sources?.directory }
        if workspace.manifest.generate.layout == .packages {
            folders = [workspace.root + "/" + workspace.manifest.packageFolder(of: module)]
        }
        return Set(folders).sorted().map { FolderContents.read($0) }
    }

    /// Every Swift source of the workspace's targets, read (by real path: a file reached
    /// through a link is the file the link leads to), and those that could not be read.
    static func swiftSources(of workspace: Workspace) -> (files: [(path: String, bytes: [UInt8])], problems: [(path: String, reason: String)]) {
        var paths: Set<String> = []
        var problems: [(path: String, reason: String)] = []
        for target in workspace.targets where target.role != .external {
            guard let sources = target.sources else { continue }
            let found = SourceFileCollector.collect(sources)
            for (path, problem) in found.problems where problem.kind == .unreadable { problems.append((path, problem.message)) }
            for file in found.files {
                var info = stat()
                if lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = PathResolution.resolvingLinks(file.path) {
                    paths.insert(real)
                } else {
                    paths.insert(file.path)
                }
            }
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for path in paths.sorted() {
            switch FileContents.read(path) {
            case .success(let bytes): files.append((path, bytes))
            case .failure(let failure): problems.append((path, failure.description))
            }
        }
        return (files, problems)
    }

    /// The error for a file or folder an edit cannot read.
    static func unreadable(_ path: String, _ reason: String, stopping what: String) -> Diagnostic {
        .inputError(
            "unreadable-file", "cannot read '\(path)': \(reason); that stops \(what)", at: .file(path),
            hint: "nothing was changed; make it readable (chmod u+r, or a+rx for a folder) or remove it, then run the command again")
    }

    // MARK: - Shared steps

    /// For `package/Product` of a package strata.yml takes from a folder: the package must have
    /// that product (SwiftPM would refuse the Package.swift otherwise). A package from a URL or a
    /// registry is not fetched to find out.
    static func requireProduct(_ dependency: String, in workspace: Workspace) async throws(InputErrors) {
        let parts = dependency.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let package = workspace.manifest.packages.first(where: { $0.name.value == parts[0] }),
            case .path(let path) = package.source
        else { return }
        let manifestPath = await ManifestSelection.manifestPath(in: PathResolution.resolve(path, in: workspace.root), files: LocalFiles())
        let products = try await PackageManifestReader.read(path: manifestPath, reading: .automatic).0.products.map(\.name)
        guard products.contains(parts[1]) else {
            throw InputErrors(
                .inputError(
                    "unknown-product", "package '\(parts[0])' (\(path)) has no product '\(parts[1])'", at: package.name.location,
                    hint: Suggestions.didYouMean(parts[1], in: products).map { "\($0) (write '\(parts[0])/…')" }
                        ?? "its products are: \(products.isEmpty ? "none" : products.joined(separator: ", "))"))
        }
    }

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
        try InputFile.text(workspace.manifest.path)
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
