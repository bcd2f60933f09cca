import Foundation

/// The study's findings, checked one by one against the results: each as a sentence with the
/// figures that decide it and whether it holds here.
extension BenchReport {
    public struct Direction: Sendable, Hashable, Codable {
        public var claim: String
        /// The figures, in words.
        public var evidence: String
        /// Whether it holds on this machine; nil where the results lack the apps to tell.
        public var holds: Bool?
    }

    /// How close two figures must be to count as "about the same".
    static let sameWithin = 0.25

    public static func directions(_ results: BenchResults) -> [Direction] {
        let app = results.app
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1_000) }
        let counts = results.matrix.moduleCounts.sorted()
        let modular = results.matrix.shapes.filter { $0 != .monolith }
        let monolith = app(.monolith, nil, nil)
        var directions: [Direction] = []

        // 1. Static apps launch like the monolith.
        var pairs: [String] = []
        var holds: Bool?
        if let base = monolith?.launch?.median {
            for shape in modular {
                for count in counts {
                    guard let launch = app(shape, .static, count)?.launch?.median else { continue }
                    pairs.append("\(shape.rawValue) \(count): \(ms(launch))")
                    holds = (holds ?? true) && abs(launch / base - 1) <= sameWithin
                }
            }
            pairs.insert("monolith: \(ms(base))", at: 0)
        }
        directions.append(
            Direction(
                claim: "Static apps launch like the monolith (within \(Int(sameWithin * 100))%).", evidence: pairs.joined(separator: "; "),
                holds: pairs.count > 1 ? holds : nil))

        // 2. Dynamic apps take longer to reach main, the more modules they load: most modules ≫ fewest ≫ static.
        pairs = []
        holds = nil
        if let low = counts.first, let high = counts.last {
            for shape in modular {
                guard let manyDynamic = app(shape, .dynamic, high)?.timeToMain?.median,
                    let fewDynamic = app(shape, .dynamic, low)?.timeToMain?.median,
                    let fewStatic = app(shape, .static, low)?.timeToMain?.median
                else { continue }
                pairs.append(
                    "\(shape.rawValue): dynamic \(high) \(ms(manyDynamic)), dynamic \(low) \(ms(fewDynamic)), static \(low) \(ms(fewStatic))")
                holds = (holds ?? true) && (high == low || manyDynamic > fewDynamic) && fewDynamic > fewStatic
            }
        }
        directions.append(
            Direction(
                claim: "Time to main grows with the dynamic libraries loaded: dynamic \(counts.last ?? 0) > dynamic \(counts.first ?? 0) > static.",
                evidence: pairs.joined(separator: "; "), holds: holds))

        // 3. Incremental builds of modular apps are much faster than their clean builds; the monolith gains little.
        let configuration = results.options.configurations.contains(.debug) ? "debug" : results.options.runConfiguration.rawValue
        func gain(_ result: BenchAppResult?) -> Double? {
            guard let clean = result?.cleanBuild[configuration]?.median, let incremental = result?.incrementalBottom[configuration]?.median,
                incremental > 0
            else { return nil }
            return clean / incremental
        }
        pairs = []
        holds = nil
        let monolithGain = gain(monolith)
        if let monolithGain { pairs.append(String(format: "monolith %.1f×", monolithGain)) }
        for shape in modular {
            for linking in results.matrix.linkings {
                for count in counts {
                    guard let modularGain = gain(app(shape, linking, count)) else { continue }
                    pairs.append(String(format: "%@ %@ %d %.1f×", shape.rawValue, linking.rawValue, count, modularGain))
                    if let monolithGain { holds = (holds ?? true) && modularGain > monolithGain }
                }
            }
        }
        directions.append(
            Direction(
                claim:
                    "A \(configuration) build after editing a bottom-layer file gains more over a clean build in modular apps than in the monolith (clean ÷ incremental).",
                evidence: pairs.joined(separator: "; "), holds: holds))

        // 4. Dynamic linking adds size per library.
        pairs = []
        holds = nil
        for shape in modular {
            for count in counts {
                guard let dynamic = app(shape, .dynamic, count)?.size, let statically = app(shape, .static, count)?.size, dynamic.libraryCount > 0
                else { continue }
                let perLibrary = Double(dynamic.total - statically.total) / Double(dynamic.libraryCount)
                pairs.append(String(format: "%@ %d: %+.0f KB per library", shape.rawValue, count, perLibrary / 1_024))
                holds = (holds ?? true) && perLibrary > 0
            }
        }
        directions.append(Direction(claim: "Dynamic linking adds size for each library.", evidence: pairs.joined(separator: "; "), holds: holds))

        // 5. Memory is flat.
        let memory = results.apps.compactMap { $0.peakMemoryKB?.median }
        if let low = memory.min(), let high = memory.max(), memory.count > 1 {
            directions.append(
                Direction(
                    claim: "Peak memory is about the same in every app (within \(Int(sameWithin * 100))%).",
                    evidence: String(format: "from %.1f MB to %.1f MB", low / 1_024, high / 1_024), holds: high / low - 1 <= sameWithin))
        }
        return directions
    }

    static func describe(_ direction: Direction) -> String {
        let verdict = direction.holds.map { $0 ? "holds" : "does not hold" } ?? "not measured"
        return "**\(verdict)**: \(direction.claim)" + (direction.evidence.isEmpty ? "" : " \(direction.evidence).")
    }
}
