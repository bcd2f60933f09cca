import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat

/// Collects targets and edges while a workspace is being built, catching name collisions.
/// Both the generate-mode and the adopt-mode builders use it.
struct GraphAssembler {
    private(set) var targets: IDArray<TargetID, Target> = []
    private(set) var dependencies: IDArray<TargetID, [Dependency]> = []
    private(set) var index: [String: TargetID] = [:]
    /// Every edge as `from << 32 | to`, so that repeated edges are found in constant time.
    private var edges: Set<Int> = []
    var diagnostics: [Diagnostic] = []

    /// Adds a target; reports `duplicate-target` and returns the existing index if the name is
    /// taken (`hint` says how to resolve it where the caller knows better than the default).
    @discardableResult
    /// (`duplicateHint` is made only for a duplicate: a workspace of packages adds thousands of
    /// targets, and a hint names folders that take work to spell.)
    mutating func add(_ target: Target, origin: @autoclosure () -> String, duplicateHint: @autoclosure () -> String? = nil) -> TargetID {
        if let existing = index[target.name] {
            diagnostics.append(
                .inputError(
                    "duplicate-target",
                    "\(origin()) produces target '\(target.name)', which already exists",
                    at: target.location,
                    hint: duplicateHint() ?? "rename one of them, or change the naming templates in 'naming:'",
                    notes: [DiagnosticNote("'\(target.name)' is first declared here", at: targets[existing].location)]
                ))
            return existing
        }
        let id = targets.append(target)
        dependencies.append([])
        index[target.name] = id
        return id
    }

    /// The external product's target, created on first use.
    mutating func external(package: String, product: String, location: SourceLocation?) -> TargetID {
        let name = "\(package)/\(product)"
        if let id = index[name] { return id }
        return add(
            Target(name: name, role: .external, module: nil, layer: nil, location: location, package: package),
            origin: "package '\(package)'")
    }

    /// Sets what an external target provides and how it links.
    mutating func setExternal(_ id: TargetID, modules: ProvidedModules, linkage: Linkage) {
        targets[id].modules = modules
        targets[id].linkage = linkage
    }

    /// Makes room for about `count` more edges, so that a large graph's edges are not
    /// rehashed as they come.
    mutating func reserveEdges(_ count: Int) {
        edges.reserveCapacity(edges.count + count)
    }

    /// Adds the edge `from → to` unless it exists; the first declaration's location is kept.
    mutating func addEdge(
        from: TargetID, to: TargetID, location: SourceLocation?, automatic: Bool = false, condition: DependencyCondition? = nil,
        moduleAliases: [String: String] = [:], isLinked: Bool = true, dynamicLibrary: String? = nil, product: String? = nil,
        isPluginUsage: Bool = false
    ) {
        guard edges.insert(from.index << 32 | to.index).inserted else {
            // Declared again: the edge applies wherever either declaration does, and links if either does.
            guard let existing = dependencies[from].firstIndex(where: { $0.target == to }) else { return }
            dependencies[from][existing].condition = DependencyCondition.either(dependencies[from][existing].condition, condition)
            dependencies[from][existing].moduleAliases.merge(moduleAliases) { first, _ in first }
            dependencies[from][existing].isLinked = dependencies[from][existing].isLinked || isLinked
            // Linked statically once, it is embedded: the static link is the one that counts.
            if dynamicLibrary == nil { dependencies[from][existing].dynamicLibrary = nil }
            // Named on its own once, it is a declaration of its own.
            if product == nil { dependencies[from][existing].product = nil }
            // Depended on as well as run as a plugin: the dependency is what counts.
            if !isPluginUsage { dependencies[from][existing].isPluginUsage = false }
            return
        }
        var dependency = Dependency(target: to, location: location, isAutomatic: automatic)
        dependency.condition = condition
        dependency.moduleAliases = moduleAliases
        dependency.isLinked = isLinked
        dependency.dynamicLibrary = dynamicLibrary
        dependency.product = product
        dependency.isPluginUsage = isPluginUsage
        dependencies[from].append(dependency)
    }

    /// Makes every edge `isDynamic(from, to)` holds for a link through `to`'s own dynamic library,
    /// named after it.
    mutating func linkDynamically(where isDynamic: (_ from: Target, _ to: Target) -> Bool) {
        for from in dependencies.indices {
            for index in dependencies[from].indices where isDynamic(targets[from], targets[dependencies[from][index].target]) {
                dependencies[from][index].dynamicLibrary = targets[dependencies[from][index].target].name
            }
        }
    }

    /// Every owner in strata.yml names a module of the workspace (or a pattern).
    mutating func checkOwners(_ owners: [OwnerDeclaration], modules: Set<String>) {
        for owner in owners {
            for entry in owner.modules where !Glob.isPattern(entry.value) && !modules.contains(entry.value) {
                diagnostics.append(
                    .inputError(
                        "unknown-module", "owner '\(owner.owner.value)' owns '\(entry.value)', which is not a module",
                        at: entry.location, hint: Suggestions.didYouMean(entry.value, in: modules)))
            }
        }
    }

    /// Names close to `name` among existing targets, for "did you mean".
    func suggestion(for name: String) -> String? {
        Suggestions.didYouMean(name, in: targets.filter { $0.role != .external }.map(\.name))
    }
}
