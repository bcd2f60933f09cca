import StrataRouting
import Testing

/// The router's tree against the plainest possible matcher: every registered pattern's shapes
/// tried against the URL one by one, the best by the documented precedence (per segment, a
/// literal before a parameter before the wildcard; a shape ending exactly before a wildcard
/// matching nothing; among one pattern's shapes, the earlier optional segment filled first).
/// Patterns and URLs are random but seeded, so a failure names what to replay.
@Suite struct RouteTablePropertyTests {
    @Test(arguments: 0..<40)
    func theTreeMatchesWhatALinearScanFinds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let router = Router()
        var registered: [GeneratedPattern] = []
        for _ in 0..<random.next(below: 25) + 5 {
            let pattern = GeneratedPattern.random(using: &random)
            do {
                try router.register(pattern.text) { _ in .success() }
                registered.append(pattern)
            } catch {
                // Refused, as two patterns matching the same URLs must be; the scan never sees it.
                #expect(registered.contains { $0.sharesAShape(with: pattern) }, "refused without a conflict: \(pattern.text): \(error)")
            }
        }
        for _ in 0..<300 {
            let url = GeneratedURL.random(using: &random)
            let expected = LinearMatcher(patterns: registered).match(url)
            let result = router.match(url.text)
            // The path chooses the route; a query value it declares that does not decode makes
            // that route reject the URL (never another route match).
            let rejects = expected.map { $0.pattern.queryInt && url.query.map { Int($0) == nil } == true } ?? false
            if case .rejected(let rejection) = result {
                #expect(rejects && rejection.match.pattern.text == expected?.pattern.text, "seed \(seed): \(url.text) rejected by \(rejection)")
                continue
            }
            #expect(!rejects, "seed \(seed): \(url.text) should be rejected by \(expected?.pattern.text ?? "")")
            let found = result.match
            #expect(
                found?.pattern.text == expected?.pattern.text,
                "seed \(seed): \(url.text) matched \(found?.pattern.text ?? "nothing"), the scan found \(expected?.pattern.text ?? "nothing")")
            if let found, let expected, found.pattern.text == expected.pattern.text {
                #expect(found.parameters.names == expected.names, "seed \(seed): \(url.text) in \(expected.pattern.text)")
                #expect(found.parameters.wildcard == expected.wildcard, "seed \(seed): \(url.text) in \(expected.pattern.text)")
            }
        }
    }
}

// MARK: Generated patterns and URLs

private enum Piece: Equatable {
    case literal(String)
    case int(String)
    case string(String)

    var rank: Int {
        switch self {
        case .literal: 0
        case .int, .string: 1
        }
    }

    /// Whether the piece accepts the URL segment.
    func accepts(_ segment: String) -> Bool {
        switch self {
        case .literal(let text): text == segment
        case .int: Int(segment) != nil
        case .string: true
        }
    }

    var sameShapeKey: String {
        switch self {
        case .literal(let text): text
        case .int, .string: ":"
        }
    }
}

private struct GeneratedPattern {
    let host: String
    let pieces: [(piece: Piece, optional: Bool)]
    let wildcard: Bool
    let queryInt: Bool

    var text: String {
        var text = "t://" + host
        for (piece, optional) in pieces {
            switch piece {
            case .literal(let literal): text += "/" + literal
            case .int(let name): text += "/:\(name)<Int>"
            case .string(let name): text += "/:\(name)"
            }
            if optional { text += "?" }
        }
        if wildcard { text += "/*rest" }
        if queryInt { text += "?n=<Int>" }
        return text
    }

    /// The shapes in the pattern's order: each optional piece present before absent.
    var shapes: [[Piece]] {
        pieces.reduce([[]]) { shapes, entry in
            entry.optional ? shapes.flatMap { [$0 + [entry.piece], $0] } : shapes.map { $0 + [entry.piece] }
        }
    }

    func sharesAShape(with other: GeneratedPattern) -> Bool {
        guard host == other.host, wildcard == other.wildcard else { return false }
        let mine = Set(shapes.map { $0.map(\.sameShapeKey) })
        return other.shapes.contains { mine.contains($0.map(\.sameShapeKey)) }
    }

    static func random(using random: inout SplitMix64) -> GeneratedPattern {
        var pieces: [(Piece, Bool)] = []
        for index in 0..<random.next(below: 4) {
            let piece: Piece =
                switch random.next(below: 4) {
                case 0: .int("i\(index)")
                case 1: .string("s\(index)")
                default: .literal(["x", "y", "z"][random.next(below: 3)])
                }
            pieces.append((piece, random.next(below: 2) == 0))
        }
        return GeneratedPattern(
            host: ["a", "b"][random.next(below: 2)], pieces: pieces, wildcard: random.next(below: 5) == 0,
            queryInt: random.next(below: 6) == 0)
    }
}

private struct GeneratedURL {
    let host: String
    let segments: [String]
    let query: String?

    var text: String {
        "t://" + ([host] + segments).joined(separator: "/") + (query.map { "?n=" + $0 } ?? "")
    }

    static func random(using random: inout SplitMix64) -> GeneratedURL {
        let words = ["x", "y", "z", "7", "42", "w"]
        return GeneratedURL(
            host: ["a", "b", "c"][random.next(below: 3)],
            segments: (0..<random.next(below: 5)).map { _ in words[random.next(below: words.count)] },
            query: [nil, "5", "five"][random.next(below: 3)])
    }
}

// MARK: The reference

private struct LinearMatcher {
    let patterns: [GeneratedPattern]

    struct Found {
        let pattern: GeneratedPattern
        let key: [Int]
        let names: [String]
        let wildcard: [String]
    }

    func match(_ url: GeneratedURL) -> Found? {
        var best: Found?
        for pattern in patterns where pattern.host == url.host {
            for shape in pattern.shapes {
                guard let found = match(shape, of: pattern, url) else { continue }
                // The first shape of the best key wins, so only a strictly better key replaces it.
                if best.map({ found.key.lexicographicallyPrecedes($0.key) }) ?? true { best = found }
            }
        }
        return best
    }

    /// The shape's match of the URL, with its precedence key: per segment 0 for a literal, 1 for
    /// a parameter, then 0 for an exact end or 2 where the wildcard starts.
    private func match(_ shape: [Piece], of pattern: GeneratedPattern, _ url: GeneratedURL) -> Found? {
        let segments = url.segments
        guard shape.count == segments.count || (pattern.wildcard && shape.count <= segments.count) else { return nil }
        for (piece, segment) in zip(shape, segments) where !piece.accepts(segment) { return nil }
        var names: [String] = shape.compactMap {
            switch $0 {
            case .literal: nil
            case .int(let name), .string(let name): name
            }
        }
        if pattern.queryInt, let value = url.query, Int(value) != nil { names.append("n") }
        let key = shape.map(\.rank) + [pattern.wildcard ? 2 : 0]
        return Found(
            pattern: pattern, key: key, names: names.sorted(),
            wildcard: pattern.wildcard ? Array(segments[shape.count...]) : [])
    }
}

/// A small seeded generator (SplitMix64), so every run sees the same cases.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
