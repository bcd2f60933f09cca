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
        let study = DirectionEvidence(results)
        return [study.staticLaunch(), study.timeToMain(), study.incrementalGain(), study.dynamicSize(), study.memory()].compactMap { $0 }
    }

    static func describe(_ direction: Direction) -> String {
        let verdict = direction.holds.map { $0 ? "holds" : "does not hold" } ?? "not measured"
        return "**\(verdict)**: \(direction.claim)" + (direction.evidence.isEmpty ? "" : " \(direction.evidence).")
    }
}

/// The figures each of the study's findings is decided by, one method per finding.
private struct DirectionEvidence {
    typealias Direction = BenchReport.Direction
    let results: BenchResults
    let counts: [Int]
    let modular: [BenchMatrix.Shape]
    let monolith: BenchAppResult?
    var sameWithin: Double { BenchReport.sameWithin }

    init(_ results: BenchResults) {
        self.results = results
        counts = results.matrix.moduleCounts.sorted()
        modular = results.matrix.shapes.filter { $0 != .monolith }
        monolith = results.app(.monolith, nil, nil)
    }

    private func app(_ shape: BenchMatrix.Shape, _ linking: BenchMatrix.Linking?, _ count: Int?) -> BenchAppResult? {
        results.app(shape, linking, count)
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1_000) }

    /// Static apps launch like the monolith.
    func staticLaunch() -> Direction {
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
        return Direction(
            claim: "Static apps launch like the monolith (within \(Int(sameWithin * 100))%).", evidence: pairs.joined(separator: "; "),
            holds: pairs.count > 1 ? holds : nil)
    }

    /// Dynamic apps take longer to reach main, the more modules they load: most modules ≫ fewest ≫ static.
    func timeToMain() -> Direction {
        var pairs: [String] = []
        var holds: Bool?
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
        return Direction(
            claim: "Time to main grows with the dynamic libraries loaded: dynamic \(counts.last ?? 0) > dynamic \(counts.first ?? 0) > static.",
            evidence: pairs.joined(separator: "; "), holds: holds)
    }

    /// Incremental builds of modular apps are much faster than their clean builds; the monolith gains little.
    func incrementalGain() -> Direction {
        let configuration = results.options.configurations.contains(.debug) ? "debug" : results.options.runConfiguration.rawValue
        func gain(_ result: BenchAppResult?) -> Double? {
            guard let clean = result?.cleanBuild[configuration]?.median, let incremental = result?.incrementalBottom[configuration]?.median,
                incremental > 0
            else { return nil }
            return clean / incremental
        }
        var pairs: [String] = []
        var holds: Bool?
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
        return Direction(
            claim:
                "A \(configuration) build after editing a bottom-layer file gains more over a clean build in modular apps than in the monolith (clean ÷ incremental).",
            evidence: pairs.joined(separator: "; "), holds: holds)
    }

    /// Dynamic linking adds size per library.
    func dynamicSize() -> Direction {
        var pairs: [String] = []
        var holds: Bool?
        for shape in modular {
            for count in counts {
                guard let dynamic = app(shape, .dynamic, count)?.size, let statically = app(shape, .static, count)?.size, dynamic.libraryCount > 0
                else { continue }
                let perLibrary = Double(dynamic.total - statically.total) / Double(dynamic.libraryCount)
                pairs.append(String(format: "%@ %d: %+.0f KB per library", shape.rawValue, count, perLibrary / 1_024))
                holds = (holds ?? true) && perLibrary > 0
            }
        }
        return Direction(claim: "Dynamic linking adds size for each library.", evidence: pairs.joined(separator: "; "), holds: holds)
    }

    /// Memory is flat; nil with fewer than two apps measured.
    func memory() -> Direction? {
        let memory = results.apps.compactMap { $0.peakMemoryKB?.median }
        guard let low = memory.min(), let high = memory.max(), memory.count > 1 else { return nil }
        return Direction(
            claim: "Peak memory is about the same in every app (within \(Int(sameWithin * 100))%).",
            evidence: String(format: "from %.1f MB to %.1f MB", low / 1_024, high / 1_024), holds: high / low - 1 <= sameWithin)
    }
}
