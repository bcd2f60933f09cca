/// The router's tree of segments. Each node has literal children (in ``LiteralEdges``), at most
/// one parameter child (shared by every pattern with a parameter there, whatever its name) and at
/// most one wildcard; a node ends a route when a pattern's shape ends there.
struct RouteTable: Sendable {
    struct Node: Sendable {
        var parameter: Int?
        var end: Int?
        var wildcard: Int?
    }

    /// One shape of a route: the route and where its parameters are.
    struct Ending: Sendable {
        let route: Int
        let parameters: [(position: Int, name: String, type: ParameterType)]
        /// Another shape of the same route ending at the same node, tried when this one's values
        /// do not decode: `:level?/:since<Int>?` reaches one node through either parameter.
        var alternative: Int?
    }

    var types: [String: ParameterType] = Dictionary(uniqueKeysWithValues: ParameterType.builtIn.map { ($0.name, $0) })
    /// The root node of each scheme. A list: an app has a scheme or two, and comparing them costs
    /// less than hashing one.
    var roots: [(scheme: String, node: Int)] = []
    var nodes: [Node] = []
    var literals = LiteralEdges()
    var endings: [Ending] = []
    var routes: [Route] = []

    mutating func insert(_ route: Route) throws(RouteRegistrationError) {
        let pattern = route.pattern
        for type in pattern.typeNames where types[type] == nil {
            throw .unknownParameterType(pattern: pattern.text, type: type, known: types.keys.sorted())
        }
        // Check every shape first, so a conflict leaves the table unchanged.
        let shapes = pattern.expansions
        let isWildcard = pattern.wildcard != nil
        for shape in shapes {
            if let node = node(for: shape, scheme: pattern.scheme, creating: false),
                let existing = isWildcard ? nodes[node].wildcard : nodes[node].end
            {
                let other = routes[endings[existing].route]
                throw .conflict(
                    pattern: pattern.text, owner: route.owner, existing: other.pattern.text, existingOwner: other.owner,
                    example: Self.example(scheme: pattern.scheme, shape: shape, wildcard: isWildcard))
            }
        }
        let routeIndex = routes.count
        routes.append(route)
        for shape in shapes {
            let node = node(for: shape, scheme: pattern.scheme, creating: true)!
            let parameters = shape.enumerated().compactMap { position, segment in
                if case .parameter(let name, let type, _) = segment { (position: position, name: name, type: types[type]!) } else { nil }
            }
            endings.append(Ending(route: routeIndex, parameters: parameters))
            let new = endings.count - 1
            if var last = isWildcard ? nodes[node].wildcard : nodes[node].end {
                // Only this route's own shapes can end here: any other's was refused above.
                while let next = endings[last].alternative { last = next }
                endings[last].alternative = new
            } else if isWildcard {
                nodes[node].wildcard = new
            } else {
                nodes[node].end = new
            }
        }
    }

    /// The node `shape` leads to under `scheme`. With `creating`, missing nodes are made on the
    /// way; without, a missing node means no route has the shape yet (nil).
    private mutating func node(for shape: [RoutePattern.Segment], scheme: String, creating: Bool) -> Int? {
        var node = root(of: scheme)
        if node == nil && creating {
            nodes.append(Node())
            node = nodes.count - 1
            roots.append((scheme, node!))
        }
        for segment in shape {
            guard let current = node else { return nil }
            switch segment {
            case .literal(let text, _): node = literals.child(of: current, text)
            case .parameter: node = nodes[current].parameter
            }
            if node != nil || !creating { continue }
            nodes.append(Node())
            node = nodes.count - 1
            switch segment {
            case .literal(let text, _): literals.insert(parent: current, text, child: node!)
            case .parameter: nodes[current].parameter = node
            }
        }
        return node
    }

    private static func example(scheme: String, shape: [RoutePattern.Segment], wildcard: Bool) -> String {
        let parts = shape.map { segment in
            switch segment {
            case .literal(let text, _): text
            case .parameter(_, let type, _): type == "Int" ? "1" : type == "UUID" ? "00000000-0000-0000-0000-000000000000" : "x"
            }
        }
        return scheme + "://" + (parts + (wildcard ? ["rest"] : [])).joined(separator: "/")
    }

    /// The root node of `scheme`'s routes.
    private func root(of scheme: String) -> Int? { roots.first { $0.scheme == scheme }?.node }

    // MARK: Matching

    /// The furthest a failed search got, to explain it.
    private struct Miss {
        var depth = -1
        var message = ""

        mutating func record(depth: Int, _ message: @autoclosure () -> String) {
            if depth > self.depth {
                self.depth = depth
                self.message = message()
            }
        }
    }

    func match(_ url: RouteURL) -> RouteMatchResult {
        guard let root = root(of: url.scheme) else {
            let known = roots.map(\.scheme).sorted().map { "'\($0)'" }.joined(separator: ", ")
            return .noMatch(
                NoRouteReason(url: url.text, message: "no routes use the scheme '\(url.scheme)' (registered: \(known.isEmpty ? "none" : known))"))
        }
        var miss = Miss()
        if let found = search(node: root, index: 0, url: url, miss: &miss) {
            if let invalid = found.invalidQuery {
                return .rejected(RouteRejection(match: found, parameter: invalid.name, value: invalid.value, expectedType: invalid.type))
            }
            return .matched(found)
        }
        return .noMatch(NoRouteReason(url: url.text, message: miss.message))
    }

    /// Depth-first: a literal child before the parameter child before a wildcard, backtracking
    /// when a deeper choice ends nowhere or a value does not decode.
    private func search(node: Int, index: Int, url: RouteURL, miss: inout Miss) -> RouteMatch? {
        let current = nodes[node]
        if index == url.segments.count {
            if let end = current.end, let found = decode(end, url: url, wildcardFrom: nil, depth: index, miss: &miss) { return found }
        } else {
            if let next = literals.child(of: node, url.segments[index]), let found = search(node: next, index: index + 1, url: url, miss: &miss) {
                return found
            }
            if let next = current.parameter, let found = search(node: next, index: index + 1, url: url, miss: &miss) { return found }
        }
        if let wildcard = current.wildcard, let found = decode(wildcard, url: url, wildcardFrom: index, depth: index, miss: &miss) {
            return found
        }
        if current.end == nil || index < url.segments.count {
            miss.record(depth: index, expectation(at: node, index: index, url: url))
        }
        return nil
    }

    /// The match of the first of the ending's shapes whose values decode.
    private func decode(_ ending: Int, url: RouteURL, wildcardFrom: Int?, depth: Int, miss: inout Miss) -> RouteMatch? {
        var next: Int? = ending
        while let current = next {
            if let found = decode(endings[current], url: url, wildcardFrom: wildcardFrom, depth: depth, miss: &miss) { return found }
            next = endings[current].alternative
        }
        return nil
    }

    private func decode(_ ending: Ending, url: RouteURL, wildcardFrom: Int?, depth: Int, miss: inout Miss) -> RouteMatch? {
        let route = routes[ending.route]
        var values: [(name: String, value: any RouteParameter)] = []
        values.reserveCapacity(ending.parameters.count + route.pattern.query.count)
        for parameter in ending.parameters {
            let text = url.segments[parameter.position]
            guard let value = parameter.type.decode(Substring(text)) else {
                miss.record(depth: depth + 1, "'\(text)' is not \(Self.article(parameter.type.name)) for :\(parameter.name) in \(route.pattern.text)")
                return nil
            }
            values.append((parameter.name, value))
        }
        // The path chose the route: a query value that does not decode is the route's to
        // reject, with the reason, rather than a reason to look for another route.
        var invalidQuery: (name: String, value: String, type: String)?
        for (name, typeName) in route.pattern.query {
            guard let text = url.queryValue(name) else { continue }
            let type = types[typeName]!
            guard let value = type.decode(Substring(text)) else {
                if invalidQuery == nil { invalidQuery = (name, text, type.name) }
                continue
            }
            values.append((name, value))
        }
        let wildcard = wildcardFrom.map { Array(url.segments[$0...]) } ?? []
        return RouteMatch(route: route, parameters: RouteParameters(url: url, wildcard: wildcard, values: values), invalidQuery: invalidQuery)
    }

    /// What the routes at `node` expected at `index`, in words.
    private func expectation(at node: Int, index: Int, url: RouteURL) -> String {
        var expected = literals.texts(from: node).sorted().map { "'\($0)'" }
        if nodes[node].parameter != nil { expected.append("a parameter") }
        let matched = url.scheme + "://" + url.segments.prefix(index).joined(separator: "/")
        if index == url.segments.count {
            return "the routes under \(matched) continue with \(expected.joined(separator: " or ")); none ends there"
        }
        if expected.isEmpty { return "the routes end at \(matched); '\(url.segments[index...].joined(separator: "/"))' is left over" }
        let place = index == 0 ? "as the host" : "after \(matched)"
        return "\(place) the routes expect \(expected.joined(separator: " or ")), not '\(url.segments[index])'"
    }

    private static func article(_ type: String) -> String {
        ("AEIOUaeiou".contains(type.first ?? "x") && type != "UUID" ? "an " : "a ") + type
    }
}

/// A registered route. A class, so a match refers to it instead of copying its pattern.
final class Route: Sendable {
    let pattern: RoutePattern
    let owner: String
    let handler: RouteHandler

    init(pattern: RoutePattern, owner: String, handler: @escaping RouteHandler) {
        self.pattern = pattern
        self.owner = owner
        self.handler = handler
    }
}
