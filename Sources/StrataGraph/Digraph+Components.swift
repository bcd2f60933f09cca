extension Digraph {
    /// Strongly connected components (Tarjan), each sorted ascending; components are listed
    /// in reverse topological order of the condensation (a component before those that reach it).
    public func stronglyConnectedComponents() -> [[Int]] {
        stronglyConnectedComponents(among: nil)
    }

    /// Strongly connected components of the subgraph induced by the nodes `member` accepts
    /// (all nodes when nil); nodes outside it are in no component.
    func stronglyConnectedComponents(among member: [Bool]?) -> [[Int]] {
        let unvisited = -1
        var index = [Int](repeating: unvisited, count: nodeCount)
        var lowLink = [Int](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        // Explicit call stack: (node, position in its successor list).
        var frames: [(node: Int, next: Int)] = []

        for root in 0..<nodeCount where index[root] == unvisited && member?[root] != false {
            frames.append((root, 0))
            index[root] = nextIndex; lowLink[root] = nextIndex; nextIndex += 1
            stack.append(root); onStack[root] = true

            while let frame = frames.last {
                let v = frame.node
                let list = successors[v]
                if frame.next < list.count {
                    frames[frames.count - 1].next += 1
                    let w = list[frame.next]
                    if member?[w] == false { continue }
                    if index[w] == unvisited {
                        index[w] = nextIndex; lowLink[w] = nextIndex; nextIndex += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        lowLink[v] = min(lowLink[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[v])
                }
                if lowLink[v] == index[v] {
                    var component: [Int] = []
                    while true {
                        let w = stack.removeLast()
                        onStack[w] = false
                        component.append(w)
                        if w == v { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components
    }

    /// Components that contain a cycle: more than one node, or one node with an edge to itself.
    public func cyclicComponents() -> [[Int]] {
        stronglyConnectedComponents().filter { component in
            component.count > 1 || successors[component[0]].contains(component[0])
        }
    }

    /// A topological order (every edge goes from an earlier to a later node), or nil if the graph
    /// has a cycle. Of the nodes ready at each step the lowest-numbered comes first, so nodes
    /// keep their numbering's order wherever the edges leave a choice (modules stay in
    /// strata.yml's order as far as their dependencies allow).
    public func topologicalOrder() -> [Int]? {
        var inDegree = [Int](repeating: 0, count: nodeCount)
        for list in successors { for w in list { inDegree[w] += 1 } }
        var ready = MinHeap((0..<nodeCount).filter { inDegree[$0] == 0 })
        var order: [Int] = []
        order.reserveCapacity(nodeCount)
        while let v = ready.popMin() {
            order.append(v)
            for w in successors[v] {
                inDegree[w] -= 1
                if inDegree[w] == 0 { ready.insert(w) }
            }
        }
        return order.count == nodeCount ? order : nil
    }
}

/// A binary min-heap of node numbers.
struct MinHeap {
    private var items: [Int] = []

    init(_ values: [Int]) { for value in values { insert(value) } }

    mutating func insert(_ value: Int) {
        items.append(value)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return first }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if left + 1 < items.count, items[left + 1] < items[smallest] { smallest = left + 1 }
            if smallest == parent { return first }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
