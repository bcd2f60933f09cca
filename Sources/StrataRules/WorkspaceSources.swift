public import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
public import StrataSources
import StrataSwiftPM
public import StrataWorkspace

/// An import as the rules see it: where it is written and what it imports.
public struct SourcedImport: Sendable {
    public var file: String
    public var declaration: ImportDeclaration

    /// Where the module name is written.
    public var moduleLocation: SourceLocation {
        SourceLocation(path: file, line: declaration.moduleLine, column: declaration.moduleColumn)
    }

    /// Where the `import` keyword is.
    public var keywordLocation: SourceLocation {
        SourceLocation(path: file, line: declaration.line, column: declaration.column)
    }
}

/// One import declaration of a target, as a small value: where to find it among the scanned
/// files, and what the rules ask of it most — the target its module names and its attributes.
/// The rules go through hundreds of thousands of these; the declaration itself is fetched
/// (`WorkspaceSources[reference]`) only for the few that become findings.
public struct ImportReference: Sendable, Hashable {
    let file: Int32
    let index: Int32
    /// The imported target's index, -1 for none: the id stays inside, as small as the rest.
    let imported: Int32
    /// `@testable import`.
    public let isTestable: Bool
    /// `@_exported import`.
    public let isExported: Bool

    /// The workspace target (or package product) the imported module names, if any.
    public var importedTarget: TargetID? { imported < 0 ? nil : TargetID(Int(imported)) }
}

/// The scanned sources of a workspace, arranged for the source rules: the imports of each
/// target that count under the build configuration, which target each module name means, and
/// what each target makes visible to its dependents through `@_exported import`.
public struct WorkspaceSources: Sendable {
    /// The platform and flags `#if` conditions were evaluated for.
    public let configuration: BuildConfiguration
    /// The scanned files the references point into.
    let files: [ScannedSourceFile]
    /// Imports per target that count under the build configuration.
    public let imports: IDArray<TargetID, [ImportReference]>
    /// Imports per target in `#if` branches the build configuration leaves out.
    public let inactiveImports: IDArray<TargetID, [ImportReference]>
    /// Number of scanned files per target.
    public let fileCounts: IDArray<TargetID, Int>
    /// The target a module name means: workspace targets by module name, external products by product name.
    public let targetByModule: [String: TargetID]
    /// For each target, the targets it re-exports, transitively, through `@_exported import`,
    /// with the import that starts each chain.
    public let reexports: IDArray<TargetID, [TargetID: SourcedImport]>
    /// Files `strata secrets export` wrote that git tracks (rule `tracked-secrets`): the check
    /// asks git about ``exportedSecretsFiles`` and records the answer here.
    public var trackedSecretsFiles: [ScannedSourceFile] = []

    /// Files `strata secrets export` wrote, found by their first line.
    public var exportedSecretsFiles: [ScannedSourceFile] { files.filter(\.scan.isExportedSecrets) }

    /// Arranges the scan of `workspace`'s sources: each scanned file's `target` is the index of a
    /// `TargetID` of `workspace`.
    public init(workspace: Workspace, index: SourceIndex, configuration: BuildConfiguration) {
        self.configuration = configuration
        self.files = index.files
        var byModule: [String: TargetID] = [:]
        for (id, target) in workspace.targets.withIDs {
            for module in Self.moduleNames(of: target) where byModule[module] == nil || target.role != .external {
                byModule[module] = id
            }
        }
        targetByModule = byModule
        // Names that mean something else in one target: a module its own dependencies provide
        // under a name another target of the workspace has too (a remote product `Core` beside a
        // local package's target `Core`: SwiftPM builds the one the manifest names), its
        // `-module-alias` flags, and `moduleAliases:` of the products it depends on.
        var overrides: [TargetID: [String: TargetID]] = [:]
        // (A product whose modules are unknown, its package not resolved yet, provides at least its own name.)
        let shadowed = IDArray<TargetID, [String]>(
            workspace.targets.withIDs.map { id, target in
                let names = Self.hasUnknownModules(target) ? [Self.moduleName(of: target)] : Self.moduleNames(of: target)
                return names.filter { byModule[$0] != id }
            })
        for (id, target) in workspace.targets.withIDs {
            for dependency in workspace.dependencies[id] {
                for module in shadowed[dependency.target] where dependency.moduleAliases[module] == nil {
                    overrides[id, default: [:]][module] = dependency.target
                }
            }
            for (name, real) in target.moduleAliases {
                if let resolved = byModule[real] { overrides[id, default: [:]][name] = resolved }
            }
            for dependency in workspace.dependencies[id] {
                for alias in dependency.moduleAliases.values { overrides[id, default: [:]][alias] = dependency.target }
            }
        }

        // A target whose build sets flags of its own evaluates its sources' conditions with them.
        let targetConfigurations = IDArray<TargetID, BuildConfiguration>(
            workspace.targets.map { $0.compilationConditions.isEmpty ? configuration : configuration.setting($0.compilationConditions) })
        var imports = IDArray<TargetID, [ImportReference]>(repeating: [], count: workspace.targets.count)
        var inactive = imports
        var counts = IDArray<TargetID, Int>(repeating: 0, count: workspace.targets.count)
        for (fileIndex, file) in index.files.enumerated() where imports.contains(id: TargetID(file.target)) {
            let target = TargetID(file.target)
            counts[target] += 1
            let renamed = overrides[target]
            for (declarationIndex, declaration) in file.scan.imports.enumerated() {
                let imported = renamed?[declaration.module] ?? byModule[declaration.module]
                let reference = ImportReference(
                    file: Int32(fileIndex), index: Int32(declarationIndex), imported: Int32(imported?.index ?? -1),
                    isTestable: declaration.isTestable, isExported: declaration.isExported)
                if targetConfigurations[target].isActive(declaration.conditions) {
                    imports[target].append(reference)
                } else {
                    inactive[target].append(reference)
                }
            }
        }
        self.imports = imports
        self.inactiveImports = inactive
        self.fileCounts = counts
        reexports = Self.reexports(imports, in: index.files)
    }

    /// What each target re-exports through `@_exported import`: the direct re-exports, then their closure.
    private static func reexports(
        _ imports: IDArray<TargetID, [ImportReference]>, in files: [ScannedSourceFile]
    ) -> IDArray<TargetID, [TargetID: SourcedImport]> {
        var direct = IDArray<TargetID, [TargetID: SourcedImport]>(repeating: [:], count: imports.count)
        for (target, list) in imports.withIDs {
            for reference in list where reference.isExported {
                if let exported = reference.importedTarget, direct[target][exported] == nil {
                    direct[target][exported] = Self.sourced(reference, in: files)
                }
            }
        }
        return IDArray(
            direct.indices.map { start in
                var closure = direct[start]
                var queue = Array(closure.keys)
                while let next = queue.popLast() {
                    for (target, _) in direct[next] where closure[target] == nil && target != start {
                        closure[target] = closure[next]
                        queue.append(target)
                    }
                }
                return closure
            })
    }

    /// The import declaration a reference points to, with its file.
    public subscript(reference: ImportReference) -> SourcedImport {
        Self.sourced(reference, in: files)
    }

    private static func sourced(_ reference: ImportReference, in files: [ScannedSourceFile]) -> SourcedImport {
        let file = files[Int(reference.file)]
        return SourcedImport(file: file.path, declaration: file.scan.imports[Int(reference.index)])
    }

    /// The name `import` uses for a target by default: the target's name (an external
    /// product's name stands for its module), with characters Swift does not allow in
    /// identifiers replaced by `_`, as SwiftPM does.
    public static func moduleName(of target: Target) -> String {
        let name = target.role == .external ? String(target.name.split(separator: "/").last ?? Substring(target.name)) : target.name
        return SwiftIdentifier.moduleName(ofTarget: name)
    }

    /// Every module name `import` reaches `target` by; empty when they are unknown.
    public static func moduleNames(of target: Target) -> [String] {
        switch target.modules {
        case .own: [moduleName(of: target)]
        case .named(let names): names
        case .unknown: []
        }
    }

    /// True if the modules `target` provides are unknown (an unresolved package, an artifact
    /// not downloaded): it is never reported unused, and any import might come from it.
    public static func hasUnknownModules(_ target: Target) -> Bool {
        if case .unknown = target.modules { return true }
        return false
    }

    /// How a target may see another.
    enum Visibility {
        /// A declared dependency.
        case declared
        /// Re-exported by a declared dependency, through this `@_exported import`.
        case reexported(dependency: TargetID, through: SourcedImport)
    }

    /// The targets `target` may import: its declared dependencies and what they re-export.
    func visibleTargets(of target: TargetID, in workspace: Workspace) -> [TargetID: Visibility] {
        var visible: [TargetID: Visibility] = [:]
        for dependency in workspace.dependencies[target] {
            visible[dependency.target] = .declared
        }
        for dependency in workspace.dependencies[target] {
            for (exported, via) in reexports[dependency.target] where visible[exported] == nil {
                visible[exported] = .reexported(dependency: dependency.target, through: via)
            }
        }
        return visible
    }

    /// Where to declare a dependency of `target`, for hints: in the file that declares the
    /// dependency at `declaredAt` if given (a Podfile's pods of an Xcode app), else in the target's.
    static func whereToDeclare(_ target: TargetID, in workspace: Workspace, declaredAt: SourceLocation? = nil) -> String {
        let t = workspace.targets[target]
        guard workspace.manifest.mode == .generate else {
            // Its own manifest's name: a package may be read from `Package@swift-5.9.swift`.
            let file = (declaredAt ?? t.location).map { String($0.path.split(separator: "/").last ?? "") }
            if let file, file.hasSuffix(".podspec") || file.hasSuffix(".podspec.json") {
                return "pod '\(t.name)' in its podspec (\(file), 's.dependency')"
            }
            if file == "Podfile" { return "target '\(t.name)' in the Podfile (a 'pod' line)" }
            if file == "project.pbxproj" {
                return "target '\(t.name)' in its Xcode project (the target's Frameworks phase, or Frameworks, Libraries, and Embedded Content)"
            }
            if let file, [".yml", ".yaml", ".json"].contains(where: file.hasSuffix) {
                return "target '\(t.name)' under 'dependencies:' in its XcodeGen spec (\(file))"
            }
            let manifest = file.flatMap { ManifestSelection.isManifestName($0) ? $0 : nil } ?? "Package.swift"
            return "target '\(t.name)' in its \(manifest)"
        }
        let module = t.module ?? t.name
        switch t.role {
        case .implementation: return "module '\(module)' in strata.yml"
        case .interface: return "the interface of '\(module)' in strata.yml ('interface: { dependencies: [...] }')"
        case .mocks: return "the mocks of '\(module)' in strata.yml ('mocks: { dependencies: [...] }')"
        case .tests: return "the tests of '\(module)' in strata.yml ('tests: { dependencies: [...] }')"
        case .app, .external: return "app '\(workspace.manifest.naming.app.base(of: t.name) ?? t.name)' in strata.yml"
        }
    }
}
