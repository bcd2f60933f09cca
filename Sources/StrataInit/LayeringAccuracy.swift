/// How well a proposed layering matches a known one, up to renaming: proposed layers are
/// matched one to one with true layers, the pairs sharing the most targets first, and a target
/// counts as right when its proposed layer is matched with its true layer. Splitting a true layer
/// in two therefore costs the smaller half, and merging two costs the smaller one.
public struct LayeringAccuracy: Sendable, Hashable {
    public var right: Int
    public var total: Int

    public var share: Double { total == 0 ? 1 : Double(right) / Double(total) }

    /// - Parameters:
    ///   - proposed: each module's proposed layer.
    ///   - truth: each module's true layer.
    ///   - weight: how many targets a module counts for (its implementation, interface, mocks…).
    public init(proposed: [String: String], truth: [String: String], weight: (String) -> Int = { _ in 1 }) {
        var overlap: [Pair: Int] = [:]
        var total = 0
        for (module, layer) in truth {
            let targets = weight(module)
            total += targets
            guard let guess = proposed[module] else { continue }
            overlap[Pair(proposed: guess, truth: layer), default: 0] += targets
        }
        var usedProposed: Set<String> = []
        var usedTruth: Set<String> = []
        var right = 0
        for (pair, count) in overlap.sorted(by: { ($1.value, $0.key.proposed, $0.key.truth) < ($0.value, $1.key.proposed, $1.key.truth) }) {
            guard !usedProposed.contains(pair.proposed), !usedTruth.contains(pair.truth) else { continue }
            usedProposed.insert(pair.proposed)
            usedTruth.insert(pair.truth)
            right += count
        }
        self.right = right
        self.total = total
    }

    struct Pair: Hashable {
        var proposed: String
        var truth: String
    }
}
