import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataManifest
import StrataReport
import StrataScaffold
import StrataWorkspace

/// Options every daily edit takes.
struct ModuleEditOptions: ParsableArguments {
    @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var workspace: String = "."

    @Flag(help: "Print the strata.yml diff and the files that would change; write nothing.")
    var dryRun = false

    @Flag(help: "Make the change even if it adds rule errors, and replace generated files edited by hand.")
    var force = false

    @OptionGroup var lockOptions: LockOptions

    /// Loads the workspace, works out the edit and writes it (or prints it with --dry-run).
    func run(_ make: (Workspace) async throws(InputErrors) -> ModuleEdit) async throws {
        let display = PathDisplay()
        let lock = try lockOptions.lock(workspace, mode: dryRun ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let edit: ModuleEdit = try await make(try await WorkspaceLoader().load(path: workspace).workspace)
        if !dryRun {
            if let lock { Terminal.reportRemoved(staleFiles: edit.removeStaleTemporaryFiles(modifiedBefore: lock.acquired)) }
            try edit.apply(force: force)
        }
        Terminal.standardError(edit.findings)
        let manifest = display(edit.workspace.manifest.path)
        let root = edit.workspace.root
        if dryRun {
            Terminal.standardOutput(edit.manifestDiff(displayPath: manifest))
            // Each source written: its change as a diff (from its old place, if it moves).
            for file in edit.writtenFiles {
                let from = edit.movedFrom[file.path] ?? file.path
                let old = (try? String(contentsOfFile: from, encoding: .utf8)) ?? ""
                guard old != file.contents || from != file.path else { continue }
                let diff = UnifiedDiff.diff(old: old, new: file.contents, oldPath: "a/\(display(from))", newPath: "b/\(display(file.path))")
                Terminal.standardOutput(diff.isEmpty ? "rename \(display(from)) → \(display(file.path))\n" : diff)
            }
        }
        let report = dryRun ? Terminal.standardOutput : { Terminal.standardError($0.hasSuffix("\n") ? String($0.dropLast()) : $0) }
        for file in edit.writtenFiles { report("strata: \(dryRun ? "would write" : "wrote") \(display(file.path))\n") }
        for file in edit.removedFiles { report("strata: \(GenerationPlan.Change.remove.described(dryRun: dryRun)) \(display(file))\n") }
        for change in edit.generation.changes {
            report("strata: \(change.change.described(dryRun: dryRun)) \(display(root + "/" + change.path))\n")
        }
        Terminal.standardError(dryRun ? "strata: dry run; nothing was written" : "strata: \(edit.summary); updated \(manifest)")
    }
}

extension ModuleEditOptions {
    /// Adopt mode: the dependency edit goes into the Package.swift that declares the target.
    /// False, with nothing done, when the workspace is in generate mode.
    func runInPackages(_ fix: DependencyFix) async throws -> Bool {
        let workspace: Workspace = try await WorkspaceLoader().load(path: self.workspace).workspace
        guard workspace.manifest.mode == .adopt else { return false }
        let lock = try lockOptions.lock(self.workspace, mode: dryRun ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let edit = PackageDependencyEditor.edit([fix], in: workspace)
        let display = PathDisplay()
        guard !edit.files.isEmpty else {
            Terminal.standardError(
                edit.findings.map {
                    var error = $0; error.severity = .error; return error
                })
            throw ExitCode(2)
        }
        if dryRun {
            Terminal.standardOutput(edit.diff(display: display.callAsFunction))
            Terminal.standardError("strata: dry run; nothing was written")
            return true
        }
        try edit.apply()
        for file in edit.files { Terminal.standardError("strata: updated \(display(file.path))") }
        return true
    }
}

/// `strata add dependency MODULE DEPENDENCY`.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a dependency to a module: in strata.yml (generate mode, then regenerated) or in its Package.swift (adopt mode).",
        discussion: """
            Examples:
              Let Spacesuit use the Telemetry module:
                strata add dependency Spacesuit Telemetry
            """,
        subcommands: [AddDependencyCommand.self]
    )
}

struct AddDependencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dependency",
        abstract: "Make a module depend on a module, target or package/Product (the fix for an implicit-import finding).",
        discussion: """
            strata.yml gets the dependency in the module's own style (a flow list, a block list, or a new \
            'dependencies:' field) and is otherwise left byte for byte; the build files are regenerated in \
            the same transaction. A dependency the rules forbid is refused with the findings it would cause.
            Exit status: 0 added, 2 bad input or refused (nothing was written).

            Examples:
              Let Spacesuit use the Telemetry module:
                strata add dependency Spacesuit Telemetry
              An external package's product, showing the diff first:
                strata add dependency Network swift-log/Logging --dry-run
            """
    )

    @Argument(help: "The module that gets the dependency.")
    var module: String

    @Argument(help: "What it depends on: a module, a target (an interface or mocks target) or package/Product.")
    var dependency: String

    @OptionGroup var options: ModuleEditOptions

    func run() async throws {
        if try await options.runInPackages(DependencyFix(.add, target: module, dependency: dependency)) { return }
        try await options.run { workspace throws(InputErrors) in
            try await ModuleEditor.addDependency(dependency, to: module, force: options.force, in: workspace)
        }
    }
}

/// `strata mv module MODULE NEW-NAME` and `strata mv module MODULE --layer LAYER`.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Rename a module, or move it to another layer (generate mode).",
        discussion: """
            Examples:
              Rename a module:
                strata mv module Radio Antenna
            """,
        subcommands: [MoveModuleCommand.self]
    )
}

struct MoveModuleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "module",
        abstract: "Rename a module (strata.yml, folders, companions, dependencies, imports), or move it to another layer.",
        discussion: """
            'strata mv module A B' renames A to B: its entry and every mention of its targets in strata.yml, \
            its targets' folders (interface, mocks, tests and host app follow the naming templates), and every \
            import of them in the workspace's sources, in one transaction; --dry-run shows the diff first. \
            'strata mv module A --layer L' moves A to layer L, refused with the findings it would cause unless --force.
            Exit status: 0 done, 2 bad input or refused (nothing was written).

            Examples:
              Rename a module, its folders and its imports; show the diff first:
                strata mv module Radio Antenna --dry-run
              Move a module to another layer:
                strata mv module Telemetry --layer core
            """
    )

    @Argument(help: "The module to rename or move.")
    var module: String

    @Argument(help: "Its new name (leave out with --layer).")
    var newName: String?

    @Option(help: "The layer to move it to (instead of a new name).")
    var layer: String?

    @OptionGroup var options: ModuleEditOptions

    func validate() throws {
        if (newName == nil) == (layer == nil) { throw ValidationError("give either a new name or --layer LAYER") }
    }

    func run() async throws {
        try await options.run { workspace throws(InputErrors) in
            if let newName { return try await ModuleEditor.rename(module, to: newName, in: workspace) }
            return try await ModuleEditor.move(module, toLayer: layer!, force: options.force, in: workspace)
        }
    }
}

/// `strata rm module MODULE`.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a module or a dependency (generate mode).",
        discussion: """
            Examples:
              Remove a module nothing depends on:
                strata rm module Antenna
            """,
        subcommands: [RemoveModuleCommand.self, RemoveDependencyCommand.self]
    )
}

struct RemoveModuleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "module",
        abstract: "Remove a module: its strata.yml entry, its targets' folders and its generated files.",
        discussion: """
            Refused while anything outside the module depends on it; the error lists each dependency and where it \
            is declared. Owners that list the module by name lose it. Everything is removed in one transaction.
            Exit status: 0 removed, 2 bad input or refused (nothing was written).

            Examples:
              See what removing a module deletes:
                strata rm module Antenna --dry-run
            """
    )

    @Argument(help: "The module to remove.")
    var module: String

    @OptionGroup var options: ModuleEditOptions

    func run() async throws {
        try await options.run { workspace throws(InputErrors) in
            try await ModuleEditor.remove(module, in: workspace)
        }
    }
}

struct RemoveDependencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dependency",
        abstract: "Remove a dependency from a module (the fix for an unused-dependency finding).",
        discussion: """
            Exit status: 0 removed, 2 bad input (nothing was written).

            Examples:
              Drop a dependency the check found unused:
                strata rm dependency Spacesuit Telemetry
            """
    )

    @Argument(help: "The module that has the dependency.")
    var module: String

    @Argument(help: "The dependency to remove: a module, a target or package/Product.")
    var dependency: String

    @OptionGroup var options: ModuleEditOptions

    func run() async throws {
        if try await options.runInPackages(DependencyFix(.remove, target: module, dependency: dependency)) { return }
        try await options.run { workspace throws(InputErrors) in
            try await ModuleEditor.removeDependency(dependency, from: module, in: workspace)
        }
    }
}
