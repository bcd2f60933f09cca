import Foundation
import StrataDiagnostics
import StrataInit

/// What `strata init` shows and asks: the proposed layers, the prompt to accept, rename or merge
/// them, and what the first check would find.
enum InitPrompt {
    /// The proposal as a short table, top to bottom.
    static func overview(_ proposal: LayerProposal) -> String {
        let patterns = proposal.patterns()
        let nameWidth = proposal.layers.map(\.name.count).max() ?? 0
        var lines = ["strata: proposed layers, top to bottom:"]
        for (index, (layer, layerPatterns)) in zip(proposal.layers, patterns).enumerated() {
            let count = layer.modules.count == 1 ? "1 module" : "\(layer.modules.count) modules"
            let shown = layerPatterns.prefix(6).joined(separator: ", ") + (layerPatterns.count > 6 ? ", … \(layerPatterns.count - 6) more" : "")
            lines.append(
                "  \(index + 1). \(layer.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  \(count.padding(toLength: 12, withPad: " ", startingAt: 0))  \(shown)"
            )
        }
        if !proposal.cycles.isEmpty {
            lines.append("  \(proposal.cycles.count) group\(proposal.cycles.count == 1 ? "" : "s") of modules depend on each other in a cycle")
        }
        return lines.joined(separator: "\n")
    }

    /// Asks until the user accepts (true) or quits (false). End of input accepts.
    static func ask(_ proposal: inout LayerProposal) -> Bool {
        while true {
            FileHandle.standardError.write(Data((overview(proposal) + "\n").utf8))
            FileHandle.standardError.write(
                Data("Enter to accept; 'rename OLD NEW', 'merge A B …' (into A), 'show LAYER' or 'quit': ".utf8))
            guard let line = readLine() else { return true }
            let words = line.split(separator: " ").map(String.init)
            guard let command = words.first else { return true }
            do throws(LayerEditError) {
                switch command {
                case "accept", "yes", "y": return true
                case "quit", "q", "no", "n": return false
                case "rename" where words.count == 3: try proposal.rename(words[1], to: words[2])
                case "merge" where words.count >= 3: try proposal.merge(Array(words.dropFirst()))
                case "show" where words.count == 2:
                    guard let layer = proposal.layers.first(where: { $0.name == words[1] }) else {
                        throw LayerEditError(
                            message: "there is no proposed layer '\(words[1])'",
                            hint: Suggestions.didYouMean(words[1], in: proposal.layers.map(\.name)))
                    }
                    FileHandle.standardError.write(Data("\(layer.name): \(layer.modules.joined(separator: ", "))\n".utf8))
                default:
                    FileHandle.standardError.write(Data("strata: '\(line)' is not an answer here\n".utf8))
                }
            } catch {
                FileHandle.standardError.write(Data("strata: \(error)\n".utf8))
            }
        }
    }

    /// What the first check would find, by rule, errors first.
    static func firstCheck(_ findings: [Diagnostic], baseline: Bool) -> String {
        guard !findings.isEmpty else { return "strata: the first check finds nothing: every module is in a layer and every rule holds" }
        var counts: [String: (severity: Severity, count: Int)] = [:]
        for finding in findings { counts[finding.id, default: (finding.severity, 0)].count += 1 }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        var lines = [
            "strata: the first check would find \(errors) error\(errors == 1 ? "" : "s") and \(warnings) warning\(warnings == 1 ? "" : "s"):"
        ]
        for (id, entry) in counts.sorted(by: {
            ($0.value.severity == .error ? 0 : 1, -$0.value.count, $0.key) < ($1.value.severity == .error ? 0 : 1, -$1.value.count, $1.key)
        }) {
            lines.append("  \(id): \(entry.count) \(entry.severity == .error ? "error" : "warning")\(entry.count == 1 ? "" : "s")")
        }
        lines.append(
            baseline
                ? "strata: strata-baseline.json accepts them all; 'strata check --baseline strata-baseline.json' reports only new ones"
                : "strata: accept them for now with 'strata init --baseline' (or 'strata check --write-baseline strata-baseline.json'), then fix them over time"
        )
        return lines.joined(separator: "\n")
    }
}
