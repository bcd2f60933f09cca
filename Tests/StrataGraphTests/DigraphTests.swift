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
