import StrataGraph
import Testing

@Suite struct DigraphTests {
    @Test func successorListsAreSortedAndUnique() {
        let graph = Digraph(nodeCount: 3, edges: [(0, 2), (0, 1), (0, 2)])
        #expect(graph.successors == [[1, 2], [], []])
        #expect(graph.edgeCount == 2)
        #expect(graph.reversed().successors == [[], [0], [0]])
    }

    @Test func stronglyConnectedComponentsAreFound() {
        // 0 → 1 → 2 → 0, 2 → 3, 3 → 4 → 3, 5 alone
        let graph = Digraph(nodeCount: 6, edges: [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)])
        let components = Set(graph.stronglyConnectedComponents())
        #expect(components == [[0, 1, 2], [3, 4], [5]])
        #expect(Set(graph.cyclicComponents()) == [[0, 1, 2], [3, 4]])
    }

    @Test func aSelfLoopIsACyclicComponent() {
        #expect(Digraph(nodeCount: 2, edges: [(1, 1)]).cyclicComponents() == [[1]])
    }

    @Test func topologicalOrderRespectsEveryEdgeOrIsNilForCycles() throws {
        let graph = Digraph(nodeCount: 5, edges: [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4)])
        let order = try #require(graph.topologicalOrder())
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        for from in 0..<5 { for to in graph.successors[from] { #expect(position[from]! < position[to]!) } }
        #expect(Digraph(nodeCount: 2, edges: [(0, 1), (1, 0)]).topologicalOrder() == nil)
        // Where the edges leave a choice, lower numbers come first.
        #expect(Digraph(nodeCount: 6, edges: [(4, 0), (5, 1), (2, 3)]).topologicalOrder() == [2, 3, 4, 0, 5, 1])
    }

    @Test func breadthFirstSearchGivesShortestPathsAndHonoursTheFilter() {
        let graph = Digraph(nodeCount: 5, edges: [(0, 1), (1, 2), (0, 3), (3, 2), (2, 4)])
        let parents = graph.breadthFirstParents(from: [0])
        #expect(Digraph.path(to: 4, parents: parents)?.count == 4)
        let avoiding1 = graph.breadthFirstParents(from: [0]) { _, to in to != 1 }
        #expect(Digraph.path(to: 4, parents: avoiding1) == [0, 3, 2, 4])
        #expect(Digraph.path(to: 1, parents: avoiding1) == nil)
        #expect(graph.reachable(from: [3]) == [false, false, true, true, true])
    }

    @Test func deepGraphsDoNotOverflowTheStack() {
        // A 200,000-node chain closing into one cycle.
        let n = 200_000
        let graph = Digraph(nodeCount: n, edges: (0..<n).map { ($0, ($0 + 1) % n) })
        #expect(graph.stronglyConnectedComponents().count == 1)
        let cycles = graph.elementaryCycles()
        #expect(cycles.first?.cycles.first?.count == n)
    }
}

@Suite struct ElementaryCycleTests {
    @Test func eachCycleIsListedOnceStartingAtItsSmallestNode() {
        let graph = Digraph(nodeCount: 4, edges: [(0, 1), (1, 2), (2, 0), (2, 1), (3, 3)])
        let cycles = graph.elementaryCycles().flatMap(\.cycles)
        #expect(Set(cycles) == [[0, 1, 2], [1, 2], [3]])
        #expect(cycles.count == 3)
    }

    @Test func enumerationStopsAtTheLimit() {
        var edges: [(Int, Int)] = []
        for a in 0..<7 { for b in 0..<7 where a != b { edges.append((a, b)) } }
        let result = Digraph(nodeCount: 7, edges: edges).elementaryCycles(limitPerComponent: 25)
        #expect(result.count == 1)
        #expect(result[0].cycles.count == 25)
        #expect(result[0].truncated)
    }

    /// Property: on random small graphs, Johnson's algorithm finds exactly the elementary cycles
    /// a brute-force search over all simple paths finds.
    @Test func agreesWithBruteForceOnRandomGraphs() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 1...7, using: &random)
            var edges: [(Int, Int)] = []
            for a in 0..<n { for b in 0..<n where Double.random(in: 0..<1, using: &random) < 0.3 { edges.append((a, b)) } }
            let graph = Digraph(nodeCount: n, edges: edges)
            let found = graph.elementaryCycles(limitPerComponent: .max).flatMap(\.cycles)
            #expect(found.count == Set(found).count, "a cycle was listed twice in \(edges)")
            #expect(Set(found) == bruteForceCycles(graph), "\(edges)")
        }
    }

    private func bruteForceCycles(_ graph: Digraph) -> Set<[Int]> {
        var cycles = Set<[Int]>()
        func extend(_ path: [Int]) {
            for next in graph.successors[path.last!] {
                if next == path[0] { cycles.insert(path) } else if next > path[0] && !path.contains(next) { extend(path + [next]) }
            }
        }
        for start in 0..<graph.nodeCount { extend([start]) }
        return cycles
    }
}
