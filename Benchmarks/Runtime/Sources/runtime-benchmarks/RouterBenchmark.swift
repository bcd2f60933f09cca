import StrataRouting

/// `count` patterns as a large app would have: one host per module, a few screens each, with
/// typed parameters, e.g. iss://module17/:id<Int>/screen3.
func patterns(_ count: Int) -> [String] {
    (0..<count).map { index in "iss://module\(index / 5)/:id<Int>/screen\(index % 5)" }
}

/// URLs that each match one of the patterns, spread over all of them.
func urls(for count: Int, samples: Int = 1_000) -> [String] {
    (0..<samples).map { sample in
        let index = (sample &* 7_919) % count
        return "iss://module\(index / 5)/\(sample)/screen\(index % 5)?tab=info"
    }
}

/// The usual URL router: every pattern checked in turn, segment by segment.
struct LinearRouter {
    let patterns: [(scheme: String, segments: [Substring])]

    init(_ patterns: [String]) {
        self.patterns = patterns.map { text in
            let parts = text.split(separator: "://", maxSplits: 1)
            return (String(parts[0]), parts[1].split(separator: "/"))
        }
    }

    func match(_ url: String) -> Int? {
        let parts = url.split(separator: "://", maxSplits: 1)
        let path = parts[1].split(separator: "?", maxSplits: 1)[0]
        let segments = path.split(separator: "/")
        for (index, pattern) in patterns.enumerated() where pattern.scheme == parts[0] && pattern.segments.count == segments.count {
            var matches = true
            for (expected, actual) in zip(pattern.segments, segments) {
                if expected.hasPrefix(":") {
                    if expected.hasSuffix("<Int>") && Int(actual) == nil { matches = false; break }
                } else if expected != actual {
                    matches = false
                    break
                }
            }
            if matches { return index }
        }
        return nil
    }
}

struct RouterRow {
    let patterns: Int
    let strata: Double
    let strataBest: Double
    let linear: Double
    /// The scan's time over StrataRouting's: the median of the ratios within each round.
    let ratio: Double
}

func routerRows() -> [RouterRow] {
    [10, 10_000].map { count in
        let router = Router()
        for pattern in patterns(count) { try! router.register(pattern) { _ in .success() } }
        let linear = LinearRouter(patterns(count))
        let urls = urls(for: count)
        for url in urls { precondition(router.match(url).match != nil && linear.match(url) != nil, "\(url) must match") }
        let result = compare(
            threads: 1, rounds: 15,
            [
                Workload(count: urls.count * 50) { n in
                    var s = 0
                    for index in 0..<n { s &+= router.match(urls[index % urls.count]).match == nil ? 0 : 1 }
                    return s
                },
                Workload(count: urls.count * (count > 100 ? 1 : 50)) { n in
                    var s = 0
                    for index in 0..<n { s &+= linear.match(urls[index % urls.count]) ?? 0 }
                    return s
                },
            ])
        return RouterRow(
            patterns: count, strata: result.nanoseconds[0], strataBest: result.best[0], linear: result.nanoseconds[1], ratio: result.ratios[0])
    }
}
