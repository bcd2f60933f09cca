import Foundation
import StrataModel

/// Mermaid flowchart, as GitHub renders it in Markdown: one subgraph per band, node ids `t0`,
/// `t1`, … (names only ever appear in quoted labels, escaped), classes for the roles, and
/// `linkStyle` colouring the edges with findings red.
public enum MermaidRenderer {
    /// Mermaid's default limit on edges, which GitHub keeps: larger graphs do not render there.
    public static let gitHubEdgeLimit = 500

    public static func render(_ view: GraphView) -> String {
        let workspace = view.workspace
        // Written as UTF-8 bytes into one array: a 5,000-module graph is 125,000 lines.
        var out = Array("flowchart TB\n".utf8)
        out.reserveCapacity(64 * (view.targets.count + view.edges.count))
        var id = [String](repeating: "", count: workspace.targets.count)
        for (position, target) in view.targets.enumerated() { id[target] = "t\(position)" }
        for (index, band) in view.bands.enumerated() {
            out += ("  subgraph b\(index)[\"\(label(view.bandName(band.band)))\"]\n").utf8
            for target in band.targets {
                let t = workspace.targets[target]
                let rules = view.rules(of: target)
                let text = rules.isEmpty ? t.name : "\(t.name)<br/>⚠ \(rules.joined(separator: ", "))"
                let line = "    \(id[target])[\"\(label(text))\"]\n"
                out += line.utf8
            }
            out += "  end\n".utf8
        }
        var violations: [Int] = []
        for (index, edge) in view.edges.enumerated() {
            let arrow = edge.kind == TargetRole.interface.rawValue ? " -.-> " : " --> "
            if edge.rules.isEmpty {
                // Appended piece by piece: `+` would build a string at each step.
                out += "  ".utf8
                out += id[edge.from].utf8
                out += arrow.utf8
                out += id[edge.to].utf8
                out += "\n".utf8
            } else {
                let line = "  \(id[edge.from])\(arrow.dropLast())|\"\(label(edge.rules.joined(separator: ", ")))\"| \(id[edge.to])\n"
                out += line.utf8
                violations.append(index)
            }
        }
        let classes: [(String, String, TargetRole)] = [
            ("interface", "stroke-dasharray: 5 3", .interface),
            ("mocks", "fill:#dddddd,stroke-dasharray: 2 2", .mocks),
            ("tests", "fill:#ffffff", .tests),
            ("app", "stroke-width:3px", .app),
            ("external", "fill:\(GraphStyle.externalColor)", .external),
        ]
        for (name, style, role) in classes {
            let members = view.targets.filter { workspace.targets[$0].role == role }.map { id[$0] }
            guard !members.isEmpty else { continue }
            out += "  classDef \(name) \(style)\n".utf8
            out += ("  class \(members.joined(separator: ",")) \(name)\n").utf8
        }
        let flagged = view.targets.filter { !view.rules(of: $0).isEmpty }.map { id[$0] }
        if !flagged.isEmpty {
            out += "  classDef violation stroke:\(GraphStyle.violationColor),stroke-width:3px,color:\(GraphStyle.violationColor)\n".utf8
            out += ("  class \(flagged.joined(separator: ",")) violation\n").utf8
        }
        if !violations.isEmpty {
            out +=
                ("  linkStyle \(violations.map(String.init).joined(separator: ",")) stroke:\(GraphStyle.violationColor),stroke-width:2px,color:\(GraphStyle.violationColor)\n")
                .utf8
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text for a quoted Mermaid label: quotes and the characters Mermaid reads as markup become entities.
    static func label(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\n") }) else {
            return text
        }
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "#": result += "#35;"
            case "\n": result += "<br/>"
            default: result.append(character)
            }
        }
        return result
    }
}
