extension Digraph {
    /// The elementary cycles found inside one strongly connected component.
    public struct ComponentCycles: Sendable, Equatable {
        /// The component's nodes, sorted.
        public var component: [Int]
        /// Each cycle once, as the list of its nodes starting at its smallest node
        /// (the edge back to the first node is implied).
        public var cycles: [[Int]]
        /// True if enumeration stopped at the limit and more cycles exist.
        public var truncated: Bool
    }

    /// Every elementary cycle, each reported once (Johnson's algorithm), grouped by component.
    ///
    /// The number of elementary cycles can grow exponentially in a tangled component, so at most
    /// `limitPerComponent` are listed for each; `truncated` then says that more exist.
    public func elementaryCycles(limitPerComponent: Int = 100) -> [ComponentCycles] {
        var result: [ComponentCycles] = []
        var search = CycleSearch(graph: self)
        for component in cyclicComponents().sorted(by: { $0[0] < $1[0] }) {
            let (cycles, truncated) = search.cycles(in: component, limit: limitPerComponent)
            result.append(ComponentCycles(component: component, cycles: cycles, truncated: truncated))
        }
        return result
    }
}

/// Johnson's circuit enumeration ("Finding all the elementary circuits of a directed graph",
/// 1975), iterative. For each start vertex s, in increasing order, it searches only the strong
/// component of the subgraph of vertices >= s that contains the least such vertex; recomputing
/// that component is what keeps the cost at O((n + e)(c + 1)) for c cycles.
private struct CycleSearch {
    let graph: Digraph
    private var blocked: [Bool]
    private var blockedBy: [Set<Int>]
    private var member: [Bool]

    init(graph: Digraph) {
        self.graph = graph
        blocked = [Bool](repeating: false, count: graph.nodeCount)
        blockedBy = [Set<Int>](repeating: [], count: graph.nodeCount)
        member = [Bool](repeating: false, count: graph.nodeCount)
    }

    mutating func cycles(in component: [Int], limit: Int) -> ([[Int]], Bool) {
        var cycles: [[Int]] = []
        var remaining = Set(component)
        while !remaining.isEmpty {
            // The strong component, among the remaining vertices, that holds the least vertex
            // on a cycle.
            for v in remaining { member[v] = true }
            let candidates = graph.stronglyConnectedComponents(among: member).filter { scc in
                scc.count > 1 || graph.successors[scc[0]].contains(scc[0])
            }
            for v in remaining { member[v] = false }
            guard let scc = candidates.min(by: { $0[0] < $1[0] }) else { break }
            let start = scc[0]
            for v in scc { member[v] = true; blocked[v] = false; blockedBy[v].removeAll() }
            let limitReached = circuits(from: start, into: &cycles, limit: limit)
            for v in scc { member[v] = false }
            if limitReached { return (cycles, true) }
            remaining = remaining.filter { $0 > start }
        }
        return (cycles, false)
    }

    /// The circuits through `start` inside the current member set; true if `limit` was reached.
    private mutating func circuits(from start: Int, into cycles: inout [[Int]], limit: Int) -> Bool {
        var path: [Int] = [start]
        var frames: [(node: Int, next: Int, found: Bool)] = [(start, 0, false)]
        blocked[start] = true

        while !frames.isEmpty {
            let top = frames.count - 1
            let v = frames[top].node
            let list = graph.successors[v]
            if frames[top].next < list.count {
                let w = list[frames[top].next]
                frames[top].next += 1
                guard member[w] else { continue }
                if w == start {
                    cycles.append(path)
                    frames[top].found = true
                    if cycles.count >= limit { return true }
                } else if !blocked[w] {
                    frames.append((w, 0, false))
                    path.append(w)
                    blocked[w] = true
                }
                continue
            }
            // Every successor of v is explored.
            let found = frames[top].found
            if found {
                unblock(v)
            } else {
                for w in list where member[w] { blockedBy[w].insert(v) }
            }
            frames.removeLast()
            path.removeLast()
            if found, !frames.isEmpty { frames[frames.count - 1].found = true }
        }
        return false
    }

    private mutating func unblock(_ start: Int) {
        var work = [start]
        while let u = work.popLast() {
            guard blocked[u] else { continue }
            blocked[u] = false
            work.append(contentsOf: blockedBy[u])
            blockedBy[u].removeAll()
        }
    }
}
