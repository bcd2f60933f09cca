import StrataDiagnostics

/// A rename or merge that cannot be done, and what to do instead.
public struct LayerEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostic id: `unknown-layer` for a name the proposal lacks, else `invalid-value`.
    public var id: String
    public var message: String
    public var hint: String?

    public init(_ id: String = "invalid-value", message: String, hint: String?) {
        self.id = id
        self.message = message
        self.hint = hint
    }

    public var description: String { message + (hint.map { " (\($0))" } ?? "") }
}

extension LayerProposal {
    /// Renames layer `old` to `new`.
    public mutating func rename(_ old: String, to new: String) throws(LayerEditError) {
        let index = try self.index(of: old)
        try checkNewName(new, replacing: old)
        layers[index].name = new
    }

    /// Merges the layers `names` into one, named after the first and standing where the highest
    /// of them stood (its modules can then still use everything below).
    public mutating func merge(_ names: [String]) throws(LayerEditError) {
        guard names.count >= 2 else {
            throw LayerEditError(message: "merging needs two or more layers, got \(names.count)", hint: "write --merge upper,lower")
        }
        var indices: [Int] = []
        for name in names {
            let index = try self.index(of: name)
            guard !indices.contains(index) else { throw LayerEditError(message: "layer '\(name)' is named twice in one merge", hint: nil) }
            indices.append(index)
        }
        let top = indices.min()!
        var merged = LayerProposal.Layer(
            name: names[0], modules: indices.flatMap { layers[$0].modules }, basis: .merged(names),
            placedByDependencies: [])
        // A merge of name groups keeps their wildcards when all of them are of one kind (prefix or suffix).
        let affixes = indices.map { layers[$0].basis }
        if case .affix(_, let isPrefix) = affixes[0],
            case let words = affixes.compactMap({ basis -> [String]? in
                guard case .affix(let words, let prefix) = basis, prefix == isPrefix else { return nil }
                return words
            }), words.count == affixes.count
        {
            merged.basis = .affix(words: words.flatMap { $0 }, isPrefix: isPrefix)
            merged.placedByDependencies = indices.flatMap { layers[$0].placedByDependencies }.sorted()
        }
        merged.allowsSameLayerLinks = indices.contains { layers[$0].allowsSameLayerLinks }
        for index in indices.sorted(by: >) { layers.remove(at: index) }
        layers.insert(merged, at: top)
    }

    func index(of name: String) throws(LayerEditError) -> Int {
        guard let index = layers.firstIndex(where: { $0.name == name }) else {
            throw LayerEditError(
                "unknown-layer", message: "there is no proposed layer '\(name)'",
                hint: Suggestions.didYouMean(name, in: layers.map(\.name)) ?? "the layers are \(layers.map(\.name).joined(separator: ", "))")
        }
        return index
    }

    func checkNewName(_ name: String, replacing old: String) throws(LayerEditError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw LayerEditError(message: "'\(name)' is not a layer name", hint: "use letters, digits, '-' and '_'")
        }
        if name != old, layers.contains(where: { $0.name == name }) {
            throw LayerEditError(
                "duplicate-layer", message: "a layer named '\(name)' is proposed already", hint: "merge the two with --merge \(name),\(old)")
        }
    }
}
