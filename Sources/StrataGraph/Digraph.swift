/// A directed graph over the integers `0..<nodeCount`, stored as sorted, unique successor lists.
///
/// The model maps targets to node numbers; everything here is plain graph theory, iterative
/// (no recursion), so graphs with tens of thousands of nodes cannot overflow the stack.
public struct Digraph: Sendable, Equatable {
    /// Number of nodes.
    public let nodeCount: Int
    /// `successors[v]`: the nodes `v` has an edge to, sorted ascending, without repeats.
    public let successors: [[Int]]

    /// Builds a graph from successor lists; lists are sorted and de-duplicated.
    public init(successors: [[Int]]) {
        self.nodeCount = successors.count
        self.successors = successors.map { list in
            // Lists built in order (a reversed graph's are) are kept as they are, uncopied.
            if zip(list, list.dropFirst()).allSatisfy({ $0 < $1 }) { return list }
            var sorted = list.sorted()
            var write = 0
            for value in sorted where write == 0 || sorted[write - 1] != value {
                sorted[write] = value
                write += 1
            }
            sorted.removeLast(sorted.count - write)
            return sorted
        }
        precondition(
            self.successors.allSatisfy { $0.allSatisfy { (0..<successors.count).contains($0) } },
            "edge to a node outside the graph")
    }

    /// Builds a graph from an edge list.
    /// The graph of `names` (node `i` is `names[i]`) with an edge from each name to the names
    /// that use it, `uses` listing what a name uses (names outside `names` are left out): a
    /// topological order puts every name after the ones it uses.
    public static func usedBeforeUsers(_ names: [String], uses: (String) -> [String]) -> Digraph {
        let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var users = [[Int]](repeating: [], count: names.count)
        for (position, name) in names.enumerated() {
            for used in uses(name) { if let from = index[used] { users[from].append(position) } }
        }
        return Digraph(successors: users)
    }

    public init(nodeCount: Int, edges: [(Int, Int)]) {
        var lists = [[Int]](repeating: [], count: nodeCount)
        for (from, to) in edges { lists[from].append(to) }
        self.init(successors: lists)
    }

    /// The number of edges.
    public var edgeCount: Int { successors.reduce(0) { $0 + $1.count } }

    /// The same graph with every edge turned around.
    public func reversed() -> Digraph {
        var lists = [[Int]](repeating: [], count: nodeCount)
        for from in 0..<nodeCount {
            for to in successors[from] { lists[to].append(from) }
        }
        return Digraph(successors: lists)
    }
}
