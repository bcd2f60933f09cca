import StrataGraph

extension LayerInference {
    /// One proposal being made, step by step: name groups, folder groups, depths, the groups'
    /// order, the rest of the modules, and the merging of their neighbouring layers (the steps
    /// `LayerInference` describes).
    struct Placement {
        let graph: ModuleGraph
        let components: [[Int]]
        /// The strongly connected component of each node.
        let componentOf: [Int]
        /// The links into each node, each as an edge from the node that links it.
        let predecessors: [[ModuleGraph.Edge]]
        /// Nodes a name or folder group holds.
        private(set) var taken: [Bool]
        private(set) var groups: [Group] = []
        /// The longest chain of dependencies below each component.
        private(set) var componentDepth: [Int] = []
        /// The depth of each node's component.
        private(set) var level: [Int] = []
        /// Layers bottom first while placing.
        private(set) var layers: [LayerBuild] = []
        /// The index in `layers` of each placed node.
        private(set) var position: [Int?]

        init(graph: ModuleGraph) {
            self.graph = graph
            let count = graph.nodes.count
            components = Digraph(successors: graph.edges.map { $0.map(\.target) }).stronglyConnectedComponents()
            var componentOf = [Int](repeating: 0, count: count)
            for (component, members) in components.enumerated() { for member in members { componentOf[member] = component } }
            self.componentOf = componentOf
            var predecessors = [[ModuleGraph.Edge]](repeating: [], count: count)
            for (source, edges) in graph.edges.enumerated() {
                for edge in edges { predecessors[edge.target].append(ModuleGraph.Edge(target: source, isStrict: edge.isStrict)) }
            }
            self.predecessors = predecessors
            taken = [Bool](repeating: false, count: count)
            position = [Int?](repeating: nil, count: count)
        }

        /// Name groups, most members first.
        mutating func groupByNames(_ allowed: Groups) {
            for candidate in affixCandidates(graph) where allowed.allows(candidate.key) {
                let members = candidate.members.filter { !taken[$0] }
                let word = String(candidate.key.drop { $0 != ":" }.dropFirst())
                let isKnown = layerWords.contains(word)
                // Features that compose features (a TCA app's `*Feature`s) link each other's
                // implementations: still a layer by name, one whose modules may link each other.
                let composes = isKnown && !candidate.isPrefix && members.count >= 3 && !isLayerLike(members, knownWord: true)
                guard composes || isLayerLike(members, knownWord: isKnown) else { continue }
                take(members)
                let spellings = Set(
                    members.map { candidate.isPrefix ? NameWords.split(graph.nodes[$0].name).first! : NameWords.split(graph.nodes[$0].name).last! })
                groups.append(
                    Group(basis: .affix(words: spellings.sorted(), isPrefix: candidate.isPrefix), members: members, allowsSameLayerLinks: composes))
            }
        }

        /// Folder groups of the modules no name groups, where the workspace has more than one folder.
        mutating func groupByFolders(_ allowed: Groups) {
            guard Set(graph.nodes.compactMap(\.group)).count > 1 else { return }
            var byFolder: [String: [Int]] = [:]
            for node in graph.nodes.indices where !taken[node] {
                if let folder = graph.nodes[node].group { byFolder[folder, default: []].append(node) }
            }
            for folder in byFolder.keys.sorted() where allowed.allows("folder:" + folder) && isLayerLike(byFolder[folder]!) {
                take(byFolder[folder]!)
                groups.append(Group(basis: .folder(folder), members: byFolder[folder]!))
            }
        }

        /// Each component's depth. Measured after grouping, since it depends on whether there are
        /// groups: next to layers that names or folders gave, a module's depth counts every link,
        /// since what matters is which group it is most like. With no groups, a link to an
        /// interface adds no depth: the fewest layers that break no rule is then the most
        /// defensible proposal (on synthetic workspaces with names that say nothing it puts 75%
        /// of the targets in their true layer where counting every link puts 45%).
        mutating func measureDepths() {
            let countsWeakLinks = !groups.isEmpty
            // Components come dependencies first.
            componentDepth = [Int](repeating: 0, count: components.count)
            for (component, members) in components.enumerated() {
                for member in members {
                    for edge in graph.edges[member] where componentOf[edge.target] != component {
                        let step = edge.isStrict || countsWeakLinks ? 1 : 0
                        componentDepth[component] = max(componentDepth[component], componentDepth[componentOf[edge.target]] + step)
                    }
                }
            }
            level = graph.nodes.indices.map { componentDepth[componentOf[$0]] }
        }

        /// The groups become the first layers, in the order their links say.
        mutating func orderGroups() {
            layers = order(groups, graph: graph, level: level).reversed().map {
                LayerBuild(basis: $0.basis, members: $0.members, levels: $0.members.map { level[$0] }, allowsSameLayerLinks: $0.allowsSameLayerLinks)
            }
            renumber()
        }

        /// The modules no group holds, shallowest first (so what a module uses is placed before it).
        mutating func placeTheRest() {
            let rest = components.indices.sorted { (componentDepth[$0], $0) < (componentDepth[$1], $1) }
            for component in rest {
                let members = components[component].filter { !taken[$0] }
                guard !members.isEmpty else { continue }
                place(members, of: component)
                renumber()
            }
        }

        /// Places the ungrouped members of one component: into a layer of its depth between what
        /// it uses and what uses it, or a new layer there.
        private mutating func place(_ members: [Int], of component: Int) {
            let levels = members.map { level[$0] }
            // A cycle that reaches into a group joins that group's layer.
            if let grouped = components[component].compactMap({ position[$0] }).max() {
                layers[grouped].add(members, levels: levels, placed: true)
                return
            }
            let (lowest, highest) = bounds(of: members, inside: Set(components[component]))
            let depth = componentDepth[component]
            if lowest <= highest, let same = (lowest...highest).first(where: { layers[$0].medianLevel == depth }) {
                layers[same].add(members, levels: levels, placed: layers[same].basis != nil)
            } else if lowest <= highest + 1 {
                // A layer of its own where the depths say, between what it uses and what uses it.
                let at = (lowest...(highest + 1)).first { $0 == layers.count || layers[$0].medianLevel > depth } ?? highest + 1
                layers.insert(LayerBuild(basis: nil, members: members, levels: levels), at: at)
            } else if lowest < layers.count {
                // Its users sit below what it uses (a cycle through layers): keep what it uses below it.
                layers[lowest].add(members, levels: levels, placed: layers[lowest].basis != nil)
            } else {
                layers.append(LayerBuild(basis: nil, members: members, levels: levels))
            }
        }

        /// The lowest and highest layer indices the members may take: above what they link
        /// strictly, below what links them strictly; an interface link allows the same layer.
        private func bounds(of members: [Int], inside: Set<Int>) -> (lowest: Int, highest: Int) {
            var lowest = 0
            var highest = layers.count - 1
            for member in members {
                for edge in graph.edges[member] where !inside.contains(edge.target) {
                    if let below = position[edge.target] { lowest = max(lowest, below + (edge.isStrict ? 1 : 0)) }
                }
                for edge in predecessors[member] where !inside.contains(edge.target) {
                    if let above = position[edge.target] { highest = min(highest, above - (edge.isStrict ? 1 : 0)) }
                }
            }
            return (lowest, highest)
        }

        /// Neighbouring layers of ungrouped modules merge where neither links the other's implementations.
        mutating func mergeUngroupedNeighbours() {
            var index = layers.count - 1
            while index > 0 {
                let upper = layers[index], lower = layers[index - 1]
                if upper.basis == nil, lower.basis == nil, !linksStrictly(upper.members, lower.members, graph),
                    !linksStrictly(lower.members, upper.members, graph)
                {
                    layers[index - 1].add(upper.members, levels: upper.levels, placed: false)
                    layers.remove(at: index)
                }
                index -= 1
            }
        }

        /// The named layers, top first, and the cycles.
        func proposal() -> LayerProposal {
            let cycles = components.filter { $0.count > 1 }.map { $0.map { graph.nodes[$0].name }.sorted() }
            return LayerProposal(layers: name(layers.reversed(), graph: graph), cycles: cycles.sorted { $0.lexicographicallyPrecedes($1) })
        }

        private mutating func take(_ members: [Int]) {
            for member in members { taken[member] = true }
        }

        private mutating func renumber() {
            for (index, layer) in layers.enumerated() { for member in layer.members { position[member] = index } }
        }

        private func internalStrictLinks(_ members: [Int]) -> Int {
            let inside = Set(members)
            return members.reduce(0) { sum, member in sum + graph.edges[member].filter { $0.isStrict && inside.contains($0.target) }.count }
        }

        private func isLayerLike(_ members: [Int], knownWord: Bool = false) -> Bool {
            members.count >= (knownWord ? 1 : 2) && internalStrictLinks(members) * internalLinksAllowed <= members.count
        }
    }
}
