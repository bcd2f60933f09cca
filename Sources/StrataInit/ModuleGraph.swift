import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataSources
public import StrataWorkspace

/// The graph layer inference works on: the workspace's modules (apps and externals left out,
/// companion targets folded into their module) and the edges between them.
///
/// An edge is **strict** when it links another module's implementation: the layer rules let it
/// point only to a lower layer. It is **weak** when it links an interface or mocks target, which
/// a module may also do inside its own layer (`same-layer` allows it).
public struct ModuleGraph: Sendable, Hashable {
    public struct Node: Sendable, Hashable {
        public var name: String
        /// The folder holding the module's folder, relative to the workspace (`Modules/Features`
        /// for `Modules/Features/Login`); nil when it is the workspace folder itself.
        public var group: String?

        public init(name: String, group: String? = nil) {
            self.name = name
            self.group = group
        }
    }

    public struct Edge: Sendable, Hashable {
        public var target: Int
        public var isStrict: Bool

        public init(target: Int, isStrict: Bool) {
            self.target = target
            self.isStrict = isStrict
        }
    }

    public var nodes: [Node]
    /// Per node, its edges to other nodes (no self edges, one edge per pair: strict if any link is).
    public var edges: [[Edge]]

    public init(nodes: [Node], edges: [[Edge]]) {
        self.nodes = nodes
        self.edges = edges.map(Self.merged)
    }

    /// The modules of a loaded workspace. Test targets' edges count too: a test target sits in
    /// its module's layer, so what it links constrains the layering like the module's own edges.
    public init(workspace: Workspace) {
        let included = workspace.modules.indices.filter { index in
            let roles = workspace.modules[index].targets.keys
            return roles.contains(.implementation) || roles.contains(.interface) || roles.contains(.mocks)
        }
        var nodeOfModule = IDArray<ModuleID, Int?>(repeating: nil, count: workspace.modules.count)
        for (node, module) in included.enumerated() { nodeOfModule[module] = node }

        // A module's folder: where its manifest is, unless other modules share that manifest
        // (one package of many targets), then its implementation's (or any target's) source folder.
        func manifestFolder(_ module: Module) -> String? {
            module.location.map { ($0.path as NSString).deletingLastPathComponent }
        }
        var modulesPerFolder: [String: Int] = [:]
        for module in included { if let folder = manifestFolder(workspace.modules[module]) { modulesPerFolder[folder, default: 0] += 1 } }
        let nodes = included.map { index -> Node in
            let module = workspace.modules[index]
            var folder = manifestFolder(module)
            if let shared = folder, modulesPerFolder[shared, default: 0] > 1 {
                let target = module.targets[.implementation] ?? module.targets.values.min()
                folder = target.flatMap { workspace.targets[$0].sources?.directory }
            }
            let parent = folder.map { PathResolution.relative(($0 as NSString).deletingLastPathComponent, from: workspace.root) }
            return Node(name: module.name, group: parent.flatMap { $0 == "." || $0.isEmpty ? nil : $0 })
        }

        var edges = [[Edge]](repeating: [], count: included.count)
        for (source, targetEdges) in workspace.dependencies.withIDs {
            guard let module = workspace.moduleOfTarget[source], let from = nodeOfModule[module] else { continue }
            for dependency in targetEdges {
                guard let otherModule = workspace.moduleOfTarget[dependency.target], let to = nodeOfModule[otherModule], to != from else { continue }
                edges[from].append(Edge(target: to, isStrict: workspace.targets[dependency.target].role == .implementation))
            }
        }
        self.init(nodes: nodes, edges: edges)
    }

    /// One edge per target, strict if any of the links to it is.
    private static func merged(_ edges: [Edge]) -> [Edge] {
        var strict: [Int: Bool] = [:]
        for edge in edges { strict[edge.target] = (strict[edge.target] ?? false) || edge.isStrict }
        return strict.keys.sorted().map { Edge(target: $0, isStrict: strict[$0]!) }
    }
}
