import Foundation
import StrataWorkspace

/// Mermaid flowchart, as GitHub renders it in Markdown: one subgraph per band, node ids `t0`,
/// `t1`, … (names only ever appear in quoted labels, escaped), classes for the roles, and
/// `linkStyle` colouring the edges with findings red.
public enum MermaidRenderer {
    /// Mermaid's default limit on edges, which GitHub keeps: larger graphs do not render there.
    public static let gitHubEdgeLimit = 500

    public static func render(_ view: GraphView) -> String {
        String(decoding: renderUTF8(view), as: UTF8.self)
    }

    /// The drawing as UTF-8, written into one array: a 5,000-module graph is 125,000 lines.
    public static func renderUTF8(_ view: GraphView) -> [UInt8] {
        let workspace = view.workspace
        var out = Array("flowchart TB\n".utf8)
        out.reserveCapacity(64 * (view.targets.count + view.edges.count))
        var id = IDArray<TargetID, String>(repeating: "", count: workspace.targets.count)
        for (position, target) in view.targets.enumerated() { id[target] = "t\(position)" }
        for (index, band) in view.bands.enumerated() {
            out.append(utf8: "  subgraph b\(index)[\"\(label(view.bandName(band.band)))\"]\n")
            for target in band.targets {
                let t = workspace.targets[target]
                let rules = view.rules(of: target)
                let text = rules.isEmpty ? t.name : "\(t.name)<br/>⚠ \(rules.joined(separator: ", "))"
                out.append(utf8: "    " as StaticString)
                out.append(utf8: id[target])
                out.append(utf8: "[\"" as StaticString)
                out.append(utf8: label(text))
                out.append(utf8: "\"]\n" as StaticString)
            }
            out.append(utf8: "  end\n" as StaticString)
        }
        var violations: [Int] = []
        for (index, edge) in view.edges.enumerated() {
            // Piece by piece: `+` or interpolation would build a string for each edge.
            out.append(utf8: "  " as StaticString)
            out.append(utf8: id[edge.from])
            out.append(utf8: edge.kind == TargetRole.interface.rawValue ? " -.->" as StaticString : " -->")
            if edge.rules.isEmpty {
                out.append(utf8: " " as StaticString)
            } else {
                out.append(utf8: "|\"\(label(edge.rules.joined(separator: ", ")))\"| ")
                violations.append(index)
            }
            out.append(utf8: id[edge.to])
            out.append(utf8: "\n" as StaticString)
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
            out.append(utf8: "  classDef \(name) \(style)\n")
            out.append(utf8: "  class \(members.joined(separator: ",")) \(name)\n")
        }
        let flagged = view.targets.filter { !view.rules(of: $0).isEmpty }.map { id[$0] }
        if !flagged.isEmpty {
            out.append(utf8: "  classDef violation stroke:\(GraphStyle.violationColor),stroke-width:3px,color:\(GraphStyle.violationColor)\n")
            out.append(utf8: "  class \(flagged.joined(separator: ",")) violation\n")
        }
        if !violations.isEmpty {
            out.append(
                utf8:
                    "  linkStyle \(violations.map(String.init).joined(separator: ",")) stroke:\(GraphStyle.violationColor),stroke-width:2px,color:\(GraphStyle.violationColor)\n"
            )
        }
        return out
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
