import StrataGraph

/// Proposes layers for a workspace that has none yet, from its module graph and its names.
///
/// 1. **Depths.** Modules that depend on each other in a cycle share a layer, so the graph is
///    condensed to its strongly connected groups. A group's depth is the longest chain of
///    dependencies below it.
/// 2. **Names.** A word many module names share at the end (`*Feature`, `*Service`, `*Kit`) or the
///    start (`Domain*`) names a layer, if its modules do not link each other's implementations
///    (a layer's modules may not). The most common such word is taken first.
/// 3. **Folders.** Modules no word groups are grouped by the folder that holds their folders
///    (`Modules/Features/*`), where the workspace has more than one such folder.
/// 4. **Order.** Groups go top to bottom as their dependencies say: a group most of whose links
///    between the two go to another is above it; where links point both ways, the greater median
///    depth is above.
/// 5. **The rest.** Each remaining module, shallowest first, goes between the layers of what it
///    uses and of what uses it. A link to an implementation (strict) must point to a lower layer;
///    a link to an interface or mocks target (weak) may stay inside one. Within those bounds it
///    joins a layer of its own depth, or starts one where the depths say.
/// 6. **Merging.** Neighbouring layers of such modules merge where neither links the other's
///    implementations, so a chain of interface links does not split a layer.
public enum LayerInference {
    /// How much a group's own modules may link each other's implementations and still be a layer:
    /// at most one such link per this many modules (real codebases have a few violations).
    static let internalLinksAllowed = 5
    /// Words teams name layers by: a module whose name ends (or starts) with one is a group of its
    /// own even alone (`ProfileFeature` in a workspace with one feature so far).
    static let layerWords: Set<String> = [
        "feature", "service", "core", "kit", "domain", "data", "shared", "common", "foundation", "platform", "infrastructure", "presentation",
    ]
    /// A prefix shared by more than this share of the modules is the product's name, not a layer.
    static let productPrefixShare = 0.8

    ///
    /// A name or folder group is kept only while the proposal with it breaks no more links
    /// than the proposal from the graph alone: shared words that say nothing about layers (a
    /// feature family `Payments…` or a team's prefix spanning every layer) would otherwise
    /// invent violations the graph does not have. The group taking part in most broken links is
    /// given up first, and the proposal says which were given up and why (`givenUp`).
    public static func propose(_ graph: ModuleGraph) -> LayerProposal {
        var leftOut: Set<String> = []
        var proposal = propose(graph, groups: .leaving(leftOut))
        guard proposal.layers.contains(where: { $0.basis.isGroup }) else { return proposal }
        let allowed = brokenLinks(of: propose(graph, groups: .none), in: graph).count
        var givenUp: [String] = []
        while case let broken = brokenLinks(of: proposal, in: graph), broken.count > allowed {
            guard let (key, links) = mostBreaking(broken, proposal: proposal, graph: graph) else { break }
            leftOut.insert(key)
            givenUp.append("\(describe(groupKey: key)) would have broken \(links) link\(links == 1 ? "" : "s") the graph alone keeps")
            proposal = propose(graph, groups: .leaving(leftOut))
        }
        proposal.givenUp = givenUp
        return proposal
    }

    /// Which name and folder groups a proposal may use.
    enum Groups {
        /// None: the graph alone.
        case none
        /// All but these (group keys: `suffix:feature`, `prefix:payments`, `folder:Modules/Features`).
        case leaving(Set<String>)

        func allows(_ key: String) -> Bool {
            guard case .leaving(let leftOut) = self else { return false }
            return !leftOut.contains(key)
        }
    }

    /// The links the proposal's layers break: an implementation link that does not point to a
    /// lower layer (inside a layer whose modules may link each other, it may stay), and an
    /// interface link that points to a higher one. Pairs of node indices.
    static func brokenLinks(of proposal: LayerProposal, in graph: ModuleGraph) -> [(source: Int, target: Int)] {
        var layerIndex: [String: Int] = [:]
        for (index, layer) in proposal.layers.enumerated() { for module in layer.modules { layerIndex[module] = index } }
        var broken: [(Int, Int)] = []
        for (source, edges) in graph.edges.enumerated() {
            guard let from = layerIndex[graph.nodes[source].name] else { continue }
            for edge in edges {
                guard let to = layerIndex[graph.nodes[edge.target].name] else { continue }
                // Layers are listed top first: below is a greater index.
                let breaks = edge.isStrict ? to < from || (to == from && !proposal.layers[from].allowsSameLayerLinks) : to < from
                if breaks { broken.append((source, edge.target)) }
            }
        }
        return broken
    }

    /// The group taking part in most of the broken links, and how many.
    static func mostBreaking(
        _ broken: [(source: Int, target: Int)], proposal: LayerProposal, graph: ModuleGraph
    ) -> (key: String, links: Int)? {
        var keyOfModule: [String: String] = [:]
        for layer in proposal.layers {
            guard let key = groupKey(of: layer.basis) else { continue }
            for module in layer.modules where !layer.placedByDependencies.contains(module) { keyOfModule[module] = key }
        }
        var counts: [String: Int] = [:]
        for link in broken {
            let keys = Set([keyOfModule[graph.nodes[link.source].name], keyOfModule[graph.nodes[link.target].name]].compactMap { $0 })
            for key in keys { counts[key, default: 0] += 1 }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// The key of the group a layer's basis stands for.
    static func groupKey(of basis: LayerProposal.Basis) -> String? {
        switch basis {
        case .affix(let words, let isPrefix): (isPrefix ? "prefix:" : "suffix:") + NameWords.key(words[0])
        case .folder(let folder): "folder:" + folder
        case .dependencies, .merged: nil
        }
    }

    /// A group key in words: "names ending in 'Feature'", "the folder 'Modules/Core'".
    static func describe(groupKey key: String) -> String {
        let value = String(key.drop { $0 != ":" }.dropFirst())
        if key.hasPrefix("folder:") { return "the folder '\(value)'" }
        return "names \(key.hasPrefix("prefix:") ? "starting with" : "ending in") '\(value)'"
    }

    /// The proposal with the name and folder groups `groups` allows.
    static func propose(_ graph: ModuleGraph, groups allowed: Groups) -> LayerProposal {
        guard !graph.nodes.isEmpty else { return LayerProposal(layers: []) }
        var placement = Placement(graph: graph)
        placement.groupByNames(allowed)
        placement.groupByFolders(allowed)
        placement.measureDepths()
        placement.orderGroups()
        placement.placeTheRest()
        placement.mergeUngroupedNeighbours()
        return placement.proposal()
    }

    /// True if a module of `from` links the implementation of a module of `to`.
    static func linksStrictly(_ from: [Int], _ to: [Int], _ graph: ModuleGraph) -> Bool {
        let targets = Set(to)
        return from.contains { graph.edges[$0].contains { $0.isStrict && targets.contains($0.target) } }
    }

    // MARK: - Groups

    struct Group {
        var basis: LayerProposal.Basis
        var members: [Int]
        var allowsSameLayerLinks = false
    }

    struct Candidate {
        var key: String
        var isPrefix: Bool
        var members: [Int]
    }

    /// Words shared by two or more module names, at the end or the start, most members first
    /// (an end word before a start word on a tie: `*Service` says more than `Service*`).
    static func affixCandidates(_ graph: ModuleGraph) -> [Candidate] {
        var byKey: [String: Candidate] = [:]
        for (index, node) in graph.nodes.enumerated() {
            let words = NameWords.split(node.name)
            guard words.count >= 2 else { continue }
            for (isPrefix, word) in [(false, words.last!), (true, words.first!)] where word.first?.isLetter == true {
                let key = (isPrefix ? "prefix:" : "suffix:") + NameWords.key(word)
                byKey[key, default: Candidate(key: key, isPrefix: isPrefix, members: [])].members.append(index)
            }
        }
        let count = graph.nodes.count
        return byKey.values
            .filter { ($0.members.count >= 2 || layerWords.contains(String($0.key.drop { $0 != ":" }.dropFirst()))) && $0.members.count < count }
            .filter { !$0.isPrefix || Double($0.members.count) <= productPrefixShare * Double(count) }
            .sorted { ($1.members.count, $0.isPrefix ? 1 : 0, $0.key) < ($0.members.count, $1.isPrefix ? 1 : 0, $1.key) }
    }

    /// Groups top first. A group is above another when most links between them go from it to the
    /// other; among groups that nothing left depends on that way, the highest median level goes first.
    static func order(_ groups: [Group], graph: ModuleGraph, level: [Int]) -> [Group] {
        var groupOf: [Int: Int] = [:]
        for (index, group) in groups.enumerated() { for member in group.members { groupOf[member] = index } }
        var links = [[Int]](repeating: [Int](repeating: 0, count: groups.count), count: groups.count)
        for (source, edges) in graph.edges.enumerated() {
            guard let from = groupOf[source] else { continue }
            for edge in edges { if let to = groupOf[edge.target], to != from { links[from][to] += 1 } }
        }
        let median = groups.map { group in LayerBuild.median(group.members.map { level[$0] }) }
        var remaining = Set(groups.indices)
        var ordered: [Group] = []
        while !remaining.isEmpty {
            // Ready: no remaining group depends on it more than it depends on that group.
            let ready = remaining.filter { candidate in
                !remaining.contains { other in other != candidate && links[other][candidate] > links[candidate][other] }
            }
            let pool = ready.isEmpty ? remaining : ready
            let next = pool.max { (median[$0], -$0) < (median[$1], -$1) }!
            ordered.append(groups[next])
            remaining.remove(next)
        }
        return ordered
    }

    // MARK: - Layers while placing

    struct LayerBuild {
        var basis: LayerProposal.Basis?
        var members: [Int]
        var levels: [Int]
        var allowsSameLayerLinks = false
        var placed: [Int] = []

        var medianLevel: Int { Self.median(levels) }

        mutating func add(_ nodes: [Int], levels: [Int], placed isPlaced: Bool) {
            members += nodes
            self.levels += levels
            if isPlaced { placed += nodes }
        }

        static func median(_ values: [Int]) -> Int {
            guard !values.isEmpty else { return 0 }
            return values.sorted()[values.count / 2]
        }
    }

    /// Names the layers (top first): a name group by its word, a folder group by the folder's
    /// last part, a layer of dependencies by the folder all its modules share or by its level.
    static func name(_ layers: [LayerBuild], graph: ModuleGraph) -> [LayerProposal.Layer] {
        var used: Set<String> = []
        func unique(_ base: String) -> String {
            var name = base
            var number = 2
            while used.contains(name) {
                name = "\(base)-\(number)"
                number += 1
            }
            used.insert(name)
            return name
        }
        let names = { (nodes: [Int]) in nodes.map { graph.nodes[$0].name } }
        // Group names first, so that a level layer never takes a word's name.
        var result = layers.map { layer -> LayerProposal.Layer? in
            switch layer.basis {
            case .affix(let words, _):
                var proposed = LayerProposal.Layer(
                    name: unique(layerName(NameWords.key(words[0]))), modules: names(layer.members), basis: layer.basis!,
                    placedByDependencies: names(layer.placed))
                proposed.allowsSameLayerLinks = layer.allowsSameLayerLinks
                return proposed
            case .folder(let folder):
                return LayerProposal.Layer(
                    name: unique(layerName(NameWords.key(folder.split(separator: "/").last.map(String.init) ?? folder))),
                    modules: names(layer.members), basis: layer.basis!, placedByDependencies: names(layer.placed))
            case .dependencies, .merged, nil:
                return nil
            }
        }
        for (index, layer) in layers.enumerated() where result[index] == nil {
            let level = layer.medianLevel
            // A folder names the layer only if it holds this layer's modules and no others.
            let folders = Set(layer.members.map { graph.nodes[$0].group })
            let members = Set(layer.members)
            let isOwnFolder = folders.count == 1 && !graph.nodes.indices.contains { !members.contains($0) && graph.nodes[$0].group == folders.first! }
            let shared = isOwnFolder ? folders.first!.flatMap { $0.split(separator: "/").last.map(String.init) } : nil
            // By its folder, or its depth (a folder named '..' names nothing); where another layer
            // has that name, by the named layer above it.
            var name = shared.flatMap { usableLayerName(NameWords.key($0)) } ?? "level-\(level)"
            if used.contains(name), let above = result[..<index].last(where: { $0 != nil && $0!.basis.isGroup })??.name {
                name = "under-\(above)"
            }
            result[index] = LayerProposal.Layer(name: unique(name), modules: names(layer.members), basis: .dependencies(level: level))
        }
        return result.map { $0! }
    }

    /// A layer name from a word: lower case, letters, digits and dashes.
    static func layerName(_ word: String) -> String {
        usableLayerName(word) ?? "layer"
    }

    /// A layer name from a word, or nil if it has no letter or digit (`..`, `_`).
    static func usableLayerName(_ word: String) -> String? {
        let cleaned = String(word.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let trimmed = cleaned.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
