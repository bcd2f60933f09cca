import StrataDiagnostics
public import StrataGraph

/// A loaded workspace: layers, modules, and the graph of targets with every edge's declaration.
///
/// Targets are numbered `0..<targets.count`; `dependencies[i]` are target `i`'s edges and
/// `graph` is the same edges as a `Digraph` for the algorithms.
public struct Workspace: Sendable {
    public var name: String
    /// Absolute path of the workspace folder.
    public var root: String
    public var manifest: Manifest
    public var layers: [Layer]
    public var modules: [Module]
    public var targets: [Target]
    public var dependencies: [[Dependency]]
    /// The same edges as `dependencies`.
    public let graph: Digraph
    /// Target index by name.
    public let index: [String: Int]
    /// For each target, the index of its module in `modules`.
    public let moduleOfTarget: [Int?]
    /// The projects of other build systems the graph was read from (adopt mode's XcodeGen specs).
    public var projectSpecs: [ProjectSpec] = []

    public init(
        name: String, root: String, manifest: Manifest, layers: [Layer], modules: [Module],
        targets: [Target], dependencies: [[Dependency]]
    ) {
        self.name = name
        self.root = root
        self.manifest = manifest
        self.layers = layers
        self.modules = modules
        self.targets = targets
        self.dependencies = dependencies
        self.graph = Digraph(successors: dependencies.map { $0.map(\.target) })
        // By index, not `enumerated()`, which copies every target (all its strings) on the way.
        self.index = Dictionary(targets.indices.map { (targets[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        let moduleIndex = Dictionary(modules.indices.map { (modules[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        self.moduleOfTarget = targets.map { $0.module.flatMap { moduleIndex[$0] } }
    }

    /// The workspace as SwiftPM builds it for `platform` (its name: `ios`, `linux`…): edges
    /// whose `.when(platforms:)` leaves that platform out are gone. Trait conditions are kept,
    /// since which traits a build enables is not known here.
    public func building(forPlatform platform: String) -> Workspace {
        guard dependencies.contains(where: { $0.contains { $0.condition != nil } }) else { return self }
        var built = Workspace(
            name: name, root: root, manifest: manifest, layers: layers, modules: modules, targets: targets,
            dependencies: dependencies.map { edges in edges.filter { $0.condition?.applies(toPlatform: platform) ?? true } })
        built.edgesForOtherPlatforms = dependencies.map { edges in edges.filter { !($0.condition?.applies(toPlatform: platform) ?? true) } }
        return built
    }

    /// After `building(forPlatform:)`: per target, the edges left out because their condition
    /// names other platforms (for messages: an import of one is undeclared on this platform).
    public var edgesForOtherPlatforms: [[Dependency]] = []

    /// The number of edges.
    public var dependencyCount: Int { dependencies.reduce(0) { $0 + $1.count } }

    /// How high a target sits: apps are above every layer (-1), module targets sit at their
    /// layer's index (0 = top), externals and unmapped targets have no rank.
    public func rank(of target: Int) -> Int? {
        // Fields read in place: copying a Target (names, sources, aliases) costs more than the rule.
        if targets[target].role == .app { return -1 }
        return targets[target].layer
    }

    /// A name for the target's layer in messages: the layer name, "app", or "external".
    public func layerName(of target: Int) -> String {
        switch targets[target].role {
        case .app: return "app"
        case .external: return "external"
        default: return targets[target].layer.map { layers[$0].name } ?? "no layer"
        }
    }

    /// The edge from `source` to `target`, if there is one.
    public func dependency(from source: Int, to target: Int) -> Dependency? {
        dependencies[source].first { $0.target == target }
    }

    /// The module a target belongs to.
    public func module(of target: Int) -> Module? {
        moduleOfTarget[target].map { modules[$0] }
    }

    /// The interface target of the module `target` belongs to, if it has one.
    public func interfaceTarget(ofModuleOf target: Int) -> Int? {
        module(of: target)?.targets[.interface]
    }
}
