import StrataDiagnostics
public import StrataGraph
public import StrataManifest
public import StrataProjectFormat

/// A loaded workspace: layers, modules, and the graph of targets with every edge's declaration.
///
/// Targets, layers and modules are known by their ids (`TargetID`, `LayerID`, `ModuleID`);
/// `dependencies[id]` are target `id`'s edges and `graph` is the same edges as a `Digraph` for
/// the algorithms, target `id` being node `id.index`.
public struct Workspace: Sendable {
    public var name: String
    /// Absolute path of the workspace folder.
    public var root: String
    public var manifest: Manifest
    public var layers: IDArray<LayerID, Layer>
    public var modules: IDArray<ModuleID, Module>
    public var targets: IDArray<TargetID, Target>
    public var dependencies: IDArray<TargetID, [Dependency]>
    /// The same edges as `dependencies`.
    public let graph: Digraph
    /// Target by name.
    public let index: [String: TargetID]
    /// For each target, its module.
    public let moduleOfTarget: IDArray<TargetID, ModuleID?>
    /// The projects of other build systems the graph was read from (adopt mode's XcodeGen specs).
    public var projectSpecs: [ProjectSpec] = []

    public init(
        name: String, root: String, manifest: Manifest, layers: IDArray<LayerID, Layer>, modules: IDArray<ModuleID, Module>,
        targets: IDArray<TargetID, Target>, dependencies: IDArray<TargetID, [Dependency]>
    ) {
        self.name = name
        self.root = root
        self.manifest = manifest
        self.layers = layers
        self.modules = modules
        self.targets = targets
        self.dependencies = dependencies
        self.graph = Digraph(successors: dependencies.map { $0.map(\.target.index) })
        // By index, not `enumerated()`, which copies every target (all its strings) on the way.
        self.index = Dictionary(targets.indices.map { (targets[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        let moduleIndex = Dictionary(modules.indices.map { (modules[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        self.moduleOfTarget = targets.mapElements { $0.module.flatMap { moduleIndex[$0] } }
    }

    /// The workspace as SwiftPM builds it for `platform` (its name: `ios`, `linux`…): edges
    /// whose `.when(platforms:)` leaves that platform out are gone. Trait conditions are kept,
    /// since which traits a build enables is not known here.
    public func building(forPlatform platform: String) -> Workspace {
        guard dependencies.contains(where: { $0.contains { $0.condition != nil } }) else { return self }
        var built = Workspace(
            name: name, root: root, manifest: manifest, layers: layers, modules: modules, targets: targets,
            dependencies: dependencies.mapElements { edges in edges.filter { $0.condition?.applies(toPlatform: platform) ?? true } })
        built.edgesForOtherPlatforms = dependencies.mapElements { edges in edges.filter { !($0.condition?.applies(toPlatform: platform) ?? true) } }
        return built
    }

    /// After `building(forPlatform:)`: per target, the edges left out because their condition
    /// names other platforms (for messages: an import of one is undeclared on this platform).
    public var edgesForOtherPlatforms: IDArray<TargetID, [Dependency]> = []

    /// The number of edges.
    public var dependencyCount: Int { dependencies.reduce(0) { $0 + $1.count } }

    /// How high a target sits: apps above every layer, module targets at their layer (the
    /// first layer is the top); externals and unmapped targets have no rank.
    public func rank(of target: TargetID) -> Rank? {
        // Fields read in place: copying a Target (names, sources, aliases) costs more than the rule.
        if targets[target].role == .app { return .app }
        return targets[target].layer.map(Rank.layer)
    }

    /// A name for the target's layer in messages: the layer name, "app", or "external".
    public func layerName(of target: TargetID) -> String {
        switch targets[target].role {
        case .app: return "app"
        case .external: return "external"
        default: return targets[target].layer.map { layers[$0].name } ?? "no layer"
        }
    }

    /// The edge from `source` to `target`, if there is one.
    public func dependency(from source: TargetID, to target: TargetID) -> Dependency? {
        dependencies[source].first { $0.target == target }
    }

    /// The path from a search source to `target` through `parents` (as `graph`'s breadth-first
    /// searches return them), or nil if the search did not reach it.
    public func path(to target: TargetID, parents: [Int?]) -> [TargetID]? {
        Digraph.path(to: target.index, parents: parents)?.map(TargetID.init)
    }

    /// The target of this workspace that is `target` of `other` (another revision of it, say):
    /// the one of the same name, if there is one. Ids of two workspaces are never compared.
    public func target(matching target: TargetID, of other: Workspace) -> TargetID? {
        index[other.targets[target].name]
    }

    /// The module a target belongs to.
    public func module(of target: TargetID) -> Module? {
        moduleOfTarget[target].map { modules[$0] }
    }

    /// The interface target of the module `target` belongs to, if it has one.
    public func interfaceTarget(ofModuleOf target: TargetID) -> TargetID? {
        module(of: target)?.targets[.interface]
    }
}

/// How high a target sits in the architecture: apps above every layer, then the layers from
/// the top (the first in strata.yml) down. Higher sits first: `.app < .layer(LayerID(0))`.
public enum Rank: Hashable, Comparable, Sendable {
    case app
    case layer(LayerID)
}
