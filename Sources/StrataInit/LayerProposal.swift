import StrataFileSystem

/// Layers proposed for a workspace, top to bottom, each with the reason its modules are in it.
public struct LayerProposal: Sendable, Hashable {
    /// Why a layer's modules belong together.
    public enum Basis: Sendable, Hashable {
        /// Their names share a word at the start (`Domain*`) or the end (`*Feature`), in these spellings.
        case affix(words: [String], isPrefix: Bool)
        /// They live side by side in this folder.
        case folder(String)
        /// They share no name or folder; their dependencies put them here (`level`: the longest
        /// chain of implementation links below them).
        case dependencies(level: Int)
        /// Layers merged by hand (`--merge`), by their names before the merge.
        case merged([String])

        /// A name or folder group.
        var isGroup: Bool {
            switch self {
            case .affix, .folder: true
            case .dependencies, .merged: false
            }
        }
    }

    public struct Layer: Sendable, Hashable {
        public var name: String
        /// Its modules, sorted.
        public var modules: [String]
        public var basis: Basis
        /// Modules that fit no name or folder group and joined this layer because of their dependencies.
        public var placedByDependencies: [String]
        /// Its modules link each other's implementations (features composing features): the
        /// layer is written `same-layer: allowed`.
        public var allowsSameLayerLinks = false

        public init(name: String, modules: [String], basis: Basis, placedByDependencies: [String] = []) {
            self.name = name
            self.modules = modules.sorted()
            self.basis = basis
            self.placedByDependencies = placedByDependencies.sorted()
        }

        /// The wildcard patterns its basis stands for (`*Feature`), before any is given up for names.
        var wildcards: [String] {
            guard case .affix(let words, let isPrefix) = basis else { return [] }
            return words.map { isPrefix ? "\($0)*" : "*\($0)" }
        }
    }

    public var layers: [Layer]
    /// Groups of modules that depend on each other in a cycle (each shares one layer).
    public var cycles: [[String]]
    /// Name and folder groups that were not made layers, each with why: the links they would
    /// have broken that the graph alone keeps.
    public var givenUp: [String] = []

    public init(layers: [Layer], cycles: [[String]] = []) {
        self.layers = layers
        self.cycles = cycles
    }

    /// The layer each module is proposed for, by name.
    public var layerOfModule: [String: String] {
        var result: [String: String] = [:]
        for layer in layers { for module in layer.modules { result[module] = layer.name } }
        return result
    }

    /// strata.yml patterns for each layer, top to bottom: a layer's wildcards (`*Feature`), and the
    /// names of its members they do not match. A module belongs to the first layer with a matching
    /// pattern, so a wildcard that would catch a module of a lower layer is given up for the names
    /// of its own members; every module then lands exactly in its proposed layer.
    public func patterns() -> [[String]] {
        var useWildcards = layers.map { !$0.wildcards.isEmpty }
        while true {
            let patterns = layers.indices.map { index -> [String] in
                let layer = layers[index]
                guard useWildcards[index] else { return layer.modules }
                let globs = layer.wildcards.map(Glob.init)
                return layer.wildcards + layer.modules.filter { name in !globs.contains { $0.matches(name) } }
            }
            let globs = patterns.map { $0.map(Glob.init) }
            var changed = false
            for (index, layer) in layers.enumerated() {
                for module in layer.modules {
                    guard let first = globs.firstIndex(where: { $0.contains { $0.matches(module) } }), first != index else { continue }
                    useWildcards[first] = false
                    changed = true
                }
            }
            if !changed { return patterns }
        }
    }
}
