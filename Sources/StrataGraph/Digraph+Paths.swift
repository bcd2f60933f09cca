extension Digraph {
    /// Breadth-first search from several sources at once.
    ///
    /// Returns for every node the node it was first reached from (`parent`), `nil` for nodes not
    /// reached, and the source itself for each source. `follow(from, to)` decides whether an edge
    /// may be walked; the search never walks an edge it rejects.
    public func breadthFirstParents(
        from sources: [Int],
        follow: (Int, Int) -> Bool = { _, _ in true }
    ) -> [Int?] {
        var parent = [Int?](repeating: nil, count: nodeCount)
        var queue: [Int] = []
        queue.reserveCapacity(nodeCount)
        for s in sources where parent[s] == nil {
            parent[s] = s
            queue.append(s)
        }
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for w in successors[v] where parent[w] == nil && follow(v, w) {
                parent[w] = v
                queue.append(w)
            }
        }
        return parent
    }

    /// The path from a search source to `node` through `parents` (as returned by
    /// `breadthFirstParents`), or nil if `node` was not reached.
    public static func path(to node: Int, parents: [Int?]) -> [Int]? {
        guard parents[node] != nil else { return nil }
        var path = [node]
        var current = node
        while let p = parents[current], p != current {
            path.append(p)
            current = p
        }
        return path.reversed()
    }

    /// The nodes reachable from `sources` (sources included) walking only edges `follow` accepts.
    public func reachable(from sources: [Int], follow: (Int, Int) -> Bool = { _, _ in true }) -> [Bool] {
        breadthFirstParents(from: sources, follow: follow).map { $0 != nil }
    }
}
