/// Building URLs from a route and typed values (reverse routing), so that a module opens another
/// module's screen without formatting its URL by hand:
///
/// ```swift
/// // In SpacesuitInterface, next to the protocols other modules use:
/// public enum SpacesuitRoutes {
///     public static let suit = try! RoutePattern("iss://cosmonaut/:id<Int>/suit?tab=")
/// }
/// // In any module:
/// let url = try SpacesuitRoutes.suit.url(["id": 7, "tab": "oxygen"])   // iss://cosmonaut/7/suit?tab=oxygen
/// await router.open(url)
/// ```
extension RoutePattern {
    /// The URL this pattern matches with `parameters` (path and query parameters by name) and the
    /// `wildcard`'s segments, percent-encoded.
    ///
    /// Each value must have the type the pattern declares for it (`:id<Int>` takes an `Int`);
    /// optional segments and query parameters left out are left out of the URL; optional literal
    /// segments are left out. The URL is matched against the pattern before it is returned, so
    /// it decodes to the very values given.
    ///
    /// - Throws: ``RouteBuildingError`` for a missing, unknown or mistyped parameter, or values
    ///   the URL could not carry back.
    public func url(_ parameters: [String: any RouteParameter] = [:], wildcard: [String] = []) throws(RouteBuildingError) -> String {
        var types = Dictionary(ParameterType.builtIn.map { ($0.name, $0) }) { first, _ in first }
        for value in parameters.values { types[type(of: value).routeTypeName] = ParameterType(of: value) }
        // A declared type without a value to learn it from decodes nothing: the check below then
        // never takes text for it.
        for name in typeNames where types[name] == nil { types[name] = ParameterType(name: name) { _ in nil } }
        return try url(parameters, wildcard: wildcard, types: types)
    }

    func url(_ parameters: [String: any RouteParameter], wildcard: [String], types: [String: ParameterType]) throws(RouteBuildingError) -> String {
        let declared = segments.compactMap { if case .parameter(let name, _, _) = $0 { name } else { nil } } + query.map(\.name)
        if let unknown = parameters.keys.sorted().first(where: { !declared.contains($0) }) {
            throw .unknownParameter(pattern: text, name: unknown, declared: declared)
        }
        func encoded(_ name: String, declaredType: String) throws(RouteBuildingError) -> String? {
            guard let value = parameters[name] else { return nil }
            let given = type(of: value).routeTypeName
            guard given == declaredType else { throw .wrongType(pattern: text, name: name, expected: declaredType, given: given) }
            let text = value.routeParameterText
            guard !text.isEmpty else { throw .emptyValue(pattern: self.text, name: name) }
            return Self.percentEncoded(text)
        }
        var path: [String] = []
        for segment in segments {
            switch segment {
            case .literal(_, optional: true):
                continue
            case .literal(let literal, optional: false):
                path.append(Self.percentEncoded(literal))
            case .parameter(let name, let type, let optional):
                if let text = try encoded(name, declaredType: type) {
                    path.append(text)
                } else if !optional {
                    throw .missingParameter(pattern: text, name: name)
                }
            }
        }
        if self.wildcard != nil {
            guard !wildcard.contains(where: \.isEmpty) else { throw .emptyValue(pattern: text, name: self.wildcard ?? "*") }
            path += wildcard.map(Self.percentEncoded)
        } else if !wildcard.isEmpty {
            throw .noWildcard(pattern: text)
        }
        var items: [String] = []
        for (name, type) in query {
            if let value = try encoded(name, declaredType: type) { items.append("\(name)=\(value)") }
        }
        let url = scheme + "://" + path.joined(separator: "/") + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        try checkRoundTrip(url, parameters: parameters, wildcard: wildcard, types: types)
        return url
    }

    /// Matches `url` against this pattern alone and checks it decodes to the values given: an
    /// optional segment left out before one given would otherwise shift the given value into it.
    private func checkRoundTrip(
        _ url: String, parameters: [String: any RouteParameter], wildcard: [String], types: [String: ParameterType]
    ) throws(RouteBuildingError) {
        var table = RouteTable()
        table.types = types
        do {
            try table.insert(Route(pattern: self, owner: "", handler: { _ in .cancelled }))
        } catch {
            throw .unencodable(pattern: text, url: url, reason: error.description)
        }
        guard let parsed = RouteURL(url), case .matched(let match) = table.match(parsed) else {
            throw .unencodable(pattern: text, url: url, reason: "the URL does not match the pattern")
        }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let decoded = match.parameters.values.first { $0.name == name }?.value.routeParameterText
            guard decoded == value.routeParameterText else {
                let got = decoded.map { "'\($0)'" } ?? "nothing"
                throw .unencodable(
                    pattern: text, url: url,
                    reason: "':\(name)' would read back as \(got), not '\(value.routeParameterText)'; give the optional segments before it too")
            }
        }
        if match.parameters.wildcard != wildcard {
            throw .unencodable(pattern: text, url: url, reason: "the wildcard would read back as \(match.parameters.wildcard)")
        }
    }

    /// `text` with every byte but letters, digits and `-._~` percent-encoded, so that a value
    /// can hold `/`, `?`, `&`, `=` or `#` and still come back whole.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Router {
    /// The URL of the registered route `pattern` with `parameters` and the `wildcard`'s segments,
    /// as ``RoutePattern/url(_:wildcard:)`` builds it, with this router's parameter types; and
    /// checked to open that very route here (no other route takes it first).
    ///
    /// - Throws: ``RouteBuildingError``, also when `pattern` is not registered or another route
    ///   would take the URL.
    public func url(
        for pattern: String, _ parameters: [String: any RouteParameter] = [:], wildcard: [String] = []
    ) throws(RouteBuildingError) -> String {
        guard let registered = routes.first(where: { $0.pattern.text == pattern })?.pattern else {
            throw .notRegistered(pattern: pattern)
        }
        let url = try registered.url(parameters, wildcard: wildcard, types: parameterTypes)
        if case .matched(let match) = match(url), match.pattern != registered {
            throw .unencodable(pattern: pattern, url: url, reason: "the router opens it with '\(match.pattern.text)' instead")
        }
        return url
    }
}
