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
        var lines = ["flowchart TB"]
        var id: [Int: String] = [:]
        for (position, target) in view.targets.enumerated() { id[target] = "t\(position)" }
        for (index, band) in view.bands.enumerated() {
            lines.append("  subgraph b\(index)[\"\(label(view.bandName(band.band)))\"]")
            for target in band.targets {
                let t = workspace.targets[target]
                let rules = view.rules(of: target)
                let text = rules.isEmpty ? t.name : "\(t.name)<br/>⚠ \(rules.joined(separator: ", "))"
                lines.append("    \(id[target]!)[\"\(label(text))\"]")
            }
            lines.append("  end")
        }
        var violations: [Int] = []
        for (index, edge) in view.edges.enumerated() {
            let arrow = edge.kind == TargetRole.interface.rawValue ? "-.->" : "-->"
            if edge.rules.isEmpty {
                lines.append("  \(id[edge.from]!) \(arrow) \(id[edge.to]!)")
            } else {
                lines.append("  \(id[edge.from]!) \(arrow)|\"\(label(edge.rules.joined(separator: ", ")))\"| \(id[edge.to]!)")
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
            let members = view.targets.filter { workspace.targets[$0].role == role }.map { id[$0]! }
            guard !members.isEmpty else { continue }
            lines.append("  classDef \(name) \(style)")
            lines.append("  class \(members.joined(separator: ",")) \(name)")
        }
        let flagged = view.targets.filter { !view.rules(of: $0).isEmpty }.map { id[$0]! }
        if !flagged.isEmpty {
            lines.append("  classDef violation stroke:\(GraphStyle.violationColor),stroke-width:3px,color:\(GraphStyle.violationColor)")
            lines.append("  class \(flagged.joined(separator: ",")) violation")
        }
        if !violations.isEmpty {
            lines.append(
                "  linkStyle \(violations.map(String.init).joined(separator: ",")) stroke:\(GraphStyle.violationColor),stroke-width:2px,color:\(GraphStyle.violationColor)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for a quoted Mermaid label: quotes and the characters Mermaid reads as markup become entities.
    static func label(_ text: String) -> String {
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
