import StrataGraph
import Testing

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
