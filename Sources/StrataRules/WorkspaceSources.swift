public import StrataDiagnostics
public import StrataModel
public import StrataSources

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

/// The scanned sources of a workspace, arranged for the source rules: the imports of each
/// target that count under the build configuration, which target each module name means, and
/// what each target makes visible to its dependents through `@_exported import`.
public struct WorkspaceSources: Sendable {
    public let configuration: BuildConfiguration
    /// Report imports of modules that are neither in the workspace, a package nor an SDK.
    public let strictImports: Bool
    /// Imports per target index that count under the build configuration.
    public let imports: [[SourcedImport]]
    /// Every import per target index, in every `#if` branch.
    public let allImports: [[SourcedImport]]
    /// Number of scanned files per target index.
    public let fileCounts: [Int]
    /// The target a module name means: workspace targets by module name, external products by product name.
    public let targetByModule: [String: Int]
    /// For each target, the targets it re-exports, transitively, through `@_exported import`,
    /// with the import that starts each chain.
    public let reexports: [[Int: SourcedImport]]

    public init(workspace: Workspace, index: SourceIndex, configuration: BuildConfiguration, strictImports: Bool) {
        self.configuration = configuration
        self.strictImports = strictImports
        var byModule: [String: Int] = [:]
        for (id, target) in workspace.targets.enumerated() {
            let module = Self.moduleName(of: target)
            if byModule[module] == nil || target.role != .external { byModule[module] = id }
        }
        targetByModule = byModule

        var imports = [[SourcedImport]](repeating: [], count: workspace.targets.count)
        var allImports = imports
        var counts = [Int](repeating: 0, count: workspace.targets.count)
        for file in index.files where file.target < imports.count {
            counts[file.target] += 1
            for declaration in file.scan.imports {
                let item = SourcedImport(file: file.path, declaration: declaration)
                allImports[file.target].append(item)
                if configuration.isActive(declaration.conditions) { imports[file.target].append(item) }
            }
        }
        self.imports = imports
        self.allImports = allImports
        self.fileCounts = counts

        // Direct re-exports, then their closure.
        let direct: [[Int: SourcedImport]] = imports.map { list in
            var exported: [Int: SourcedImport] = [:]
            for item in list where item.declaration.isExported {
                if let target = byModule[item.declaration.module], exported[target] == nil { exported[target] = item }
            }
            return exported
        }
        reexports = direct.indices.map { start in
            var closure = direct[start]
            var queue = Array(closure.keys)
            while let next = queue.popLast() {
                for (target, _) in direct[next] where closure[target] == nil && target != start {
                    closure[target] = closure[next]
                    queue.append(target)
                }
            }
            return closure
        }
    }

    /// The name `import` uses for a target: the target's name (an external product's name
    /// stands for its module), with characters Swift does not allow in identifiers replaced by
    /// `_`, as SwiftPM does.
    public static func moduleName(of target: Target) -> String {
        let name = target.role == .external ? String(target.name.split(separator: "/").last ?? Substring(target.name)) : target.name
        return String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
            })
    }

    /// How a target may see another.
    enum Visibility {
        /// A declared dependency.
        case declared
        /// Re-exported by a declared dependency, through this `@_exported import`.
        case reexported(dependency: Int, through: SourcedImport)
    }

    /// The targets `target` may import: its declared dependencies and what they re-export.
    func visibleTargets(of target: Int, in workspace: Workspace) -> [Int: Visibility] {
        var visible: [Int: Visibility] = [:]
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

    /// Where to declare a dependency of `target`, for hints.
    static func whereToDeclare(_ target: Int, in workspace: Workspace) -> String {
        let t = workspace.targets[target]
        guard workspace.manifest.mode == .generate else { return "target '\(t.name)' in its Package.swift" }
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
