/// A URL pattern a module registers, such as `iss://cosmonaut/:id<Int>/suit/:tab?` or
/// `iss://files/*path`.
///
/// - The scheme and the host are literals; the host is the first segment.
/// - `:name` is a parameter segment, decoded as `String`; `:name<Type>` decodes it as `Type`
///   (`Int`, `Double`, `Bool`, `UUID` or a type added with ``Router/addParameterType(_:)``).
/// - A trailing `?` makes a segment optional: `:tab?`, `edit?`.
/// - `*` or `*name`, last, matches the rest of the path (zero or more segments).
/// - `?tab=&count=<Int>` declares query parameters, each optional, decoded like segments. After
///   an optional last segment, the query's `?` comes second: `:tab??page=<Int>`.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    let scheme: String
    let segments: [Segment]
    let wildcard: String?
    let query: [(name: String, type: String)]

    enum Segment: Sendable, Hashable {
        case literal(String, optional: Bool)
        case parameter(name: String, type: String, optional: Bool)

        var isOptional: Bool {
            switch self {
            case .literal(_, let optional), .parameter(_, _, let optional): optional
            }
        }
    }

    /// Parses `text`.
    ///
    /// - Throws: ``RouteRegistrationError/invalidPattern(_:column:message:)`` naming the column.
    public init(_ text: String) throws(RouteRegistrationError) {
        func fail(_ offset: Int, _ message: String) -> RouteRegistrationError {
            .invalidPattern(text, column: offset + 1, message: message)
        }
        guard let separator = text.firstRange(of: "://") else {
            throw fail(0, "a pattern starts with a scheme and '://', as in iss://cosmonaut/:id")
        }
        let scheme = text[..<separator.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            throw fail(0, "'\(scheme)' is not a URL scheme")
        }
        var rest = Substring(text[separator.upperBound...])
        var queryText: Substring?
        if let queryStart = Self.queryStart(in: rest) {
            queryText = rest[rest.index(after: queryStart)...]
            rest = rest[..<queryStart]
        }
        var segments: [Segment] = []
        var wildcard: String?
        /// The path's, the wildcard's and the query's parameter names so far: each may appear once.
        var names: Set<String> = []
        var offset = text.distance(from: text.startIndex, to: separator.upperBound)
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            defer { offset += part.count + 1 }
            if part.isEmpty {
                if index == parts.count - 1 && index > 0 { continue }  // a trailing slash
                throw fail(offset, index == 0 ? "the pattern has no host after '://'" : "empty segment ('//')")
            }
            if wildcard != nil { throw fail(offset, "'*\(wildcard!)' matches the rest of the path, so it must be the last segment") }
            var body = part
            let optional = body.hasSuffix("?")
            if optional { body = body.dropLast() }
            if body.hasPrefix("*") {
                if optional { throw fail(offset, "a wildcard already matches zero segments; drop the '?'") }
                let name = body.dropFirst()
                guard name.allSatisfy({ $0.isIdentifierCharacter }) else { throw fail(offset, "'\(name)' is not a parameter name") }
                wildcard = String(name)
                names.insert(String(name))
                continue
            }
            if body.hasPrefix(":") {
                var name = body.dropFirst()
                var type = "String"
                if let open = name.firstIndex(of: "<") {
                    guard name.hasSuffix(">") else { throw fail(offset, "'\(body)': a parameter type is written :name<Type>") }
                    type = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
                    name = name[..<open]
                }
                guard !name.isEmpty, name.allSatisfy({ $0.isIdentifierCharacter }) else {
                    throw fail(offset, "'\(body)' is not a parameter: write :name or :name<Type>")
                }
                if !names.insert(String(name)).inserted {
                    throw fail(offset, "the parameter ':\(name)' appears twice")
                }
                segments.append(.parameter(name: String(name), type: type, optional: optional))
            } else {
                guard !body.contains(where: { "<>:*{}".contains($0) }) else {
                    throw fail(offset, "'\(body)' mixes literal text with parameter syntax; a parameter takes a whole segment")
                }
                let literal = index == 0 ? body.lowercased() : String(body)
                if index == 0 && optional { throw fail(offset, "the host cannot be optional") }
                segments.append(.literal(literal, optional: optional))
            }
        }
        var query: [(name: String, type: String)] = []
        if let queryText {
            for item in queryText.split(separator: "&") {
                guard let equals = item.firstIndex(of: "=") else {
                    throw fail(text.count - queryText.count, "query parameters are declared as name= or name=<Type>, not '\(item)'")
                }
                let name = String(item[..<equals])
                var type = String(item[item.index(after: equals)...])
                if type.isEmpty {
                    type = "String"
                } else if type.hasPrefix("<") && type.hasSuffix(">") {
                    type = String(type.dropFirst().dropLast())
                } else {
                    throw fail(text.count - queryText.count, "query parameter '\(name)': write \(name)= or \(name)=<Type>")
                }
                guard !name.isEmpty, name.allSatisfy({ $0.isIdentifierCharacter }) else {
                    throw fail(text.count - queryText.count, "'\(name)' is not a query parameter name")
                }
                if !names.insert(name).inserted {
                    throw fail(text.count - queryText.count, "the parameter '\(name)' appears twice")
                }
                query.append((name, type))
            }
        }
        guard optionalExpansionCount(segments) <= 64 else {
            throw fail(0, "too many optional segments (at most 6): each one doubles the routes the pattern stands for")
        }
        self.text = text
        self.scheme = scheme.lowercased()
        self.segments = segments
        self.wildcard = wildcard
        self.query = query
    }

    /// The position of the '?' that starts the query: the first '?' followed by `name=` text and
    /// no '/'. Any other '?' ends an optional segment (`:tab?`), as does one followed by the
    /// query's own '?' (`:tab??q=`).
    private static func queryStart(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while let mark = text[index...].firstIndex(of: "?") {
            let after = text[text.index(after: mark)...]
            if !after.hasPrefix("?") && !after.contains("/") && after.contains("=") { return mark }
            index = text.index(after: mark)
        }
        return nil
    }

    /// The concrete shapes the pattern stands for: one per choice of its optional segments.
    var expansions: [[Segment]] {
        var shapes: [[Segment]] = [[]]
        for segment in segments {
            if segment.isOptional {
                // With the segment first: where shapes meet, earlier optional segments fill first.
                shapes = shapes.flatMap { [$0 + [segment], $0] }
            } else {
                shapes = shapes.map { $0 + [segment] }
            }
        }
        return shapes
    }

    /// The parameter types the pattern names.
    var typeNames: [String] {
        segments.compactMap { if case .parameter(_, let type, _) = $0 { type } else { nil } } + query.map(\.type)
    }

    /// The pattern as written.
    public var description: String { text }

    /// Two patterns are equal when they are written the same.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

private func optionalExpansionCount(_ segments: [RoutePattern.Segment]) -> Int {
    segments.reduce(1) { $1.isOptional ? $0 * 2 : $0 }
}

extension Character {
    fileprivate var isIdentifierCharacter: Bool { isLetter || isNumber || self == "_" || self == "-" }
}
