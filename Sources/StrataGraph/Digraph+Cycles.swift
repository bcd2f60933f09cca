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
        var inComponent = [Bool](repeating: false, count: nodeCount)
        for component in cyclicComponents().sorted(by: { $0[0] < $1[0] }) {
            for v in component { inComponent[v] = true }
            let (cycles, truncated) = johnson(component: component, member: inComponent, limit: limitPerComponent)
            for v in component { inComponent[v] = false }
            result.append(ComponentCycles(component: component, cycles: cycles, truncated: truncated))
        }
        return result
    }

    /// Johnson's circuit enumeration restricted to one component, with an explicit stack.
    private func johnson(component: [Int], member: [Bool], limit: Int) -> ([[Int]], Bool) {
        var cycles: [[Int]] = []
        var blocked = [Bool](repeating: false, count: nodeCount)
        var blockedBy = [Set<Int>](repeating: [], count: nodeCount)

        func unblock(_ start: Int) {
            var work = [start]
            while let u = work.popLast() {
                guard blocked[u] else { continue }
                blocked[u] = false
                work.append(contentsOf: blockedBy[u])
                blockedBy[u].removeAll()
            }
        }

        for start in component {
            // Search the subgraph of this component made of nodes >= start.
            for v in component where v >= start {
                blocked[v] = false
                blockedBy[v].removeAll()
            }
            var path: [Int] = [start]
            var frames: [(node: Int, next: Int, found: Bool)] = [(start, 0, false)]
            blocked[start] = true

            while !frames.isEmpty {
                let top = frames.count - 1
                let v = frames[top].node
                let list = successors[v]
                if frames[top].next < list.count {
                    let w = list[frames[top].next]
                    frames[top].next += 1
                    guard member[w], w >= start else { continue }
                    if w == start {
                        cycles.append(path)
                        frames[top].found = true
                        if cycles.count >= limit {
                            return (cycles, true)
                        }
                    } else if !blocked[w] {
                        frames.append((w, 0, false))
                        path.append(w)
                        blocked[w] = true
                    }
                    continue
                }
                // All successors of v explored.
                let found = frames[top].found
                if found {
                    unblock(v)
                } else {
                    for w in list where member[w] && w >= start {
                        blockedBy[w].insert(v)
                    }
                }
                frames.removeLast()
                path.removeLast()
                if found, !frames.isEmpty {
                    frames[frames.count - 1].found = true
                }
            }
        }
        return (cycles, false)
    }
}
