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

/// `strata new`: scaffold a module or an app from templates and register it in strata.yml.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a module or an app from templates, add it to strata.yml and regenerate the build files.",
        discussion: """
            The sources come from per-layer templates (a domain gets a coordinator, a service a protocol, \
            an implementation and a mock); a workspace overrides them in its own templates/ folder \
            (docs/SCAFFOLDING.md). strata.yml gets one new entry and is otherwise left as it was, comments \
            and all. Everything is written in one go: if anything fails, nothing is changed. One run at \
            a time changes a workspace: a second waits for the first (or, with --no-wait, exits 2).
            Exit status: 0 created, 2 bad input (nothing was written).

            Examples:
              A service with an interface, mocks and tests:
                strata new module Weather --layer services --interface --mocks
              An app that assembles two modules:
                strata new app Mission --dependency Spacesuit --dependency Laboratory
            """,
        subcommands: [NewModuleCommand.self, NewAppCommand.self]
    )
}

/// Options both `new` subcommands take.
struct NewOptions: ParsableArguments {
    @Option(
        name: [.customShort("d"), .customLong("dependency")],
        help: ArgumentHelp("A module or target to depend on; repeat it or separate names with commas.", valueName: "name"))
    var dependencies: [String] = []

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "An external product to use, as package/Product (the package must be declared in strata.yml).", valueName: "package/Product"))
    var packages: [String] = []

    @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var workspace: String = "."

    @Flag(help: "Print what would be written (the strata.yml change and the new files) and write nothing.")
    var dryRun = false

    @Flag(help: "Replace generated files edited by hand when regenerating.")
    var force = false

    @Flag(help: "Print errors only: no warnings and no list of the files written.")
    var quiet = false

    @OptionGroup var lockOptions: LockOptions

    /// `-d A,B -d C` as `[A, B, C]`.
    var dependencyNames: [String] { Self.split(dependencies) }
    var packageNames: [String] { Self.split(packages) }

    private static func split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Loads the workspace, builds the scaffold and writes it (or prints it with --dry-run).
    func run(what: String, _ make: (Workspace) async throws(InputErrors) -> Scaffold) async throws {
        let display = PathDisplay()
        // Held from reading strata.yml to writing it back, so that a run beside this one cannot
        // write a strata.yml without this module (or this one without its).
        let lock = try lockOptions.lock(workspace, mode: dryRun ? .shared : .exclusive)
        defer { withExtendedLifetime(lock) {} }
        let scaffold: Scaffold
        let loaded = try await WorkspaceLoader().load(path: workspace).workspace
        scaffold = try await make(loaded)
        if !dryRun {
            if let lock {
                let removed = scaffold.removeStaleTemporaryFiles(modifiedBefore: lock.acquired)
                if !quiet { Terminal.reportRemoved(staleFiles: removed) }
            }
            try scaffold.apply(force: force)
        }
        Terminal.standardError(scaffold.warnings, quiet: quiet)
        let root = scaffold.workspace.root
        let manifest = display(scaffold.workspace.manifest.path)
        if dryRun {
            let old = (try? String(contentsOfFile: scaffold.workspace.manifest.path, encoding: .utf8)) ?? ""
            Terminal.standardOutput(UnifiedDiff.diff(old: old, new: scaffold.manifestText, oldPath: "a/\(manifest)", newPath: "b/\(manifest)"))
            for file in scaffold.files { Terminal.standardOutput("would create \(display(root + "/" + file.path))\n") }
            for change in scaffold.generation.changes {
                Terminal.standardOutput("\(change.change.described(dryRun: true)) \(display(root + "/" + change.path))\n")
            }
            Terminal.standardError("strata: dry run; nothing was written")
            return
        }
        if quiet { return }
        for file in scaffold.files { Terminal.standardError("strata: created \(display(root + "/" + file.path))") }
        Terminal.standardError("strata: updated \(manifest)")
        for change in scaffold.generation.changes {
            Terminal.standardError("strata: \(change.change.described()) \(display(root + "/" + change.path))")
        }
        let targets = scaffold.targets.count, files = scaffold.files.count, generated = scaffold.generation.changes.count
        Terminal.standardError(
            "strata: created \(what) with \(targets) target\(targets == 1 ? "" : "s") and \(files) file\(files == 1 ? "" : "s"); "
                + "\(generated) generated file\(generated == 1 ? "" : "s") changed")
    }
}

/// `strata new module NAME --layer LAYER`.
struct NewModuleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "module",
        abstract: "Create a module: its implementation and, as asked, interface, mocks, tests and host app.",
        discussion: """
            Examples:
              A service with an interface, mocks and tests:
                strata new module Weather --layer services --interface --mocks
              A domain module with a host app, using a service:
                strata new module Docking --layer domains --host-app --dependency Telemetry
            """)

    @Argument(help: "The module's name, a Swift identifier.")
    var name: String

    @Option(help: "The layer the module belongs to.")
    var layer: String

    @Flag(help: "Give the module an interface target (its protocols, which other modules depend on).")
    var interface = false

    @Flag(help: "Give the module a mocks target (test doubles for the modules that use it).")
    var mocks = false

    @Flag(inversion: .prefixedNo, help: "Give the module a tests target.")
    var tests = true

    @Flag(help: "Give the module a host app: an executable running it against the mocks of what it uses.")
    var hostApp = false

    @OptionGroup var options: NewOptions

    func run() async throws {
        var request = ModuleRequest(name: name, layer: layer)
        request.interface = interface
        request.mocks = mocks
        request.tests = tests
        request.hostApp = hostApp
        request.dependencies = options.dependencyNames
        request.packages = options.packageNames
        try await options.run(what: "module '\(name)' in layer '\(layer)'") { workspace throws(InputErrors) in
            try await Scaffolder.module(request, in: workspace)
        }
    }
}

/// `strata new app NAME`.
struct NewAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Create an app: an executable whose main assembles the modules it depends on.",
        discussion: """
            Examples:
              An app that assembles two modules:
                strata new app Mission --dependency Spacesuit --dependency Laboratory
            """)

    @Argument(help: "The app's name, a Swift identifier (its target is named by 'naming.app').")
    var name: String

    @OptionGroup var options: NewOptions

    func run() async throws {
        var request = AppRequest(name: name)
        request.dependencies = options.dependencyNames
        request.packages = options.packageNames
        try await options.run(what: "app '\(name)'") { workspace throws(InputErrors) in
            try await Scaffolder.app(request, in: workspace)
        }
    }
}
