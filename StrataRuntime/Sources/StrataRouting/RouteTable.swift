/// The router's tree of segments. Each node has literal children, at most one parameter child
/// (shared by every pattern with a parameter there, whatever its name) and at most one wildcard;
/// a node ends a route when a pattern's shape ends there.
struct RouteTable: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        var end: Int?
        var wildcard: Int?
    }

    /// One shape of a route: the route and where its parameters are.
    struct Ending: Sendable {
        let route: Int
        let parameters: [(position: Int, name: String, type: ParameterType)]
    }

    var types: [String: ParameterType] = Dictionary(uniqueKeysWithValues: ParameterType.builtIn.map { ($0.name, $0) })
    var roots: [String: Int] = [:]
    var nodes: [Node] = []
    var endings: [Ending] = []
    var routes: [Route] = []

    mutating func insert(_ route: Route) throws(RouteRegistrationError) {
        let pattern = route.pattern
        for type in pattern.typeNames where types[type] == nil {
            throw .unknownParameterType(pattern: pattern.text, type: type, known: types.keys.sorted())
        }
        // Check every shape first, so a conflict leaves the table unchanged.
        let shapes = pattern.expansions
        for shape in shapes {
            if let existing = existingEnding(for: shape, scheme: pattern.scheme, wildcard: pattern.wildcard != nil) {
                let other = routes[existing.route]
                throw .conflict(
                    pattern: pattern.text, owner: route.owner, existing: other.pattern.text, existingOwner: other.owner,
                    example: Self.example(scheme: pattern.scheme, shape: shape, wildcard: pattern.wildcard != nil))
            }
        }
        let routeIndex = routes.count
        routes.append(route)
        for shape in shapes {
            var node = root(for: pattern.scheme)
            var parameters: [(position: Int, name: String, type: ParameterType)] = []
            for (position, segment) in shape.enumerated() {
                switch segment {
                case .literal(let text, _):
                    node = child(of: node, literal: text)
                case .parameter(let name, let type, _):
                    parameters.append((position, name, types[type]!))
                    node = parameterChild(of: node)
                }
            }
            endings.append(Ending(route: routeIndex, parameters: parameters))
            if pattern.wildcard != nil { nodes[node].wildcard = endings.count - 1 } else { nodes[node].end = endings.count - 1 }
        }
    }

    /// The ending a shape would take, if another route already has it.
    private func existingEnding(for shape: [RoutePattern.Segment], scheme: String, wildcard: Bool) -> Ending? {
        guard var node = roots[scheme] else { return nil }
        for segment in shape {
            switch segment {
            case .literal(let text, _):
                guard let next = nodes[node].literals[text] else { return nil }
                node = next
            case .parameter:
                guard let next = nodes[node].parameter else { return nil }
                node = next
            }
        }
        return (wildcard ? nodes[node].wildcard : nodes[node].end).map { endings[$0] }
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

    private mutating func root(for scheme: String) -> Int {
        if let root = roots[scheme] { return root }
        nodes.append(Node())
        roots[scheme] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func child(of node: Int, literal: String) -> Int {
        if let next = nodes[node].literals[literal] { return next }
        nodes.append(Node())
        nodes[node].literals[literal] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func parameterChild(of node: Int) -> Int {
        if let next = nodes[node].parameter { return next }
        nodes.append(Node())
        nodes[node].parameter = nodes.count - 1
        return nodes.count - 1
    }

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
        guard let root = roots[url.scheme] else {
            let known = roots.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return .noMatch(
                NoRouteReason(url: url.text, message: "no routes use the scheme '\(url.scheme)' (registered: \(known.isEmpty ? "none" : known))"))
        }
        var miss = Miss()
        if let found = search(node: root, index: 0, url: url, miss: &miss) { return .matched(found) }
        return .noMatch(NoRouteReason(url: url.text, message: miss.message))
    }

    /// Depth-first: a literal child before the parameter child before a wildcard, backtracking
    /// when a deeper choice ends nowhere or a value does not decode.
    private func search(node: Int, index: Int, url: RouteURL, miss: inout Miss) -> RouteMatch? {
        let segments = url.segments
        let current = nodes[node]
        if index == segments.count {
            if let end = current.end, let found = decode(endings[end], url: url, wildcardFrom: nil, depth: index, miss: &miss) { return found }
        } else {
            if let next = current.literals[segments[index]], let found = search(node: next, index: index + 1, url: url, miss: &miss) {
                return found
            }
            if let next = current.parameter, let found = search(node: next, index: index + 1, url: url, miss: &miss) { return found }
        }
        if let wildcard = current.wildcard, let found = decode(endings[wildcard], url: url, wildcardFrom: index, depth: index, miss: &miss) {
            return found
        }
        if current.end == nil || index < segments.count {
            miss.record(depth: index, Self.expectation(at: current, index: index, url: url))
        }
        return nil
    }

    private func decode(_ ending: Ending, url: RouteURL, wildcardFrom: Int?, depth: Int, miss: inout Miss) -> RouteMatch? {
        let route = routes[ending.route]
        var values: [String: any RouteParameter] = [:]
        for parameter in ending.parameters {
            let text = url.segments[parameter.position]
            guard let value = parameter.type.decode(Substring(text)) else {
                miss.record(depth: depth + 1, "'\(text)' is not \(Self.article(parameter.type.name)) for :\(parameter.name) in \(route.pattern.text)")
                return nil
            }
            values[parameter.name] = value
        }
        for (name, typeName) in route.pattern.query {
            guard let text = url.queryValue(name) else { continue }
            let type = types[typeName]!
            guard let value = type.decode(Substring(text)) else {
                miss.record(depth: depth + 1, "the query value \(name)=\(text) is not \(Self.article(type.name)) (\(route.pattern.text))")
                return nil
            }
            values[name] = value
        }
        let wildcard = wildcardFrom.map { Array(url.segments[$0...]) } ?? []
        return RouteMatch(
            pattern: route.pattern, owner: route.owner, parameters: RouteParameters(url: url, wildcard: wildcard, values: values),
            handler: route.handler)
    }

    /// What the routes at `node` expected at `index`, in words.
    private static func expectation(at node: Node, index: Int, url: RouteURL) -> String {
        var expected = node.literals.keys.sorted().map { "'\($0)'" }
        if node.parameter != nil { expected.append("a parameter") }
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

/// A registered route.
struct Route: Sendable {
    let pattern: RoutePattern
    let owner: String
    let handler: RouteHandler
}
